import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { users } from '../users/schema'

/**
 * Every library item in one table: the item's fields live in `data` (JSON), read and written only through
 * the libraries service. `dedupeKey` holds the normalized URL of a feed so a second subscription conflicts.
 */
export const libraryItems = sqliteTable('library_items', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  library: text('library').notNull(),
  data: text('data').notNull(),
  dedupeKey: text('dedupe_key'),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
}, (t) => [
  index('library_items_user_lib_created_idx').on(t.userId, t.library, t.createdAt, t.id),
  uniqueIndex('library_items_dedupe_uq').on(t.userId, t.library, t.dedupeKey),
])
