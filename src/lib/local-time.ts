/**
 * A user's local calendar date and clock time at an instant, through Intl (handles +05:30, +05:45 and DST),
 * and the one rule for a user's "today" (quick add, the alerts, the bot's /day, the channels' test). One cached
 * formatter per zone.
 */
import { MINUTE, type Clock } from './clock'

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

/** Minutes since midnight of an `HH:MM` time. */
export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/** What a user's calendar is: their zone and when their day starts (`HH:MM`, 00:00–06:00), both on the users row. */
export interface UserCalendar { timezone: string; dayStart: string }

/**
 * The user's date at `ms`: the local date of the moment `dayStart` before it, so with the day starting at
 * 03:00, 00:30 still belongs to the day before.
 */
export function userDate(user: UserCalendar, ms: number): string {
  return localDate(ms - minutesOf(user.dayStart) * MINUTE, user.timezone)
}

/** The user's "today": quick add's due dates, the bot's /day, the channels' test message. */
export function userToday(user: UserCalendar, clock: Clock): string {
  return userDate(user, clock.now())
}
