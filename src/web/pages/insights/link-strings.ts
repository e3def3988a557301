import { defineStrings } from '../../lib/i18n'

/** The history page's link here (the history chunk carries these few words, not the page's). */
export const linkStrings = defineStrings({
  en: { toInsights: 'What goes together in your days' },
  de: { toInsights: 'Was in deinen Tagen zusammengeht' },
  fr: { toInsights: 'Ce qui va ensemble dans vos journées' },
  es: { toInsights: 'Lo que va junto en tus días' },
})
