import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { ok } from '../../lib/http/envelope'
import { API } from '../../lib/http/schemas'
import { ImportFindingsResponse, ImportStatusResponse, StartImportBody, StartedImportResponse } from './model'
import { getImportStatus, startImport } from './import-jobs'

const tags = ['import']

export function importRoutes(deps: Deps) {
  return new Elysia({ name: 'import', prefix: `${API}/import` })
    .use(guard(deps))
    .post('', async ({ actor, body, set, status }) => {
      const result = await startImport(deps, actor, body, set.headers as Record<string, string | number>)
      if (result.dryRun) return ok(deps.clock, 'Import checked; nothing was written.', result.findings)
      return status(201, ok(deps.clock, 'Import started.', result.started))
    }, { auth: 'user', parse: 'formdata', body: StartImportBody, response: { 200: ImportFindingsResponse, 201: StartedImportResponse },
      detail: { tags, summary: 'Import an export archive, or another app\'s file (Daylio, Loop) with a mapping, into your account (validated completely first; dry_run=true writes nothing; one import at a time)' } })
    .get('/status', ({ actor }) => {
      const job = getImportStatus(deps, actor)
      return job ? ok(deps.clock, 'Import status.', job) : ok(deps.clock, 'No imports found.', null)
    }, { auth: 'user', response: { 200: ImportStatusResponse }, detail: { tags, summary: 'The latest import job: state, progress, counts' } })
}
