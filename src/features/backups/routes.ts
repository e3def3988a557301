import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { zipDownload } from '../../lib/http/download'
import { ok } from '../../lib/http/envelope'
import { API, IntIdParam, PathParams } from '../../lib/http/schemas'
import {
  BackupArchiveBytes, BackupDeletedResponse, BackupListQuery, BackupListResponse, BackupNameParam, BackupRunResponse,
} from './model'
import { presentRun } from './runs'
import { BACKUP_NOT_FOUND, deleteBackup, findBackupFile, getRun, listBackups, startBackupNow } from './admin-backups'

const tags = ['admin']

/** Full backups, for admins: list, start now (asynchronous), follow a run, download, delete. */
export function backupsRoutes(deps: Deps) {
  return new Elysia({ name: 'backups', prefix: `${API}/admin/backups` })
    .use(guard(deps))
    .get('', async ({ query }) => {
      const { runs } = BackupListQuery.validate(query)
      return ok(deps.clock, 'Backups retrieved successfully.', await listBackups(deps, runs ?? 10))
    }, { auth: 'admin', query: BackupListQuery, response: { 200: BackupListResponse },
      detail: { tags, summary: 'List backups (local and off-site, newest first), the schedule and the latest runs' } })
    .post('', ({ actor, set }) => {
      const { run, started } = startBackupNow(deps, actor)
      set.status = 202
      return ok(deps.clock, started ? 'Backup started.' : 'A backup is already running.', presentRun(run))
    }, { auth: 'admin', response: { 202: BackupRunResponse },
      detail: { tags, summary: 'Start a backup now (asynchronous: follow it at /admin/backups/runs/{id}); while one runs, that run is answered' } })
    .get('/runs/:id', ({ params }) => ok(deps.clock, 'Backup run retrieved successfully.', getRun(deps, Number(params.id))), {
      auth: 'admin', params: PathParams({ id: IntIdParam }, 'Backup run not found.'), response: { 200: BackupRunResponse },
      detail: { tags, summary: 'One backup run: status, file, size, error' },
    })
    .get('/:name/download', async ({ params }) => {
      const archive = await findBackupFile(deps, params.name)
      return zipDownload(archive.path, archive.size, params.name)
    }, { auth: 'admin', params: PathParams({ name: BackupNameParam }, BACKUP_NOT_FOUND), response: { 200: BackupArchiveBytes },
      detail: { tags, summary: 'Download a local backup archive (application/zip; it holds app.key: keep it secret)' } })
    .delete('/:name', async ({ actor, params }) => {
      await deleteBackup(deps, actor, params.name)
      return ok(deps.clock, 'Backup deleted successfully.', null)
    }, { auth: 'admin', params: PathParams({ name: BackupNameParam }, BACKUP_NOT_FOUND), response: { 200: BackupDeletedResponse },
      detail: { tags, summary: 'Delete a local backup archive' } })
}
