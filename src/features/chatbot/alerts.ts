/**
 * The scheduled alerts of chatbot.md 6: every minute, each user whose local time is inside an alert's window
 * (from the user's own alert time, notifications/times.ts) gets it once per local date on Telegram (the alert
 * log row is claimed before sending) and on each of their notification channels (notifications/deliver.ts).
 */
import { and, eq, inArray, isNotNull, lt, or } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { DAY } from '../../lib/clock'
import { changes } from '../../lib/db/client'
import { errorFields } from '../../lib/logger'
import { users, type UserRow } from '../users/schema'
import { hasCheckInOn } from '../check-in/check-ins'
import { alertLog, chatbotConnections } from './schema'
import { findConnectionOfUser } from './connections'
import { sendToChat } from './send'
import { yourDayText } from './your-day'
import { checkInReminderText } from './texts'
import { dueAlerts, getTimesOf, type AlertKind } from '../notifications/times'
import { deliverToChannels, pendingChannels, pruneDeliveries, usersWithChannels } from '../notifications/deliver'
import { reminderMessage } from '../notifications/texts'

export type { AlertKind }

const LOG_RETENTION_MS = 30 * DAY

export interface AlertTickResult { sent: number; skipped: number; failed: number; retry: number }

/** The job function of the every-minute `alerts` schedule. */
export async function runAlertTick(deps: Deps): Promise<AlertTickResult> {
  const result: AlertTickResult = { sent: 0, skipped: 0, failed: 0, retry: 0 }
  const now = deps.clock.now()
  const telegram = new Map(deps.telegram
    ? deps.db.select({ userId: chatbotConnections.userId, yourDay: chatbotConnections.yourDayAlert, checkIn: chatbotConnections.checkInAlert })
      .from(chatbotConnections)
      .where(and(isNotNull(chatbotConnections.chatId), or(eq(chatbotConnections.yourDayAlert, true), eq(chatbotConnections.checkInAlert, true))))
      .all().map((c) => [c.userId, c] as const)
    : [])
  const ids = [...new Set([...telegram.keys(), ...usersWithChannels(deps)])]
  if (ids.length === 0) return result
  const candidates = deps.db.select().from(users).where(inArray(users.id, ids)).all()
  for (const user of candidates) {
    for (const { kind, date } of dueAlerts(now, user.timezone, getTimesOf(deps, user.id))) {
      const toggles = telegram.get(user.id)
      try {
        if (toggles && (kind === 'your_day' ? toggles.yourDay : toggles.checkIn)) {
          const status = await deliverAlert(deps, user, kind, date)
          if (status) result[status] += 1
        }
        await deliverToUserChannels(deps, user, kind, date, result)
      } catch (err) {
        deps.logger.error('alert failed', { user_id: user.id, kind, ...errorFields(err) })
      }
    }
  }
  return result
}

/** The e-mail, ntfy and webhook channels still waiting for this alert; the reminder's skip rule applies to them too. */
async function deliverToUserChannels(deps: Deps, user: UserRow, kind: AlertKind, date: string, result: AlertTickResult): Promise<void> {
  const channels = pendingChannels(deps, user.id, kind, date)
  if (channels.length === 0) return
  if (kind === 'check_in' && hasCheckInOn(deps, user.id, date)) return
  const text = kind === 'your_day' ? yourDayText(deps, user, date) : reminderMessage(user.language, deps.config.frontendUrl, date)
  const counts = await deliverToChannels(deps, channels, { id: user.id, email: user.email, language: user.language }, kind, date, text)
  result.sent += counts.sent
  result.failed += counts.failed
  result.retry += counts.retry
}

/**
 * Claims, then sends or skips one alert; undefined when another tick already claimed it. A failure before the
 * send frees the claim (nothing went out); once the message may have gone out the claim is kept, so a failure
 * loses the alert rather than sending it twice (chatbot.md 6.1).
 */
async function deliverAlert(deps: Deps, user: UserRow, kind: AlertKind, date: string): Promise<keyof AlertTickResult | undefined> {
  const claimed = changes(deps.db.insert(alertLog)
    .values({ userId: user.id, kind, localDate: date, status: 'sending', createdAt: deps.clock.now() })
    .onConflictDoNothing().run())
  if (claimed === 0) return undefined
  let message: { chatId: string; text: string } | undefined
  try {
    if (kind === 'check_in' && hasCheckInOn(deps, user.id, date)) {
      setStatus(deps, user.id, kind, date, 'skipped')
      return 'skipped'
    }
    message = composeAlert(deps, user, kind, date)
  } catch (err) {
    releaseClaim(deps, user.id, kind, date)
    throw err
  }
  if (!message) {
    releaseClaim(deps, user.id, kind, date)
    return undefined
  }
  const outcome = await sendToChat(deps, message.chatId, message.text)
  if (outcome === 'sent') {
    setStatus(deps, user.id, kind, date, 'sent')
    return 'sent'
  }
  if (outcome === 'failed') {
    // Transient (network, 5xx, 429 after the retries): a later tick inside the window tries again.
    releaseClaim(deps, user.id, kind, date)
    return 'retry'
  }
  setStatus(deps, user.id, kind, date, 'failed')
  return 'failed'
}

/** The chat and text of an alert; undefined when the chat was unlinked meanwhile. */
function composeAlert(deps: Deps, user: UserRow, kind: AlertKind, date: string): { chatId: string; text: string } | undefined {
  const chatId = findConnectionOfUser(deps, user.id)?.chatId
  if (!chatId) return undefined
  const text = kind === 'your_day' ? yourDayText(deps, user, date) : checkInReminderText(deps.config.frontendUrl, date)
  return { chatId, text }
}

const logRow = (userId: string, kind: AlertKind, date: string) =>
  and(eq(alertLog.userId, userId), eq(alertLog.kind, kind), eq(alertLog.localDate, date))

function setStatus(deps: Deps, userId: string, kind: AlertKind, date: string, status: 'sent' | 'skipped' | 'failed'): void {
  deps.db.update(alertLog).set({ status }).where(logRow(userId, kind, date)).run()
}

function releaseClaim(deps: Deps, userId: string, kind: AlertKind, date: string): void {
  deps.db.delete(alertLog).where(logRow(userId, kind, date)).run()
}

/** Daily clean-up: alert log and channel delivery rows older than 30 days; returns how many were deleted. */
export function pruneAlertLog(deps: Pick<Deps, 'db' | 'clock'>): number {
  return changes(deps.db.delete(alertLog).where(lt(alertLog.createdAt, deps.clock.now() - LOG_RETENTION_MS)).run()) + pruneDeliveries(deps)
}
