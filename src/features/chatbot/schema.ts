import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core'
import { users } from '../users/schema'

/** At most one connection per user. The pairing token is shown again on every token-request, so it is kept. */
export const chatbotConnections = sqliteTable('chatbot_connections', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: text('user_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  tokenCreatedAt: integer('token_created_at').notNull(),
  chatId: text('chat_id'),
  yourDayAlert: integer('your_day_alert', { mode: 'boolean' }).notNull().default(false),
  checkInAlert: integer('check_in_alert', { mode: 'boolean' }).notNull().default(false),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
}, (t) => [index('chatbot_connections_chat_idx').on(t.chatId)])

/** Small key/value state of the bot, e.g. the getUpdates offset, so restarts never repeat an update. */
export const botState = sqliteTable('bot_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

/** A pending quick-add dialogue per chat (10 minutes). */
export const botDialogues = sqliteTable('bot_dialogues', {
  chatId: text('chat_id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  expiresAt: integer('expires_at').notNull(),
}, (t) => [index('bot_dialogues_expires_idx').on(t.expiresAt)])
