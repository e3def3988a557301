/**
 * The report's words in the person's language (en, de, fr, es): what the ends of each 1–5 scale mean, and every
 * label of the page (the built-in trackers' and sports' names are check-in/builtin-names.ts'). The server renders the report, so it keeps its own
 * words; the web app's are in its bundle, which the server never imports.
 */
import type { TrackerKey } from '../check-in/trackers'
import type { Language } from '../users/setting-values'

export type Lang = Language
type Rated = Exclude<TrackerKey, 'sports'>
/** A text that counts: the language's plural rules pick the form for `{n}`. */
type Counted = { one: string; other: string }

interface Words {
  /** the words of 1 and 5 */
  ends: Record<Rated, [string, string]>
  text: {
    title: string; subtitle: string; summary: string; tracker: string; days: string; mean: string; min: string; max: string
    noValues: string; yes: string; no: string; none: string; yesNo: Counted; sportDays: Counted; valuesOn: Counted
    chart: string; grid: string; meanLine: string; notes: string; noNotes: string; made: string; sharedUntil: string
    notFoundTitle: string; notFoundText: string; goneTitle: string; goneText: string; limitedTitle: string; limitedText: string
  }
}

export const WORDS: Record<Lang, Words> = {
  en: {
    ends: {
      mood: ['bad', 'great'], sleep: ['poor', 'excellent'], dreams: ['none', 'very vivid'], food_quality: ['poor', 'excellent'],
      food_amount: ['very little', 'a lot'], water: ['very little', 'plenty'], work: ['very little', 'a lot'],
      menstruation: ['very light', 'very heavy'], alcohol: ['very little', 'a lot'], smoking: ['very little', 'a lot'], social_life: ['quiet', 'very social'],
    },
    text: {
      title: 'Check-in report', subtitle: '{name} · {from} to {to}', summary: 'Summary', tracker: 'Tracker', days: 'Days with a value',
      mean: 'Mean', min: 'Lowest', max: 'Highest', noValues: 'No values in this period.', yes: 'yes', no: 'no', none: 'no value',
      yesNo: { one: 'Yes on {yes}, no on {no} of {n} day', other: 'Yes on {yes}, no on {no} of {n} days' },
      sportDays: { one: 'Sport on {yes} of {n} day', other: 'Sport on {yes} of {n} days' },
      valuesOn: { one: 'a value on {count} of {n} day', other: 'values on {count} of {n} days' },
      chart: '{tracker} from {from} to {to}: mean {mean}, lowest {min}, highest {max}, {values}.',
      grid: '{tracker} from {from} to {to}: {counts}.', meanLine: 'mean', notes: 'Day notes', noNotes: 'No notes in this period.',
      made: 'Made with daybook on {date}.', sharedUntil: 'Shared read-only by {name}; this link works until {date}.',
      notFoundTitle: 'Report not found', notFoundText: 'No report is shared at this address. Check that the link is complete.',
      goneTitle: 'This link no longer works', goneText: 'The report was withdrawn or its link has expired. Ask the person who shared it for a new one.',
      limitedTitle: 'Too many requests', limitedText: 'Please wait a minute, then open the link again.',
    },
  },
  de: {
    ends: {
      mood: ['schlecht', 'super'], sleep: ['schlecht', 'ausgezeichnet'], dreams: ['keine', 'sehr lebhaft'], food_quality: ['schlecht', 'ausgezeichnet'],
      food_amount: ['sehr wenig', 'sehr viel'], water: ['sehr wenig', 'reichlich'], work: ['sehr wenig', 'sehr viel'],
      menstruation: ['sehr schwach', 'sehr stark'], alcohol: ['sehr wenig', 'sehr viel'], smoking: ['sehr wenig', 'sehr viel'], social_life: ['ruhig', 'sehr gesellig'],
    },
    text: {
      title: 'Check-in-Bericht', subtitle: '{name} · {from} bis {to}', summary: 'Überblick', tracker: 'Tracker', days: 'Tage mit Wert',
      mean: 'Mittel', min: 'Tiefster', max: 'Höchster', noValues: 'Keine Werte in diesem Zeitraum.', yes: 'ja', no: 'nein', none: 'kein Wert',
      yesNo: { one: 'Ja an {yes}, nein an {no} von {n} Tag', other: 'Ja an {yes}, nein an {no} von {n} Tagen' },
      sportDays: { one: 'Sport an {yes} von {n} Tag', other: 'Sport an {yes} von {n} Tagen' },
      valuesOn: { one: 'Wert an {count} von {n} Tag', other: 'Werte an {count} von {n} Tagen' },
      chart: '{tracker} vom {from} bis {to}: Mittel {mean}, tiefster Wert {min}, höchster {max}, {values}.',
      grid: '{tracker} vom {from} bis {to}: {counts}.', meanLine: 'Mittel', notes: 'Notizen zum Tag', noNotes: 'Keine Notizen in diesem Zeitraum.',
      made: 'Erstellt mit daybook am {date}.', sharedUntil: 'Von {name} zum Lesen geteilt; dieser Link gilt bis {date}.',
      notFoundTitle: 'Bericht nicht gefunden', notFoundText: 'Unter dieser Adresse ist kein Bericht geteilt. Prüfe, ob der Link vollständig ist.',
      goneTitle: 'Dieser Link gilt nicht mehr', goneText: 'Der Bericht wurde zurückgezogen oder sein Link ist abgelaufen. Bitte die Person, die ihn geteilt hat, um einen neuen.',
      limitedTitle: 'Zu viele Anfragen', limitedText: 'Bitte warte eine Minute und öffne den Link dann noch einmal.',
    },
  },
  fr: {
    ends: {
      mood: ['mauvaise', 'excellente'], sleep: ['mauvais', 'excellent'], dreams: ['aucun', 'très intenses'], food_quality: ['mauvaise', 'excellente'],
      food_amount: ['très peu', 'beaucoup'], water: ['très peu', 'beaucoup'], work: ['très peu', 'beaucoup'],
      menstruation: ['très légères', 'très abondantes'], alcohol: ['très peu', 'beaucoup'], smoking: ['très peu', 'beaucoup'], social_life: ['calme', 'très sociable'],
    },
    text: {
      title: 'Rapport des bilans', subtitle: '{name} · du {from} au {to}', summary: 'Résumé', tracker: 'Suivi', days: 'Jours avec une valeur',
      mean: 'Moyenne', min: 'Minimum', max: 'Maximum', noValues: 'Aucune valeur sur cette période.', yes: 'oui', no: 'non', none: 'aucune valeur',
      yesNo: { one: 'Oui {yes}, non {no} sur {n} jour', other: 'Oui {yes}, non {no} sur {n} jours' },
      sportDays: { one: 'Sport {yes} jour sur {n}', other: 'Sport {yes} jours sur {n}' },
      valuesOn: { one: 'une valeur sur {count} jour sur {n}', other: 'des valeurs sur {count} jours sur {n}' },
      chart: '{tracker} du {from} au {to} : moyenne {mean}, minimum {min}, maximum {max}, {values}.',
      grid: '{tracker} du {from} au {to} : {counts}.', meanLine: 'moyenne', notes: 'Notes du jour', noNotes: 'Aucune note sur cette période.',
      made: 'Créé avec daybook le {date}.', sharedUntil: 'Partagé en lecture seule par {name} ; ce lien est valable jusqu’au {date}.',
      notFoundTitle: 'Rapport introuvable', notFoundText: 'Aucun rapport n’est partagé à cette adresse. Vérifiez que le lien est complet.',
      goneTitle: 'Ce lien ne fonctionne plus', goneText: 'Le rapport a été retiré ou son lien a expiré. Demandez-en un nouveau à la personne qui l’a partagé.',
      limitedTitle: 'Trop de demandes', limitedText: 'Veuillez patienter une minute, puis rouvrir le lien.',
    },
  },
  es: {
    ends: {
      mood: ['malo', 'genial'], sleep: ['mala', 'excelente'], dreams: ['ninguno', 'muy intensos'], food_quality: ['mala', 'excelente'],
      food_amount: ['muy poca', 'mucha'], water: ['muy poca', 'mucha'], work: ['muy poco', 'mucho'],
      menstruation: ['muy leve', 'muy abundante'], alcohol: ['muy poco', 'mucho'], smoking: ['muy poco', 'mucho'], social_life: ['tranquila', 'muy social'],
    },
    text: {
      title: 'Informe de registros', subtitle: '{name} · del {from} al {to}', summary: 'Resumen', tracker: 'Indicador', days: 'Días con valor',
      mean: 'Media', min: 'Mínimo', max: 'Máximo', noValues: 'No hay valores en este periodo.', yes: 'sí', no: 'no', none: 'sin valor',
      yesNo: { one: 'Sí en {yes}, no en {no} de {n} día', other: 'Sí en {yes}, no en {no} de {n} días' },
      sportDays: { one: 'Deporte en {yes} de {n} día', other: 'Deporte en {yes} de {n} días' },
      valuesOn: { one: 'valor en {count} de {n} día', other: 'valores en {count} de {n} días' },
      chart: '{tracker} del {from} al {to}: media {mean}, mínimo {min}, máximo {max}, {values}.',
      grid: '{tracker} del {from} al {to}: {counts}.', meanLine: 'media', notes: 'Notas del día', noNotes: 'No hay notas en este periodo.',
      made: 'Creado con daybook el {date}.', sharedUntil: 'Compartido en modo lectura por {name}; este enlace es válido hasta el {date}.',
      notFoundTitle: 'Informe no encontrado', notFoundText: 'No hay ningún informe compartido en esta dirección. Comprueba que el enlace esté completo.',
      goneTitle: 'Este enlace ya no funciona', goneText: 'El informe se retiró o su enlace caducó. Pide uno nuevo a la persona que lo compartió.',
      limitedTitle: 'Demasiadas solicitudes', limitedText: 'Espera un minuto y vuelve a abrir el enlace.',
    },
  },
}

const LOCALES: Record<Lang, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', es: 'es-ES' }
export const localeOf = (lang: Lang) => LOCALES[lang]

/** `{name}` filled in from `vars`; a counted text takes the form of `vars.n` in the language's rules. */
export function say(lang: Lang, text: string | Counted, vars: Record<string, string | number> = {}): string {
  const chosen = typeof text === 'string' ? text : text[new Intl.PluralRules(LOCALES[lang]).select(Number(vars.n)) === 'one' ? 'one' : 'other']
  return chosen.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
}

