import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { ok } from '../../lib/http/envelope'
import { jsonTextAnswer } from '../../lib/http/lifecycle'
import { API } from '../../lib/http/schemas'
import { CheckInListQuery, CheckInListResponse, CheckInResponse, UpsertCheckIn } from './model'
import { listCheckIns, upsertCheckIn } from './check-ins'
import { checkInListJson } from './list-json'

const tags = ['check-in']

export function checkInRoutes(deps: Deps) {
  return new Elysia({ name: 'check-in', prefix: `${API}/check-in` })
    .use(guard(deps))
    // A year of entries, each with its own trackers' values keyed by id: written as JSON by hand (list-json.ts says why).
    .get('', async ({ actor, query, request, set }) => jsonTextAnswer(request, set,
      checkInListJson(ok(deps.clock, 'Check-in data retrieved successfully.', await listCheckIns(deps, actor, query)))), { auth: 'user',
      query: CheckInListQuery.checkedByVerb, response: { 200: CheckInListResponse }, detail: { tags, summary: 'List check-ins, newest date first' } })
    .post('', async ({ actor, body, set }) => {
      const entry = await upsertCheckIn(deps, actor, body)
      set.status = 201
      return ok(deps.clock, 'Check-in data created successfully.', entry)
    }, { auth: 'user', parse: 'json', body: UpsertCheckIn.checkedByVerb, response: { 201: CheckInResponse },
      detail: { tags, summary: 'Create or partially update the check-in of one date' } })
}
