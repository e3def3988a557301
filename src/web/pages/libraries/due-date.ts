/** A to-do's due date (a calendar date, already resolved in the user's timezone by the API) for people. */
import { formatDay, locale, todayIn, type FormatPrefs } from '../../lib/format'

/** "Thu 25.06.2026": the weekday in the app's language, the date in the user's format. */
export function dueDay(date: string, prefs: FormatPrefs): string {
  const weekday = new Intl.DateTimeFormat(locale(prefs.lang), { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
  return `${weekday} ${formatDay(date, prefs.dateFormat)}`
}

/** Where the date stands from the user's today: dates compare as strings in YYYY-MM-DD. */
export function dueRelation(date: string, timezone: string): 'overdue' | 'today' | 'tomorrow' | 'later' {
  const today = todayIn(timezone)
  if (date < today) return 'overdue'
  if (date === today) return 'today'
  const tomorrow = new Date(`${today}T00:00:00Z`)
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1)
  return date === tomorrow.toISOString().slice(0, 10) ? 'tomorrow' : 'later'
}
