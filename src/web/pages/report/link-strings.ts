import { defineStrings } from '../../lib/i18n'

/** The way to the report from other pages (the history), apart from the report's own words so they load only with it. */
export const linkStrings = defineStrings({
  en: { toReport: 'Print or share a report' },
  de: { toReport: 'Bericht drucken oder teilen' },
  fr: { toReport: 'Imprimer ou partager un rapport' },
  es: { toReport: 'Imprimir o compartir un informe' },
})
