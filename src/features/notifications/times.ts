/**
 * A user's alert times and the start of their day. "Today" is the local date of the moment `day_start` hours
 * ago, so a check-in at 00:30 with the day starting at 01:00 belongs to the day before. An alert is due in the
 * two hours from its time (the first on time, the second catch-up, as chatbot.md 6.1), for the day running at
 * its time.
 */
import { eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { MINUTE } from '../../lib/clock'
import { localTime } from '../../lib/local-time'
import { notificationSettings } from './schema'
import { SettingsBody } from './model'

export type AlertKind = 'your_day' | 'check_in'
export const ALERT_KINDS: readonly AlertKind[] = ['your_day', 'check_in']

export interface NotificationTimes { your_day_time: string; check_in_time: string; day_start: string }

export const DEFAULT_TIMES: NotificationTimes = { your_day_time: '07:00', check_in_time: '20:00', day_start: '00:00' }

/** How long after its time an alert is still sent (chatbot.md 6.1: one hour on time, one hour catch-up). */
const WINDOW_MINUTES = 120

export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

export function getTimesOf(deps: Pick<Deps, 'db'>, userId: string): NotificationTimes {
  const row = deps.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)).get()
  if (!row) return { ...DEFAULT_TIMES }
  return { your_day_time: row.yourDayTime, check_in_time: row.checkInTime, day_start: row.dayStart }
}

export function getTimes(deps: Pick<Deps, 'db'>, actor: Actor): NotificationTimes {
  return getTimesOf(deps, actor.user.id)
}

/** Absent fields keep their current value. */
export function updateTimes(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor, input: Record<string, unknown>): NotificationTimes {
  const values = SettingsBody.validate(input)
  const next: NotificationTimes = { ...getTimesOf(deps, actor.user.id) }
  for (const key of ['your_day_time', 'check_in_time', 'day_start'] as const) if (values[key] !== undefined) next[key] = values[key]!
  const row = { yourDayTime: next.your_day_time, checkInTime: next.check_in_time, dayStart: next.day_start, updatedAt: deps.clock.now() }
  deps.db.insert(notificationSettings).values({ userId: actor.user.id, ...row })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: row }).run()
  return next
}

/** The user's "today" at `ms`: the local date `day_start` before it. */
export function dayOf(ms: number, timeZone: string, dayStart: string): string {
  return localTime(ms - minutesOf(dayStart) * MINUTE, timeZone).date
}

/** The user's "today" now (quick add, the bot's /day, the reminder's check). */
export function todayOf(deps: Pick<Deps, 'db' | 'clock'>, user: { id: string; timezone: string }): string {
  return dayOf(deps.clock.now(), user.timezone, getTimesOf(deps, user.id).day_start)
}

export interface DueAlert { kind: AlertKind; date: string }

/** The alerts inside their window at `ms`, each with the day it is for (the day running at the alert's time). */
export function dueAlerts(ms: number, timeZone: string, times: NotificationTimes): DueAlert[] {
  const local = localTime(ms, timeZone)
  const out: DueAlert[] = []
  for (const kind of ALERT_KINDS) {
    const at = minutesOf(kind === 'your_day' ? times.your_day_time : times.check_in_time)
    const late = (local.minutes - at + 1440) % 1440
    if (late < WINDOW_MINUTES) out.push({ kind, date: dayOf(ms - late * MINUTE, timeZone, times.day_start) })
  }
  return out
}
