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

describe('a query value is the text sent: commas, brackets and braces are not lists or JSON; a repeated name keeps its last value', () => {
  test('GET /check-in and /search', async () => {
    const user = await createUser(t)
    const get = (q: string) => t.request('GET', `/api/v1/check-in?${q}`, { token: user.token })
    const invalidDate = { from: ['The from field must be a valid date in the format YYYY-MM-DD.'] }
    for (const q of ['from=2026-01-01,2026-02-01', 'from=[1]', 'from=%7B%7D', 'from=2026-02-01&from=x']) {
      const r = await get(q)
      expect([q, r.status, r.body.errors]).toEqual([q, 422, invalidDate])
    }
    expect((await get('from=x&from=2026-02-01')).status).toBe(200)
    await t.request('POST', '/api/v1/check-in', { token: user.token, body: { date: '2026-06-20', note: 'milk,bread for the weekend' } })
    const found = await t.request('GET', `/api/v1/search?q=${encodeURIComponent('milk,bread')}`, { token: user.token })
    expect(found.status).toBe(200)
    expect(found.body.data).toHaveLength(1)
  })
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
