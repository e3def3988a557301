/**
 * docs/api/conventions.md §3 (envelopes, key order, unescaped JSON), §5 on file answers, and §1/§7 on existing
 * resources (HEAD, trailing slash, upper-case UUIDs), on a sample of real answers.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp, type TestResponse } from '../helpers/app'
import { IDLE_BOT_ENV } from '../helpers/telegram'
import { createUser, type TestUser } from '../helpers/fixtures'
import { imageForm, png } from '../clipboard/images'
import { call } from './common'

let t: TestApp
let admin: TestUser
let u: TestUser
let other: TestUser
let imageEntry: { id: number; file_path: string }
let note: { id: string }

beforeAll(async () => {
  // A bot is configured (never started): a server without one refuses pairing, whose answer is checked here.
  t = createTestApp(IDLE_BOT_ENV)
  admin = await createUser(t, { role: 'super_admin' })
  u = await createUser(t, { name: 'Zoë / 東京 "quoted"' })
  other = await createUser(t)
  imageEntry = (await call(t, 'POST', '/api/v1/clipboard/image', { token: u.token, body: imageForm(png(), 'a.png', 'image/png') })).body.data
  note = (await call(t, 'POST', '/api/v1/dashboard/quick-add/commit', { token: u.token, body: { content: 'A note', content_type: 'note' } })).body.data
})
afterAll(() => t.close())

const NOW = '2026-06-24T10:00:00.000Z'
const SUCCESS_KEYS = ['success', 'message', 'data', 'timestamp']

function expectSuccess(r: TestResponse, status: number, paged = false): void {
  expect(r.status).toBe(status)
  expect(Object.keys(r.body)).toEqual(paged ? [...SUCCESS_KEYS, 'meta'] : SUCCESS_KEYS)
  expect(r.body.success).toBe(true)
  expect(r.body.message).toBeString()
  expect(r.body.timestamp).toBe(NOW)
  if (paged) {
    expect(Object.keys(r.body.meta)).toEqual(['pagination'])
    expect(Object.keys(r.body.meta.pagination)).toEqual(['current_page', 'last_page', 'per_page', 'total', 'from', 'to', 'has_more_pages'])
  }
}

describe('success envelope (docs/api/conventions.md §3.1)', () => {
  test('single resources, lists and result-less answers: success, message, data, timestamp, in that order', async () => {
    const asUser = (method: string, path: string, body?: unknown) => call(t, method, path, { token: u.token, body })
    expectSuccess(await asUser('GET', '/api/v1/users/me'), 200)
    expectSuccess(await asUser('GET', '/api/v1/auth/tokens'), 200)
    expectSuccess(await asUser('GET', '/api/v1/auth/passkeys'), 200)
    expectSuccess(await asUser('GET', '/api/v1/friends'), 200)
    expectSuccess(await asUser('GET', '/api/v1/friends/requests'), 200)
    expectSuccess(await asUser('GET', '/api/v1/check-in'), 200)
    expectSuccess(await asUser('GET', '/api/v1/users/me/settings/check-in'), 200)
    expectSuccess(await asUser('GET', '/api/v1/chatbot/token-request'), 200)
    expectSuccess(await asUser('GET', `/api/v1/users/${other.id}/public-profile`), 200)
    expectSuccess(await asUser('GET', `/api/v1/libraries/notes/${note.id}`), 200)
    const settings = await asUser('PUT', '/api/v1/users/me/settings/language', { language: 'de' })
    expectSuccess(settings, 200)
    expect(settings.body.data).toBeNull()
    expectSuccess(await asUser('POST', '/api/v1/dashboard/quick-add/commit', { content: 'Another', content_type: 'note' }), 201)
    expectSuccess(await call(t, 'POST', '/api/v1/auth/login', { body: { email: u.email, password: u.password } }), 200)
  })

  test('paginated lists add meta.pagination last', async () => {
    expectSuccess(await call(t, 'GET', '/api/v1/clipboard', { token: u.token }), 200, true)
    expectSuccess(await call(t, 'GET', '/api/v1/libraries/notes?page=3', { token: u.token }), 200, true)
    expectSuccess(await call(t, 'GET', '/api/v1/users?per_page=1', { token: admin.token }), 200, true)
  })

  test('integer query parameters are any run of digits (docs/api/conventions.md §2.5): huge pages are past the end', async () => {
    const lists: [string, TestUser, number][] = [['/api/v1/clipboard', u, 100], ['/api/v1/libraries/notes', u, 100], ['/api/v1/users', admin, 200]]
    for (const [path, caller, max] of lists) {
      const far = await call(t, 'GET', `${path}?page=${'9'.repeat(30)}`, { token: caller.token })
      expectSuccess(far, 200, true)
      expect(far.body.data).toEqual([])
      const padded = await call(t, 'GET', `${path}?per_page=${'0'.repeat(20)}1`, { token: caller.token })
      expect(padded.body.meta.pagination.per_page).toBe(1)
      const huge = await call(t, 'GET', `${path}?per_page=${'9'.repeat(400)}`, { token: caller.token })
      expect(huge.body.errors).toEqual({ per_page: [`The per page field must be between 1 and ${max}.`] })
    }
  })

  test('JSON is UTF-8 with / and non-ASCII characters unescaped', async () => {
    const r = await call(t, 'GET', '/api/v1/users/me', { token: u.token })
    expect(await r.raw.text()).toContain('"name":"Zoë / 東京 \\"quoted\\""')
  })
})

describe('error envelope (docs/api/conventions.md §3.3)', () => {
  test('success, message, code, timestamp[, errors], never data', async () => {
    const cases: [Promise<TestResponse>, boolean][] = [
      [call(t, 'GET', '/api/v1/users/me'), false],
      [call(t, 'GET', '/api/v1/nowhere'), false],
      [call(t, 'DELETE', '/api/v1/health'), false],
      [call(t, 'POST', '/api/v1/clipboard', { token: u.token, body: '[', headers: { 'content-type': 'application/json' } }), false],
      [call(t, 'POST', '/api/v1/clipboard', { token: u.token, body: '{}', headers: { 'content-type': 'text/csv' } }), false],
      [call(t, 'POST', '/api/v1/clipboard', { token: u.token, body: {} }), true],
      [call(t, 'GET', '/api/v1/users', { token: u.token }), false],
    ]
    for (const [pending, withErrors] of cases) {
      const r = await pending
      expect(Object.keys(r.body)).toEqual(['success', 'message', 'code', 'timestamp', ...(withErrors ? ['errors'] : [])])
      expect(r.body.success).toBe(false)
      expect(r.body.timestamp).toBe(NOW)
    }
  })
})

describe('file answers and existing resources', () => {
  test('a clipboard image: CORS, nosniff and request id, its own Cache-Control; HEAD and a trailing slash alike', async () => {
    const path = `/api/v1/clipboard/${imageEntry.id}/image`
    const get = await call(t, 'GET', path, { token: u.token })
    expect(get.status).toBe(200)
    expect(get.headers.get('content-type')).toBe('image/png')
    expect(get.headers.get('cache-control')).toBe('private')
    const head = await call(t, 'HEAD', path, { token: u.token })
    expect({ status: head.status, body: head.body, type: head.headers.get('content-type') }).toEqual({ status: 200, body: null, type: 'image/png' })
    expect(head.headers.get('content-length')).toBe(String(png().length))
    expect((await call(t, 'GET', `${path}/`, { token: u.token })).status).toBe(200)
  })

  test('a public storage file: no token, immutable caching, HEAD without a body', async () => {
    const path = `/storage/user/${imageEntry.file_path}`
    const get = await call(t, 'GET', path)
    expect(get.status).toBe(200)
    expect(get.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(get.headers.get('content-type')).toBe('image/png')
    const head = await call(t, 'HEAD', path)
    expect({ status: head.status, body: head.body }).toEqual({ status: 200, body: null })
    expect(head.headers.get('content-length')).toBe(String(png().length))
  })

  test('UUID path parameters are compared case-insensitively', async () => {
    expect((await call(t, 'GET', `/api/v1/users/${other.id.toUpperCase()}/public-profile`, { token: u.token })).status).toBe(200)
    expect((await call(t, 'GET', `/api/v1/libraries/notes/${note.id.toUpperCase()}`, { token: u.token })).status).toBe(200)
    expect((await call(t, 'PATCH', `/api/v1/users/${u.id.toUpperCase()}`, { token: u.token, body: { name: 'Renamed' } })).status).toBe(200)
  })

  test("another user's resources answer 404 like unknown ones", async () => {
    for (const path of [`/api/v1/clipboard/${imageEntry.id}/image`, `/api/v1/libraries/notes/${note.id}`]) {
      const r = await call(t, 'GET', path, { token: other.token })
      expect(r.status).toBe(404)
      expect(r.body.code).toBe('not_found')
    }
  })
})
