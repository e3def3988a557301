/**
 * Delivery of one alert to its targets (the linked chat, the notification channels), exactly once per user,
 * channel, kind and local date, in the one delivery log: the row is claimed before sending (insert, or take
 * over a `retry` row whose time has come), so overlapping ticks and restarts never send twice; a crash between
 * claim and send loses that delivery instead. Transient failures wait with back-off (at least any Retry-After)
 * for a later tick inside the window; permanent ones are logged `failed` for the day and the target decides
 * what else follows (a channel stops). Targets go one after another, each bounded by its sender's timeout.
 */
import { and, eq, lt, lte } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { DAY, MINUTE } from '../../lib/clock'
import { changes } from '../../lib/db/client'
import { errorFields } from '../../lib/logger'
import { notificationDeliveries } from './schema'
import type { ChannelMessage, SendResult } from './send'
import type { AlertKind } from './times'

export interface DeliveryCounts { sent: number; skipped: number; failed: number; retry: number }

/** Where an alert goes, under its name in the delivery log. */
export interface Target {
  channel: string
  /** this target's wording of the check-in reminder for `date`, naming the person's own trackers */
  reminderText(date: string, ownTrackers: readonly string[]): string
  send(message: ChannelMessage): Promise<SendResult>
  /** what a permanent failure does besides the `failed` row (a channel stops; a gone chat was unlinked already) */
  stop(error: string): void
}

/** One alert for one user: which kind, for which of their days. */
export interface Alert { userId: string; kind: AlertKind; date: string }

const MAX_BACKOFF_MS = 30 * MINUTE
const RETENTION_MS = 30 * DAY

/** 1, 2, 4 … minutes after the n-th failed attempt, at most 30. */
const backoff = (attempts: number) => Math.min(MINUTE * 2 ** (attempts - 1), MAX_BACKOFF_MS)

const logRow = (alert: Alert, channel: string) => and(eq(notificationDeliveries.userId, alert.userId),
  eq(notificationDeliveries.channel, channel), eq(notificationDeliveries.kind, alert.kind), eq(notificationDeliveries.localDate, alert.date))

/** The targets the alert still waits for: no row yet, or a `retry` row that is due (so texts are composed only then). */
export function pendingTargets(deps: Pick<Deps, 'db' | 'clock'>, alert: Alert, targets: Target[]): Target[] {
  const now = deps.clock.now()
  return targets.filter((target) => {
    const row = deps.db.select().from(notificationDeliveries).where(logRow(alert, target.channel)).get()
    return !row || (row.status === 'retry' && (row.nextAttemptAt ?? 0) <= now)
  })
}

/** Claims the delivery: a new row, or a `retry` row that is due. Returns the attempts made so far, or undefined. */
function claim(deps: Pick<Deps, 'db' | 'clock'>, alert: Alert, channel: string): number | undefined {
  const now = deps.clock.now()
  const { userId, kind, date: localDate } = alert
  const inserted = changes(deps.db.insert(notificationDeliveries)
    .values({ userId, channel, kind, localDate, status: 'sending', attempts: 0, createdAt: now })
    .onConflictDoNothing().run())
  if (inserted === 1) return 0
  const row = deps.db.update(notificationDeliveries).set({ status: 'sending' })
    .where(and(logRow(alert, channel), eq(notificationDeliveries.status, 'retry'), lte(notificationDeliveries.nextAttemptAt, now)))
    .returning({ attempts: notificationDeliveries.attempts }).get()
  return row?.attempts
}

/** A reminder whose day already has its check-in: each target's row becomes `skipped`, so none is sent that day. */
export function skipTargets(deps: Pick<Deps, 'db' | 'clock'>, alert: Alert, targets: Target[]): number {
  let skipped = 0
  for (const target of targets) {
    if (claim(deps, alert, target.channel) === undefined) continue
    deps.db.update(notificationDeliveries).set({ status: 'skipped', nextAttemptAt: null }).where(logRow(alert, target.channel)).run()
    skipped += 1
  }
  return skipped
}

/** Sends `textOf(target)` to each target whose claim succeeds, and records what became of it. */
export async function deliverToTargets(deps: Deps, alert: Alert, targets: Target[], textOf: (target: Target) => string): Promise<DeliveryCounts> {
  const counts: DeliveryCounts = { sent: 0, skipped: 0, failed: 0, retry: 0 }
  const fields = { user_id: alert.userId, kind: alert.kind }
  for (const target of targets) {
    const attempts = claim(deps, alert, target.channel)
    if (attempts === undefined) continue
    let result: SendResult
    try {
      result = await target.send({ kind: alert.kind, date: alert.date, text: textOf(target) })
    } catch (err) {
      deps.logger.error('notification failed', { ...fields, channel: target.channel, ...errorFields(err) })
      result = { status: 'transient', error: 'unexpected error' }
    }
    const where = logRow(alert, target.channel)
    if (result.status === 'sent') {
      deps.db.update(notificationDeliveries).set({ status: 'sent', attempts: attempts + 1, lastError: null }).where(where).run()
      counts.sent += 1
    } else if (result.status === 'transient') {
      const wait = Math.max(backoff(attempts + 1), result.retryAfterMs ?? 0)
      deps.db.update(notificationDeliveries)
        .set({ status: 'retry', attempts: attempts + 1, nextAttemptAt: deps.clock.now() + wait, lastError: result.error }).where(where).run()
      deps.logger.warn('notification will be retried', { ...fields, channel: target.channel, error: result.error, retry_in_ms: wait })
      counts.retry += 1
    } else {
      deps.db.update(notificationDeliveries).set({ status: 'failed', attempts: attempts + 1, lastError: result.error }).where(where).run()
      deps.logger.warn('notification failed for the day', { ...fields, channel: target.channel, error: result.error })
      target.stop(result.error)
      counts.failed += 1
    }
  }
  return counts
}

/** Daily clean-up: delivery rows older than 30 days; returns how many were deleted. */
export function pruneDeliveries(deps: Pick<Deps, 'db' | 'clock'>): number {
  return changes(deps.db.delete(notificationDeliveries).where(lt(notificationDeliveries.createdAt, deps.clock.now() - RETENTION_MS)).run())
}
