/** Calendar arithmetic on YYYY-MM-DD strings, and "today" in a user's timezone. */

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    formatters.set(timeZone, f)
  }
  return f
}

/** The calendar date at instant `ms` in `timeZone` (UTC when the zone is unknown). */
export function localDate(ms: number, timeZone: string): string {
  let parts: Intl.DateTimeFormatPart[]
  try {
    parts = formatter(timeZone).formatToParts(ms)
  } catch {
    parts = formatter('UTC').formatToParts(ms)
  }
  const get = (type: string) => parts.find((p) => p.type === type)!.value
  return `${get('year').padStart(4, '0')}-${get('month')}-${get('day')}`
}

export function formatDate(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}

function toUtc(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const out = new Date(Date.UTC(2000, m - 1, d))
  out.setUTCFullYear(y)
  return out
}

export function addDays(date: string, days: number): string {
  const t = toUtc(date)
  t.setUTCDate(t.getUTCDate() + days)
  return formatDate(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate())
}

/** 0 = Sunday … 6 = Saturday */
export function weekday(date: string): number {
  return toUtc(date).getUTCDay()
}

/** A real calendar day in years 0001–9999. */
export function isRealDate(y: number, m: number, d: number): boolean {
  if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1) return false
  const t = new Date(Date.UTC(2000, m - 1, 1))
  t.setUTCFullYear(y)
  t.setUTCMonth(m, 0) // last day of month m
  return d <= t.getUTCDate()
}
