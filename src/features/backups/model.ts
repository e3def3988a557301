import { t } from 'elysia'
import { Type } from '@sinclair/typebox'
import { Envelope, NullEnvelope } from '../../lib/http/schemas'
import { f, queryRules } from '../../lib/validation'
import { BACKUP_NAME_PATTERN } from './paths'

/** A backup run (backup_runs), as the admin sees it. */
export const BackupRun = t.Object({
  id: Type.Integer(),
  trigger: t.Union([t.Literal('schedule'), t.Literal('admin'), t.Literal('cli')]),
  status: t.Union([t.Literal('pending'), t.Literal('in-progress'), t.Literal('completed'), t.Literal('skipped'), t.Literal('failed')]),
  created_at: t.String(),
  started_at: t.Nullable(t.String()),
  finished_at: t.Nullable(t.String()),
  file: t.Nullable(t.String({ description: 'archive name in BACKUP_DIR, or the path `daybook backup FILE` wrote' })),
  size_bytes: t.Nullable(Type.Integer()),
  error: t.Nullable(t.String({ description: 'why it failed or was skipped; for a completed run, an off-site copy that failed' })),
})

export const BackupItem = t.Object({
  name: t.String({ pattern: BACKUP_NAME_PATTERN }),
  size_bytes: Type.Integer(),
  created_at: t.String(),
  locations: t.Array(t.Union([t.Literal('local'), t.Literal('offsite')]), { description: 'local: BACKUP_DIR; offsite: the BACKUP_S3_URL store' }),
})

export const BackupList = t.Object({
  backups: t.Array(BackupItem, { description: 'newest first' }),
  offsite: t.Nullable(t.Object({ where: t.String(), error: t.Nullable(t.String({ description: 'why the off-site listing failed' })) })),
  schedule: t.Nullable(t.Object({ pattern: t.String(), timezone: t.String() })),
  keep: Type.Integer(),
  runs: t.Array(BackupRun, { description: 'the latest runs, newest first' }),
})

export const BackupListResponse = Envelope(BackupList)
export const BackupRunResponse = Envelope(BackupRun)
export const BackupDeletedResponse = NullEnvelope

/** GET /admin/backups: how many recent runs to include. */
export const BackupListQuery = queryRules({
  runs: f.queryInt().between(0, 100).describe('how many recent runs to include (0–100, default 10)'),
})

/** The name of a backup archive in a path; anything else is a 404 before authentication. */
export const BackupNameParam = t.String({ pattern: BACKUP_NAME_PATTERN, description: 'backup archive name (daybook-backup-YYYYMMDDTHHMMSSZ.zip)' })

/** The archive of GET /admin/backups/{name}/download (documented only; the handler returns a raw Response). */
export const BackupArchiveBytes = t.Any({ description: 'the backup archive (application/zip): a secret, it holds app.key' })
