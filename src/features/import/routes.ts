import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { ok } from '../../lib/http/envelope'
import { API } from '../../lib/http/schemas'
import { ImportStatusResponse, StartImportBody, StartedImportResponse } from './model'
import { getImportStatus, startImport } from './import-jobs'

const tags = ['import']

export function importRoutes(deps: Deps) {
  return new Elysia({ name: 'import', prefix: `${API}/import` })
    .use(guard(deps))
    .post('', async ({ actor, body, set }) => {
      const started = await startImport(deps, actor, body, set.headers as Record<string, string | number>)
      set.status = 201
      return ok(deps.clock, 'Import started.', started)
    }, { auth: 'user', parse: 'formdata', body: StartImportBody, response: { 201: StartedImportResponse },
      detail: { tags, summary: 'Import an export archive into your account (validated completely first; one import at a time)' } })
    .get('/status', ({ actor }) => {
      const job = getImportStatus(deps, actor)
      return job ? ok(deps.clock, 'Import status.', job) : ok(deps.clock, 'No imports found.', null)
    }, { auth: 'user', response: { 200: ImportStatusResponse }, detail: { tags, summary: 'The latest import job: state, progress, counts' } })
}
