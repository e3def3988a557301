import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { authPlugin } from '../../lib/http/auth'
import { readJson } from '../../lib/http/body'
import { ok } from '../../lib/http/envelope'
import { jsonBody } from '../../lib/http/schemas'
import { ExportArchiveBytes, ExportStatusResponse, StartExportBody, StartedExportResponse } from './model'
import { EXPORT_LIMIT_HEADERS, findExportDownload, getExportStatus, startExport } from './service'

const tags = ['export']

export function exportRoutes(deps: Deps) {
  return new Elysia({ name: 'export' })
    .use(authPlugin(deps))
    .post('/api/v1/export', ({ actor, request, set }) => {
      const started = startExport(deps, actor, () => readJson(request))
      set.status = 201
      Object.assign(set.headers, EXPORT_LIMIT_HEADERS)
      return ok(deps.clock, 'Export started.', started)
    }, {
      auth: 'user',
      response: { 201: StartedExportResponse },
      detail: { tags, summary: 'Request a ZIP export of the chosen features (one per 24 hours)', ...jsonBody(StartExportBody) },
    })
    .get('/api/v1/export/status', ({ actor }) => {
      const job = getExportStatus(deps, actor)
      return job ? ok(deps.clock, 'Export status.', job) : ok(deps.clock, 'No exports found.', null)
    }, {
      auth: 'user',
      response: { 200: ExportStatusResponse },
      detail: { tags, summary: 'The latest export job' },
    })
    .get('/api/v1/export/:id/download', async ({ actor, params }) => {
      const archive = await findExportDownload(deps, actor, params.id)
      return new Response(Bun.file(archive.path), {
        headers: {
          'Content-Type': 'application/zip',
          'Content-Length': String(archive.size),
          'Content-Disposition': `attachment; filename="${archive.fileName}"`,
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      })
    }, {
      auth: 'user',
      response: { 200: ExportArchiveBytes },
      detail: { tags, summary: 'Download a completed export archive (application/zip)' },
    })
}
