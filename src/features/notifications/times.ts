/**
 * A user's alert times, and which alerts are due. An alert is due in the two hours from its time (the first on
 * time, the second catch-up: docs/api/notifications.md §3), for the user's day running at its time (lib/local-time
 * userDate: the day's start is on the users row, so a 23:30 reminder sent at 00:15 is for the day before). The
 * weekly summary is due only when that day is a Sunday, and is logged under that Sunday: once per week.
 */
import { eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { MINUTE } from '../../lib/clock'
import { localTime, minutesOf, userDate, type UserCalendar } from '../../lib/local-time'
import { saveUserColumns } from '../users/lookup'
import { notificationSettings } from './schema'
import { SettingsBody } from './model'

export type AlertKind = 'your_day' | 'check_in' | 'weekly'
export const ALERT_KINDS: readonly AlertKind[] = ['your_day', 'check_in', 'weekly']

export interface AlertTimes { your_day_time: string; check_in_time: string; weekly_time: string }
/** What GET/PUT /notifications/settings show: the alert times, the linked chat's weekly switch and the user's day start. */
export interface NotificationSettingsView extends AlertTimes { weekly_telegram: boolean; day_start: string }

export const DEFAULT_TIMES: AlertTimes = { your_day_time: '07:00', check_in_time: '20:00', weekly_time: '19:00' }
const TIME_OF: Record<AlertKind, keyof AlertTimes> = { your_day: 'your_day_time', check_in: 'check_in_time', weekly: 'weekly_time' }

/** How long after its time an alert is still sent (docs/api/notifications.md §3: an hour on time, one to catch up). */
const WINDOW_MINUTES = 120

/** The user's alert times and the linked chat's weekly switch (the defaults without a row). */
export function getTimesOf(deps: Pick<Deps, 'db'>, userId: string): AlertTimes & { weekly_telegram: boolean } {
  const row = deps.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)).get()
  if (!row) return { ...DEFAULT_TIMES, weekly_telegram: false }
  return { your_day_time: row.yourDayTime, check_in_time: row.checkInTime, weekly_time: row.weeklyTime, weekly_telegram: row.weeklyTelegram }
}

export function getTimes(deps: Pick<Deps, 'db'>, actor: Actor): NotificationSettingsView {
  return { ...getTimesOf(deps, actor.user.id), day_start: actor.user.dayStart }
}

/** Absent fields keep their current value; the day's start is saved on the users row. */
export function updateTimes(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor, input: Record<string, unknown>): NotificationSettingsView {
  const values = SettingsBody.validate(input)
  const next = getTimes(deps, actor)
  for (const key of ['your_day_time', 'check_in_time', 'weekly_time', 'day_start'] as const) if (values[key] !== undefined) next[key] = values[key]!
  if (values.weekly_telegram !== undefined) next.weekly_telegram = values.weekly_telegram
  const row = {
    yourDayTime: next.your_day_time, checkInTime: next.check_in_time, weeklyTime: next.weekly_time, weeklyTelegram: next.weekly_telegram,
    updatedAt: deps.clock.now(),
  }
  deps.db.insert(notificationSettings).values({ userId: actor.user.id, ...row })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: row }).run()
  if (values.day_start !== undefined) saveUserColumns(deps, actor.user.id, { dayStart: values.day_start })
  return next
}

export interface DueAlert { kind: AlertKind; date: string }

/** A YYYY-MM-DD date, read as the calendar day it names. */
export const isSunday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() === 0

/**
 * The alerts inside their window at `ms`, each with the day it is for (the user's day running at the alert's time);
 * the weekly summary only when that day is a Sunday.
 */
export function dueAlerts(ms: number, user: UserCalendar, times: AlertTimes): DueAlert[] {
  const local = localTime(ms, user.timezone)
  const out: DueAlert[] = []
  for (const kind of ALERT_KINDS) {
    const late = (local.minutes - minutesOf(times[TIME_OF[kind]]) + 1440) % 1440
    if (late >= WINDOW_MINUTES) continue
    const date = userDate(user, ms - late * MINUTE)
    if (kind !== 'weekly' || isSunday(date)) out.push({ kind, date })
  }
  return out
}
