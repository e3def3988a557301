import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core'

/** Fixed-window rate-limit buckets (docs/api/conventions.md §11), kept in SQLite so they survive restarts. */
export const rateLimitBuckets = sqliteTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: integer('reset_at').notNull(),
}, (t) => [index('rate_limit_reset_idx').on(t.resetAt)])
