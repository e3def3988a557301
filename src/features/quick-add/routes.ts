import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { ok } from '../../lib/http/envelope'
import { API } from '../../lib/http/schemas'
import { CommitBody, CommitResponse, DetectBody, DetectResponse } from './model'
import { commitQuickAdd, detectQuickAddBody } from './detect-and-commit'

const tags = ['quick-add']

/** docs/api/quick-add.md §2 and §6 */
export function quickAddRoutes(deps: Deps) {
  return new Elysia({ name: 'quick-add', prefix: `${API}/dashboard/quick-add` })
    .use(guard(deps))
    .post('/detect', ({ actor, body }) =>
      ok(deps.clock, 'Content detected successfully.', detectQuickAddBody(deps, actor.user, body)), {
      auth: 'user',
      parse: 'json',
      body: DetectBody,
      response: { 200: DetectResponse },
      detail: { tags, summary: 'Detect the content type of free input (saves and fetches nothing)' },
    })
    .post('/commit', async ({ actor, body, set }) => {
      const item = await commitQuickAdd(deps, actor.user, body)
      set.status = 201
      return ok(deps.clock, 'Content added successfully.', item)
    }, { auth: 'user', parse: 'json', body: CommitBody, response: { 201: CommitResponse },
      detail: { tags, summary: 'Save input into the library of the given content type' } })
}
