import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { users } from '../users/schema'

/**
 * A link that opens one report of a person without an account (docs/api/shares.md): the trackers and dates the
 * person chose, the day notes if they chose them, until it expires or is revoked. Only the SHA-256 of the link's
 * token is kept (the token is shown once, when the link is made). A revoked link keeps its row, so its address
 * answers 410 Gone rather than 404: the reader learns the link was withdrawn, not mistyped.
 */
export const shares = sqliteTable('shares', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** hex SHA-256 of the token in the link */
  tokenHash: text('token_hash').notNull(),
  /** the person's own words for whom it is for ("Dr. Weber"); never shown to the reader */
  label: text('label'),
  /**
   * JSON array of the chosen trackers in the person's order: built-in names (strings) and own tracker ids
   * (numbers). Ids are never reused, so a deleted tracker only drops out of the report.
   */
  trackers: text('trackers').notNull(),
  /** the first and last day shown, YYYY-MM-DD, inclusive */
  fromDate: text('from_date').notNull(),
  toDate: text('to_date').notNull(),
  /** whether the day notes are shown */
  notes: integer('notes', { mode: 'boolean' }).notNull(),
  createdAt: integer('created_at').notNull(),
  expiresAt: integer('expires_at').notNull(),
  revokedAt: integer('revoked_at'),
  accessCount: integer('access_count').notNull().default(0),
  lastAccessedAt: integer('last_accessed_at'),
}, (t) => [uniqueIndex('shares_token_hash_uq').on(t.tokenHash), index('shares_user_idx').on(t.userId, t.createdAt)])

export type ShareRow = typeof shares.$inferSelect
export type NewShare = typeof shares.$inferInsert
