/**
 * The scheduled alerts of chatbot.md 6: every minute, each user whose local time is inside an alert's window
 * and who has no alert log row for (kind, local date) gets it, exactly once: the row is claimed before sending.
 */
import { and, eq, isNotNull, lt, or } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { DAY } from '../../lib/clock'
import { changes } from '../../lib/db/client'
import { errorFields } from '../../lib/logger'
import { users, type UserRow } from '../users/schema'
import { hasCheckInOn } from '../check-in/check-ins'
import { alertLog, chatbotConnections } from './schema'
import { findConnectionOfUser } from './connections'
import { localTime } from '../../lib/local-time'
import { sendToChat } from './send'
import { yourDayText } from './your-day'
import { checkInReminderText } from './texts'

export type AlertKind = 'your_day' | 'check_in'

/** Local-time windows in minutes since midnight, [start, end): the first hour is on time, the rest catch-up. */
const WINDOWS: Record<AlertKind, [number, number]> = {
  your_day: [7 * 60, 9 * 60],
  check_in: [20 * 60, 22 * 60],
}

const LOG_RETENTION_MS = 30 * DAY

export interface AlertTickResult { sent: number; skipped: number; failed: number; retry: number }

/** The job function of the every-minute `alerts` schedule; a no-op without a bot. */
export async function runAlertTick(deps: Deps): Promise<AlertTickResult> {
  const result: AlertTickResult = { sent: 0, skipped: 0, failed: 0, retry: 0 }
  if (!deps.telegram) return result
  const now = deps.clock.now()
  const candidates = deps.db.select({ user: users, yourDay: chatbotConnections.yourDayAlert, checkIn: chatbotConnections.checkInAlert })
    .from(chatbotConnections)
    .innerJoin(users, eq(users.id, chatbotConnections.userId))
    .where(and(isNotNull(chatbotConnections.chatId), or(eq(chatbotConnections.yourDayAlert, true), eq(chatbotConnections.checkInAlert, true))))
    .all()
  for (const { user, yourDay, checkIn } of candidates) {
    const local = localTime(now, user.timezone)
    const due = (kind: AlertKind) => local.minutes >= WINDOWS[kind][0] && local.minutes < WINDOWS[kind][1]
    for (const kind of ['your_day', 'check_in'] as const) {
      const enabled = kind === 'your_day' ? yourDay : checkIn
      if (!enabled || !due(kind)) continue
      try {
        const status = await deliverAlert(deps, user, kind, local.date)
        if (status) result[status] += 1
      } catch (err) {
        deps.logger.error('alert failed', { user_id: user.id, kind, ...errorFields(err) })
      }
    }
  }
  return result
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

/** Daily clean-up: alert log rows older than 30 days; returns how many were deleted. */
export function pruneAlertLog(deps: Pick<Deps, 'db' | 'clock'>): number {
  return changes(deps.db.delete(alertLog).where(lt(alertLog.createdAt, deps.clock.now() - LOG_RETENTION_MS)).run())
}
