/**
 * A user's local calendar date and clock time at an instant, through Intl (handles +05:30, +05:45 and DST):
 * "today" for todo parsing, alerts and export dates. One cached formatter per zone.
 */

export interface LocalTime {
  /** YYYY-MM-DD in the zone */
  date: string
  /** minutes since local midnight, 0–1439 */
  minutes: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let fmt = formatters.get(timeZone)
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    })
    formatters.set(timeZone, fmt)
  }
  return fmt
}

/** The local date and time of `ms` in `timeZone`; an unknown zone falls back to UTC. */
export function localTime(ms: number, timeZone: string): LocalTime {
  let fmt: Intl.DateTimeFormat
  try {
    fmt = formatterFor(timeZone)
  } catch {
    fmt = formatterFor('UTC')
  }
  const parts: Record<string, string> = {}
  for (const p of fmt.formatToParts(new Date(ms))) parts[p.type] = p.value
  const year = parts.year!.padStart(4, '0')
  return { date: `${year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) }
}

export function localDate(ms: number, timeZone: string): string {
  return localTime(ms, timeZone).date
}
