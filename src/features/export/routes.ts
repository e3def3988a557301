import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { zipDownload } from '../../lib/http/download'
import { ok } from '../../lib/http/envelope'
import { API, IntIdParam, PathParams } from '../../lib/http/schemas'
import { ExportArchiveBytes, ExportStatusResponse, StartExportBody, StartedExportResponse } from './model'
import { EXPORT_LIMIT_HEADERS, findExportDownload, getExportStatus, startExport } from './export-jobs'

const tags = ['export']

export function exportRoutes(deps: Deps) {
  return new Elysia({ name: 'export', prefix: `${API}/export` })
    .use(guard(deps))
    // A body that could not be decoded is answered by the verb, with the limit headers (docs/api/export.md §2).
    .post('', ({ actor, readBody, set }) => {
      const started = startExport(deps, actor, readBody)
      set.status = 201
      Object.assign(set.headers, EXPORT_LIMIT_HEADERS)
      return ok(deps.clock, 'Export started.', started)
    }, { auth: 'user', bodyCheckedByVerb: true, parse: 'json', body: StartExportBody,
      response: { 201: StartedExportResponse }, detail: { tags, summary: 'Request a ZIP export of the chosen features (one per 24 hours)' } })
    .get('/status', ({ actor }) => {
      const job = getExportStatus(deps, actor)
      return job ? ok(deps.clock, 'Export status.', job) : ok(deps.clock, 'No exports found.', null)
    }, { auth: 'user', response: { 200: ExportStatusResponse }, detail: { tags, summary: 'The latest export job' } })
    .get('/:id/download', async ({ actor, params }) => {
      const archive = await findExportDownload(deps, actor, params.id)
      return zipDownload(archive.path, archive.size, archive.fileName)
    }, { auth: 'user', params: PathParams({ id: IntIdParam }, 'Export not found.'),
      response: { 200: ExportArchiveBytes }, detail: { tags, summary: 'Download a completed export archive (application/zip)' } })
}
