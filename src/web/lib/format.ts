/**
 * Dates and times in the user's timezone and chosen formats (docs/api/users.md §6: `dd.mm.YYYY` …, `H:i` / `g:i A` /
 * `g:i a`), month and weekday names in the app's language.
 */
import { locale, type Lang } from './i18n'

export { locale }

export interface FormatPrefs { timezone: string; dateFormat: string; timeFormat: string; lang: Lang }

/** Year, month, day, hour and minute of an instant on the wall clock of `timezone`. */
export function wallClock(instant: Date, timezone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(instant)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00'
  return { year: get('year'), month: get('month'), day: get('day'), hour: Number(get('hour')), minute: get('minute') }
}

/** Today's date (YYYY-MM-DD) in the user's timezone. */
export function todayIn(timezone: string, now = new Date()): string {
  const w = wallClock(now, timezone)
  return `${w.year}-${w.month}-${w.day}`
}

/** A calendar date (YYYY-MM-DD) in the user's date format. */
export function formatDay(date: string, format: string): string {
  const [year = '', month = '', day = ''] = date.split('-')
  return format.replace('YYYY', year).replace('YY', year.slice(2)).replace('mm', month).replace('dd', day)
}

export function formatTime(hour: number, minute: string, format: string): string {
  if (format === 'H:i') return `${String(hour).padStart(2, '0')}:${minute}`
  const h12 = hour % 12 === 0 ? 12 : hour % 12
  const suffix = hour < 12 ? 'AM' : 'PM'
  return `${h12}:${minute} ${format === 'g:i a' ? suffix.toLowerCase() : suffix}`
}

/** An instant (ISO timestamp) as date and time on the user's clock. */
export function formatDateTime(iso: string, prefs: FormatPrefs): string {
  const w = wallClock(new Date(iso), prefs.timezone)
  return `${formatDay(`${w.year}-${w.month}-${w.day}`, prefs.dateFormat)} ${formatTime(w.hour, w.minute, prefs.timeFormat)}`
}

/** "Monday, 24 November" in the app's language, for headings. */
export function longDay(date: string, lang: Lang): string {
  return new Intl.DateTimeFormat(locale(lang), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' })
    .format(new Date(`${date}T00:00:00Z`))
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const

/** A file size in the app's language ("1.4 MB", "1,4 Mo"), binary steps as file managers count them. */
export function formatBytes(bytes: number, lang: Lang): string {
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  return new Intl.NumberFormat(locale(lang), {
    style: 'unit', unit: BYTE_UNITS[unit], unitDisplay: unit === 0 ? 'long' : 'short', maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value)
}
