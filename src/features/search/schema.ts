import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { users } from '../users/schema'

/** What a search document was made from (docs/api/search.md §3). */
export const SEARCH_SOURCES = ['library', 'clipboard', 'day_note'] as const
export type SearchSource = (typeof SEARCH_SOURCES)[number]

/**
 * The search index's documents (docs/api/search.md §5): one row per library item, text clipboard entry and day
 * note, with the text search reads (`title`, `body`) and what a hit shows besides (`at`, `day`). Rows are written
 * only by triggers on the source tables (migrations/0011_search.sql), in the same statement as the source's write,
 * so no write path can leave the index behind; on PostgreSQL, library items' and clipboard texts' by their stores in
 * the source's own unit of work (library-docs-postgres.ts, clipboard-docs-postgres.ts). On SQLite an FTS5 table
 * (`search_fts`) indexes `title` and `body` as its external content; on PostgreSQL an expression index does.
 */
export const searchDocs = sqliteTable('search_docs', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  source: text('source', { enum: SEARCH_SOURCES }).notNull(),
  /** the item's library; null for the other sources */
  library: text('library'),
  /** the source row's id as text (a library item's UUID, a clipboard entry's or a check-in's integer id) */
  ref: text('ref').notNull(),
  /** the item's name (a title, a plant's name, a quote); '' for sources without one */
  title: text('title').notNull(),
  /** every other text of the source, fields joined by ' · ' */
  body: text('body').notNull(),
  /** the source row's created_at (epoch ms) */
  at: integer('at').notNull(),
  /** a day note's date (YYYY-MM-DD); null for the other sources */
  day: text('day'),
}, (t) => [
  uniqueIndex('search_docs_source_ref_uq').on(t.source, t.ref),
  index('search_docs_user_idx').on(t.userId),
])

export type SearchDocRow = typeof searchDocs.$inferSelect
