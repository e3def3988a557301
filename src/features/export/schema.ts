import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core'
import { users } from '../users/schema'

export const exportJobs = sqliteTable('export_jobs', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['pending', 'in-progress', 'completed', 'failed'] }).notNull(),
  /** JSON array of feature names, in job order */
  features: text('features').notNull(),
  createdAt: integer('created_at').notNull(),
  startedAt: integer('started_at'),
  completedAt: integer('completed_at'),
  expiresAt: integer('expires_at'),
  sizeBytes: integer('size_bytes'),
  error: text('error'),
  /** when the cleanup job deleted the expired archive (null while it may still be on disk) */
  fileDeletedAt: integer('file_deleted_at'),
}, (t) => [index('export_jobs_user_idx').on(t.userId, t.createdAt, t.id), index('export_jobs_status_idx').on(t.status, t.createdAt, t.id)])

export type ExportJobRow = typeof exportJobs.$inferSelect
