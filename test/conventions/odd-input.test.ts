/**
 * No endpoint of the index answers 500 to odd input (docs/api/conventions.md §2.2: "never a 500"): every field
 * name the contract uses, set to each wrong JSON type, sent to every JSON endpoint; odd query strings on every
 * GET endpoint. `call` fails on any 5xx.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser } from '../helpers/fixtures'
import { call } from './common'
import { ENDPOINTS, sample } from './endpoint-index'

let t: TestApp
beforeAll(() => { t = createTestApp() })
afterAll(() => t.close())

const FIELDS = [
  'name', 'email', 'password', 'password_confirmation', 'current_password', 'new_password', 'new_password_confirmation',
  'platform', 'language', 'token', 'user_id', 'token_id', 'receiver_id', 'content', 'url', 'content_type', 'metadata',
  'key', 'api_key', 'timezone', 'date_format', 'time_format', 'navigation', 'city', 'lat', 'lon', 'latitude', 'longitude',
  'temperature_unit', 'enabled_trackers', 'selected_sports', 'role', 'confirmed', 'date', 'mood', 'sleep', 'sports',
  'features', 'your_day_alert', 'check_in_alert', 'id', 'rawId', 'type', 'response', 'clientExtensionResults',
  'authenticatorAttachment', 'title', 'page', 'per_page',
]

const ODD: unknown[] = [
  123, -1.5, 1e308, true, [], {}, [1, 'a', null], { a: { b: [1] } }, 'x'.repeat(70_000), '\u0000\u202e', '😀'.repeat(300),
  '   ', '__proto__', '2026-02-30', 'null',
]

describe('odd JSON values in every field of every JSON endpoint', () => {
  for (const ep of ENDPOINTS.filter((x) => x.body === 'json')) {
    test(`${ep.method} ${ep.path}`, async () => {
      for (const value of ODD) {
        const user = await createUser(t, { role: ep.auth === 'admin' ? 'admin' : 'user' })
        const body = Object.fromEntries(FIELDS.map((f) => [f, value]))
        const path = sample(ep.path, { '{uuid}': user.id })
        const r = await call(t, ep.method, path, { body, token: ep.auth === 'public' ? undefined : user.token })
        expect(r.status).toBeGreaterThanOrEqual(200)
      }
    })
  }
})

describe('odd query strings on every GET endpoint', () => {
  const QUERIES = ['page=0&per_page=-1', 'page=abc&per_page=1.5', 'page[]=1&per_page[a]=2', 'from=2026-13-01&to=x', 'type=%00&q=%E0%A4',
    `from=${'9'.repeat(400)}&page=${'9'.repeat(400)}`, 'type=image&type=text&type=', 'features=a,b&date=2026-02-29']
  for (const ep of ENDPOINTS.filter((x) => x.method === 'GET')) {
    test(`GET ${ep.path}`, async () => {
      const user = await createUser(t)
      for (const q of QUERIES) await call(t, 'GET', `${sample(ep.path, { '{uuid}': user.id })}?${q}`, { token: user.token })
    })
  }
})
