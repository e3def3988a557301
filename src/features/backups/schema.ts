import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core'

/**
 * One row per backup attempt: scheduled, started by an admin, or run by `daybook backup`.
 * A run that was skipped (nothing changed, not enough disk) or failed keeps its reason in `error`,
 * so the admin sees why there is no new archive.
 */
export const backupRuns = sqliteTable('backup_runs', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  trigger: text('trigger', { enum: ['schedule', 'admin', 'cli'] }).notNull(),
  status: text('status', { enum: ['pending', 'in-progress', 'completed', 'skipped', 'failed'] }).notNull(),
  createdAt: integer('created_at').notNull(),
  startedAt: integer('started_at'),
  finishedAt: integer('finished_at'),
  /** archive name inside BACKUP_DIR, or the absolute path `daybook backup FILE` wrote */
  file: text('file'),
  sizeBytes: integer('size_bytes'),
  /** SHA-256 over the snapshot's rows and the files' listing; equal fingerprints mean "nothing changed" */
  fingerprint: text('fingerprint'),
  /** why it failed or was skipped */
  error: text('error'),
}, (t) => [index('backup_runs_created_idx').on(t.createdAt, t.id), index('backup_runs_status_idx').on(t.status, t.id)])

export type BackupRunRow = typeof backupRuns.$inferSelect
