import { formatDay, todayIn, type FormatPrefs } from '../../lib/format'

/** The calendar day of an instant on the user's clock, in their date format. */
export const dayOf = (iso: string, prefs: FormatPrefs) => formatDay(todayIn(prefs.timezone, new Date(iso)), prefs.dateFormat)
