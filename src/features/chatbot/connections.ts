/** The chatbot_connections table: lookups, the public connection object, and unlinking a chat. */
import { and, eq, isNotNull } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { DAY, iso } from '../../lib/clock'
import { users, type UserRow } from '../users/schema'
import { botDialogues, chatbotConnections } from './schema'

export type ConnectionRow = typeof chatbotConnections.$inferSelect

/** A pairing token is valid for 24 hours after it was created (docs/api/chatbot.md §3). */
export const TOKEN_TTL_MS = DAY

export function isTokenExpired(connection: ConnectionRow, now: number): boolean {
  return now - connection.tokenCreatedAt >= TOKEN_TTL_MS
}

export function findConnectionOfUser(deps: Pick<Deps, 'db'>, userId: string): ConnectionRow | undefined {
  return deps.db.select().from(chatbotConnections).where(eq(chatbotConnections.userId, userId)).get()
}

/** The connection and user of a linked chat (is_confirmed with this chat id), if any. */
export function findLinkedChat(deps: Pick<Deps, 'db'>, chatId: string): { connection: ConnectionRow; user: UserRow } | undefined {
  const row = deps.db.select({ connection: chatbotConnections, user: users }).from(chatbotConnections)
    .innerJoin(users, eq(users.id, chatbotConnections.userId))
    .where(and(isNotNull(chatbotConnections.chatId), eq(chatbotConnections.chatId, chatId))).get()
  return row ?? undefined
}

/**
 * Marks every connection of a chat unconfirmed (403 / chat not found, /disconnect) and ends the chat's
 * pending quick-add dialogue, which belonged to that link.
 */
export function unlinkChat(deps: Pick<Deps, 'db' | 'clock'>, chatId: string): void {
  const now = deps.clock.now()
  deps.db.transaction((tx) => {
    tx.update(chatbotConnections).set({ chatId: null, updatedAt: now }).where(eq(chatbotConnections.chatId, chatId)).run()
    tx.delete(botDialogues).where(eq(botDialogues.chatId, chatId)).run()
  })
}

/** The connection object of docs/api/chatbot.md §2. */
export function presentConnection(connection: ConnectionRow) {
  return {
    token: connection.token,
    token_expires_at: iso(connection.tokenCreatedAt + TOKEN_TTL_MS),
    is_confirmed: connection.chatId !== null,
    chat_id: connection.chatId,
    your_day_alert: connection.yourDayAlert,
    check_in_alert: connection.checkInAlert,
  }
}

export type ConnectionObject = ReturnType<typeof presentConnection>
