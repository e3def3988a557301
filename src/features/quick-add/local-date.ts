/** Calendar arithmetic on YYYY-MM-DD strings ("today" itself comes from lib/local-time). */

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
