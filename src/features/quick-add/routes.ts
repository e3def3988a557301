import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { authPlugin } from '../../lib/http/auth'
import { ok } from '../../lib/http/envelope'
import { readJson } from '../../lib/http/body'
import { jsonBody } from '../../lib/http/schemas'
import { CommitBody, CommitResponse, DetectBody, DetectResponse } from './model'
import { commitQuickAdd, detectQuickAddBody } from './service'

const tags = ['quick-add']

/** quick-add.md §2 and §6 */
export function quickAddRoutes(deps: Deps) {
  return new Elysia({ name: 'quick-add' })
    .use(authPlugin(deps))
    .post('/api/v1/dashboard/quick-add/detect', ({ actor, request }) => {
      return ok(deps.clock, 'Content detected successfully.', detectQuickAddBody(deps, actor.user, readJson(request)))
    }, {
      auth: 'user',
      response: { 200: DetectResponse },
      detail: { tags, summary: 'Detect the content type of free input (saves and fetches nothing)', ...jsonBody(DetectBody) },
    })
    .post('/api/v1/dashboard/quick-add/commit', async ({ actor, request, set }) => {
      const item = await commitQuickAdd(deps, actor.user, readJson(request))
      set.status = 201
      return ok(deps.clock, 'Content added successfully.', item)
    }, {
      auth: 'user',
      response: { 201: CommitResponse },
      detail: { tags, summary: 'Save input into the library of the given content type', ...jsonBody(CommitBody) },
    })
}
