import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { authPlugin } from '../../lib/http/auth'
import { readJson, readQuery } from '../../lib/http/body'
import { ok } from '../../lib/http/envelope'
import { jsonBody } from '../../lib/http/schemas'
import { CheckInListResponse, CheckInResponse, UpsertCheckInBody, checkInListParameters } from './model'
import { listCheckIns, upsertCheckIn } from './service'

const tags = ['check-in']

export function checkInRoutes(deps: Deps) {
  return new Elysia({ name: 'check-in' })
    .use(authPlugin(deps))
    .get('/api/v1/check-in', ({ actor, request }) =>
      ok(deps.clock, 'Check-in data retrieved successfully.', listCheckIns(deps, actor, readQuery(request))), {
      auth: 'user',
      response: { 200: CheckInListResponse },
      detail: { tags, summary: 'List check-ins, newest date first', parameters: checkInListParameters },
    })
    .post('/api/v1/check-in', ({ actor, request, set }) => {
      const entry = upsertCheckIn(deps, actor, readJson(request))
      set.status = 201
      return ok(deps.clock, 'Check-in data created successfully.', entry)
    }, {
      auth: 'user',
      response: { 201: CheckInResponse },
      detail: { tags, summary: 'Create or partially update the check-in of one date', ...jsonBody(UpsertCheckInBody) },
    })
}
