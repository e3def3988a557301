/** `/connect <token>` and `/start <token>` (docs/api/chatbot.md §5.5): pairing a private chat with an account. */
import { and, eq, ne } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { botDialogues, chatbotConnections } from './schema'
import { isTokenExpired } from './connections'
import { TOKEN_ACCEPTED, TOKEN_ALREADY_REGISTERED, TOKEN_EXPIRED, TOKEN_UNKNOWN } from './texts'

/** Links the chat when the token is valid and returns the reply text. Tokens compare case-insensitively. */
export function connectChat(deps: Deps, chatId: string, token: string): string {
  const now = deps.clock.now()
  const connection = deps.db.select().from(chatbotConnections)
    .where(eq(chatbotConnections.token, token.toLowerCase())).get()
  if (!connection) return TOKEN_UNKNOWN
  if (connection.chatId !== null) return connection.chatId === chatId ? TOKEN_ALREADY_REGISTERED : TOKEN_UNKNOWN
  if (isTokenExpired(connection, now)) return TOKEN_EXPIRED
  // One account per chat: a previous link of this chat (and its pending dialogue) goes away.
  deps.db.transaction((tx) => {
    tx.update(chatbotConnections).set({ chatId: null, updatedAt: now })
      .where(and(eq(chatbotConnections.chatId, chatId), ne(chatbotConnections.id, connection.id))).run()
    tx.delete(botDialogues).where(eq(botDialogues.chatId, chatId)).run()
    tx.update(chatbotConnections).set({ chatId, updatedAt: now }).where(eq(chatbotConnections.id, connection.id)).run()
  })
  deps.logger.info('telegram chat linked', { user_id: connection.userId })
  return TOKEN_ACCEPTED
}
