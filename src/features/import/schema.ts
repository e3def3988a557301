import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core'
import { users } from '../users/schema'

/** One import of an export archive into its user's account (README "Import"). Times are epoch ms. */
export const importJobs = sqliteTable('import_jobs', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['pending', 'in-progress', 'completed', 'failed'] }).notNull(),
  /** `merge` keeps an existing check-in date's values; `replace` overwrites them */
  mode: text('mode', { enum: ['merge', 'replace'] }).notNull(),
  /** the archive's settings and profile image replace the account's only when the person asked for it */
  withSettings: integer('with_settings', { mode: 'boolean' }).notNull().default(false),
  sizeBytes: integer('size_bytes').notNull(),
  /** 0–100 */
  progress: integer('progress').notNull().default(0),
  /** JSON: per kind { imported, skipped, refused, refused_why } once completed */
  counts: text('counts'),
  error: text('error'),
  createdAt: integer('created_at').notNull(),
  startedAt: integer('started_at'),
  completedAt: integer('completed_at'),
}, (t) => [index('import_jobs_user_idx').on(t.userId, t.createdAt, t.id), index('import_jobs_status_idx').on(t.status, t.createdAt, t.id)])

export type ImportJobRow = typeof importJobs.$inferSelect

/**
 * What a running import has written, so that a job that fails (or a process that dies) is undone and the
 * account is as before (apply.ts, undo.ts): every row it inserted (own trackers, activities and sports it created too),
 * the values of every check-in it replaced, and every file it wrote — each recorded in the same transaction as
 * the write, a file before it is written. The entries of a job go once it has completed or been undone.
 */
export const importUndo = sqliteTable('import_undo', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  jobId: integer('job_id').notNull().references(() => importJobs.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['check_in', 'check_in_values', 'clipboard', 'item', 'file', 'tracker', 'activity', 'sport'] }).notNull(),
  /** the row's id, or the file's path below files/user */
  target: text('target').notNull(),
  /** check_in_values: what the replacement changed as it was (trackers, updated_at; note, values, activities, more_sports), as JSON */
  previous: text('previous'),
}, (t) => [index('import_undo_job_idx').on(t.jobId, t.id)])

export type ImportUndoRow = typeof importUndo.$inferSelect
