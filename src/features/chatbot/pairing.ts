/** The user's pairing with a chat (docs/api/chatbot.md §4): pairing token, state, alert toggles, disconnect. */
import { eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { ConflictError, NotFoundError } from '../../lib/errors'
import { randomHex } from '../../lib/crypto'
import { botDialogues, chatbotConnections } from './schema'
import { AlertBodies, type AlertField } from './model'
import { findConnectionOfUser, isTokenExpired, presentConnection, type ConnectionObject, type ConnectionRow } from './connections'

const newToken = () => randomHex(32)

function requireConnection(deps: Deps, actor: Actor): ConnectionRow {
  const connection = findConnectionOfUser(deps, actor.user.id)
  if (!connection) throw new NotFoundError('No chatbot connection found.', 'no_connection')
  return connection
}

/**
 * docs/api/chatbot.md §3: refused on a server without a bot (no TELEGRAM_BOT_TOKEN), where a code could never be
 * used; otherwise creates the connection with a fresh token, renews an unconfirmed connection's token once it
 * is 24 h old (toggles kept), and returns a confirmed connection unchanged (never unlinked here).
 */
export function requestPairingToken(deps: Deps, actor: Actor): ConnectionObject {
  // A configured bot that has not started yet (or cannot reach Telegram) still gets codes: they work once it runs.
  if (!deps.config.telegram) throw new ConflictError('This server has no Telegram bot, so there is nothing to pair a chat with.', 'no_telegram_bot')
  const now = deps.clock.now()
  const userId = actor.user.id
  const existing = findConnectionOfUser(deps, userId)
  if (!existing) {
    deps.db.insert(chatbotConnections)
      .values({ userId, token: newToken(), tokenCreatedAt: now, createdAt: now, updatedAt: now })
      .onConflictDoNothing().run()
  } else if (existing.chatId === null && isTokenExpired(existing, now)) {
    deps.db.update(chatbotConnections).set({ token: newToken(), tokenCreatedAt: now, updatedAt: now })
      .where(eq(chatbotConnections.id, existing.id)).run()
  }
  return presentConnection(findConnectionOfUser(deps, userId)!)
}

export function getChatbotConnection(deps: Deps, actor: Actor): ConnectionObject | null {
  const connection = findConnectionOfUser(deps, actor.user.id)
  return connection ? presentConnection(connection) : null
}

/**
 * Sets an alert toggle to the given boolean, or flips it when the field is absent or null. The connection is
 * looked up before the body is read (404 no_connection comes first), so the body arrives as a reader.
 */
export function setChatbotAlert(deps: Deps, actor: Actor, field: AlertField, readInput: () => Record<string, unknown>): ConnectionObject {
  const connection = requireConnection(deps, actor)
  const input: Partial<Record<AlertField, boolean | null>> = AlertBodies[field].validate(readInput())
  const current = field === 'your_day_alert' ? connection.yourDayAlert : connection.checkInAlert
  const value = input[field] ?? !current
  const column = field === 'your_day_alert' ? { yourDayAlert: value } : { checkInAlert: value }
  deps.db.update(chatbotConnections).set({ ...column, updatedAt: deps.clock.now() })
    .where(eq(chatbotConnections.id, connection.id)).run()
  return presentConnection(findConnectionOfUser(deps, actor.user.id)!)
}

/** Deletes the connection and the chat's pending quick-add dialogue; nothing is sent to the chat. */
export function disconnectChatbot(deps: Deps, actor: Actor): void {
  const connection = requireConnection(deps, actor)
  deps.db.transaction((tx) => {
    tx.delete(botDialogues).where(eq(botDialogues.userId, connection.userId)).run()
    tx.delete(chatbotConnections).where(eq(chatbotConnections.id, connection.id)).run()
  })
}
