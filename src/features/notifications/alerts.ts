/**
 * The alert tick (every minute): each user whose local time is inside an alert's window (from their own alert
 * time) gets the your-day summary and the check-in reminder once per day, and on Sunday the weekly summary, on every
 * channel that takes it, their linked chat included (docs/api/notifications.md §3). The reminder is skipped for a
 * day that already has its check-in.
 */
import { inArray } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { errorFields } from '../../lib/logger'
import { users, type UserRow } from '../users/schema'
import type { AlertChat } from './alert-chat'
import { deliverToTargets, pendingTargets, skipTargets, type Alert, type DeliveryCounts } from './deliver'
import { targetsOf, usersWithChannels, type SubscribedChat } from './targets'
import { dueAlerts, getTimesOf } from './times'
import { yourDayText } from './your-day'
import { weeklySummaryText } from './weekly-summary'
import { activeTrackerNames } from '../trackers/trackers'

export type AlertTickResult = DeliveryCounts

/** The job function of the every-minute `alerts` schedule; `chats` are the chat apps that also take alerts. */
export async function runAlertTick(deps: Deps, chats: AlertChat[]): Promise<AlertTickResult> {
  const result: AlertTickResult = { sent: 0, skipped: 0, failed: 0, retry: 0 }
  const now = deps.clock.now()
  const subscribed: SubscribedChat[] = chats.map((chat) => ({ chat, users: chat.subscribers() }))
  const ids = new Set([...subscribed.flatMap((s) => [...s.users.keys()]), ...usersWithChannels(deps)])
  if (ids.size === 0) return result
  for (const user of deps.db.select().from(users).where(inArray(users.id, [...ids])).all()) {
    for (const { kind, date } of dueAlerts(now, user, getTimesOf(deps, user.id))) {
      try {
        const counts = await deliverAlert(deps, user, { userId: user.id, kind, date }, subscribed)
        for (const key of ['sent', 'skipped', 'failed', 'retry'] as const) result[key] += counts[key]
      } catch (err) {
        deps.logger.error('alert failed', { user_id: user.id, kind, ...errorFields(err) })
      }
    }
  }
  return result
}

/** The texts are composed only when a target still waits, and before anything is claimed. */
async function deliverAlert(deps: Deps, user: UserRow, alert: Alert, chats: SubscribedChat[]): Promise<DeliveryCounts> {
  const targets = pendingTargets(deps, alert, targetsOf(deps, user, alert.kind, chats))
  if (targets.length === 0) return { sent: 0, skipped: 0, failed: 0, retry: 0 }
  if (alert.kind === 'check_in' && await deps.stores.checkIns.hasOn(user.id, alert.date)) {
    return { sent: 0, skipped: skipTargets(deps, alert, targets), failed: 0, retry: 0 }
  }
  // The your-day text and the weekly summary are the same on every channel; each target words its own reminder.
  const same = await sameTextOf(deps, user, alert)
  const own = same === undefined ? await activeTrackerNames(deps, user.id) : []
  return deliverToTargets(deps, alert, targets, (target) => same ?? target.reminderText(alert.date, own))
}

async function sameTextOf(deps: Deps, user: UserRow, alert: Alert): Promise<string | undefined> {
  if (alert.kind === 'your_day') return yourDayText(deps, user, alert.date)
  if (alert.kind === 'weekly') return weeklySummaryText(deps, user, alert.date)
  return undefined
}
