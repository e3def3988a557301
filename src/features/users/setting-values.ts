/**
 * The values a setting can hold (docs/api/users.md §6), in one place: the settings' rules accept them, the table's
 * columns are typed by them and the user object answers them (an enum in the API document, a union in the web app).
 */
export const LANGUAGES = ['en', 'de', 'fr', 'es'] as const
export type Language = (typeof LANGUAGES)[number]
/** A stored or sent language as one the server writes in: English for anything else. */
export const languageOf = (value: string): Language => ((LANGUAGES as readonly string[]).includes(value) ? value as Language : 'en')
export const DATE_FORMATS = ['dd.mm.YYYY', 'dd.mm.YY', 'YYYY/mm/dd', 'YY/mm/dd', 'YYYY-mm-dd', 'YY-mm-dd'] as const
export const TIME_FORMATS = ['H:i', 'g:i A', 'g:i a'] as const
export const TEMPERATURE_UNITS = ['c', 'f'] as const
