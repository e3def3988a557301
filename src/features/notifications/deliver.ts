/**
 * Delivery of one alert to a user's channels, exactly once per channel, kind and local date: the delivery row
 * is claimed before sending (insert, or take over a `retry` row whose time has come), so overlapping ticks
 * and restarts never send twice; a crash between claim and send loses that delivery instead. Transient
 * failures wait with back-off (at least any Retry-After) for a later tick inside the window; permanent ones
 * stop the channel with the reason the channel list shows. Channels go one after another, each bounded by
 * the sender's timeout.
 */
import { and, eq, isNull, lt, lte } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { DAY, MINUTE } from '../../lib/clock'
import { changes } from '../../lib/db/client'
import { errorFields } from '../../lib/logger'
import { notificationChannels, notificationDeliveries, type ChannelRow } from './schema'
import { sendToChannel, type Recipient } from './send'
import type { AlertKind } from './times'

export interface DeliveryCounts { sent: number; failed: number; retry: number }

const MAX_BACKOFF_MS = 30 * MINUTE
const RETENTION_MS = 30 * DAY

/** 1, 2, 4 … minutes after the n-th failed attempt, at most 30. */
const backoff = (attempts: number) => Math.min(MINUTE * 2 ** (attempts - 1), MAX_BACKOFF_MS)

/** The enabled channels of users that take `kind` (used by the tick to find candidates too). */
export function channelsFor(deps: Pick<Deps, 'db'>, userId: string, kind: AlertKind): ChannelRow[] {
  return deps.db.select().from(notificationChannels)
    .where(and(eq(notificationChannels.userId, userId), isNull(notificationChannels.disabledReason),
      eq(kind === 'your_day' ? notificationChannels.yourDay : notificationChannels.checkIn, true)))
    .orderBy(notificationChannels.id).all()
}

/** Users with at least one enabled channel. */
export function usersWithChannels(deps: Pick<Deps, 'db'>): string[] {
  return deps.db.selectDistinct({ userId: notificationChannels.userId }).from(notificationChannels)
    .where(isNull(notificationChannels.disabledReason)).all().map((r) => r.userId)
}

const deliveryRow = (channelId: number, kind: AlertKind, date: string) =>
  and(eq(notificationDeliveries.channelId, channelId), eq(notificationDeliveries.kind, kind), eq(notificationDeliveries.localDate, date))

/** Claims the delivery: a new row, or a `retry` row that is due. Returns the attempts made so far, or undefined. */
function claim(deps: Pick<Deps, 'db' | 'clock'>, channelId: number, kind: AlertKind, date: string): number | undefined {
  const now = deps.clock.now()
  const inserted = changes(deps.db.insert(notificationDeliveries)
    .values({ channelId, kind, localDate: date, status: 'sending', attempts: 0, createdAt: now })
    .onConflictDoNothing().run())
  if (inserted === 1) return 0
  const row = deps.db.update(notificationDeliveries).set({ status: 'sending' })
    .where(and(deliveryRow(channelId, kind, date), eq(notificationDeliveries.status, 'retry'), lte(notificationDeliveries.nextAttemptAt, now)))
    .returning({ attempts: notificationDeliveries.attempts }).get()
  return row?.attempts
}

/** Whether `kind` for `date` still waits for a channel of the user (so the tick composes the text only then). */
export function pendingChannels(deps: Pick<Deps, 'db' | 'clock'>, userId: string, kind: AlertKind, date: string): ChannelRow[] {
  const now = deps.clock.now()
  return channelsFor(deps, userId, kind).filter((channel) => {
    const row = deps.db.select().from(notificationDeliveries).where(deliveryRow(channel.id, kind, date)).get()
    return !row || (row.status === 'retry' && (row.nextAttemptAt ?? 0) <= now)
  })
}

export async function deliverToChannels(deps: Deps, channels: ChannelRow[], user: Recipient, kind: AlertKind, date: string, text: string): Promise<DeliveryCounts> {
  const counts: DeliveryCounts = { sent: 0, failed: 0, retry: 0 }
  for (const channel of channels) {
    const attempts = claim(deps, channel.id, kind, date)
    if (attempts === undefined) continue
    let result
    try {
      result = await sendToChannel(deps, channel, user, { kind, date, text })
    } catch (err) {
      deps.logger.error('notification failed', { user_id: user.id, channel_id: channel.id, kind, ...errorFields(err) })
      result = { status: 'transient' as const, error: 'unexpected error' }
    }
    const where = deliveryRow(channel.id, kind, date)
    if (result.status === 'sent') {
      deps.db.update(notificationDeliveries).set({ status: 'sent', attempts: attempts + 1, lastError: null }).where(where).run()
      counts.sent += 1
    } else if (result.status === 'transient') {
      const wait = Math.max(backoff(attempts + 1), result.retryAfterMs ?? 0)
      deps.db.update(notificationDeliveries)
        .set({ status: 'retry', attempts: attempts + 1, nextAttemptAt: deps.clock.now() + wait, lastError: result.error }).where(where).run()
      deps.logger.warn('notification will be retried', { user_id: user.id, channel_id: channel.id, kind, error: result.error, retry_in_ms: wait })
      counts.retry += 1
    } else {
      const now = deps.clock.now()
      deps.db.update(notificationDeliveries).set({ status: 'failed', attempts: attempts + 1, lastError: result.error }).where(where).run()
      deps.db.update(notificationChannels).set({ disabledReason: result.error, disabledAt: now, updatedAt: now })
        .where(eq(notificationChannels.id, channel.id)).run()
      deps.logger.warn('notification channel stopped', { user_id: user.id, channel_id: channel.id, kind, error: result.error })
      counts.failed += 1
    }
  }
  return counts
}

/** Daily clean-up (with the alert log's): delivery rows older than 30 days. */
export function pruneDeliveries(deps: Pick<Deps, 'db' | 'clock'>): number {
  return changes(deps.db.delete(notificationDeliveries).where(lt(notificationDeliveries.createdAt, deps.clock.now() - RETENTION_MS)).run())
}

