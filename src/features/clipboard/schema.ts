import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core'
import { users } from '../users/schema'

export const clipboardEntries = sqliteTable('clipboard_entries', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  type: text('type', { enum: ['text', 'image'] }).notNull(),
  content: text('content').notNull().default(''),
  filePath: text('file_path'),
  mimeType: text('mime_type'),
  sizeBytes: integer('size_bytes'),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
}, (t) => [
  index('clipboard_user_created_idx').on(t.userId, t.createdAt, t.id),
  index('clipboard_user_type_created_idx').on(t.userId, t.type, t.createdAt, t.id),
  index('clipboard_created_idx').on(t.createdAt),
])

export type ClipboardRow = typeof clipboardEntries.$inferSelect
