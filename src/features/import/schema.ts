import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core'
import { users } from '../users/schema'

/** One import of an export archive into its user's account (README "Import"). Times are epoch ms. */
export const importJobs = sqliteTable('import_jobs', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['pending', 'in-progress', 'completed', 'failed'] }).notNull(),
  /** `merge` keeps an existing check-in date's values; `replace` overwrites them */
  mode: text('mode', { enum: ['merge', 'replace'] }).notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  /** 0–100 */
  progress: integer('progress').notNull().default(0),
  /** JSON: per kind { imported, skipped, refused, refused_why } once completed */
  counts: text('counts'),
  error: text('error'),
  /** JSON array of image files written before the transaction, deleted again if it does not commit */
  stagedFiles: text('staged_files'),
  createdAt: integer('created_at').notNull(),
  startedAt: integer('started_at'),
  completedAt: integer('completed_at'),
}, (t) => [index('import_jobs_user_idx').on(t.userId, t.createdAt, t.id), index('import_jobs_status_idx').on(t.status, t.createdAt, t.id)])

export type ImportJobRow = typeof importJobs.$inferSelect
