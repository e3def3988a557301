/**
 * The cross-cutting rules of docs/api/conventions.md §1, §4, §5, §7 and §9, walked over every endpoint of the index
 * (docs/README.md, "Endpoints"). Every answer also passes expectCommonHeaders (CORS, X-Request-Id, nosniff,
 * no-store JSON).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser } from '../helpers/fixtures'
import { backupsSettled } from '../../src/features/backups/background'
import { call, expect401, expect404, expect405, expectExactError, nextIp, CORS } from './common'
import { ENDPOINTS, MALFORMED, METHODS, expectedRouting, sample, type Endpoint } from './endpoint-index'

let t: TestApp
beforeAll(() => { t = createTestApp() })
afterAll(() => t.close())
// An admin's POST /api/v1/admin/backups starts a backup: it is finished before the next test, which may list,
// download or delete backups, so no answer depends on how far it got.
afterEach(() => backupsSettled(t.deps))

/** Endpoints whose own section gives unknown (so also malformed) ids a specific 404 message. */
const NOT_FOUND_MESSAGE: Record<string, string> = {
  'GET /api/v1/export/{int}/download': 'Export not found.', // docs/api/export.md §5
  'GET /api/v1/admin/backups/runs/{int}': 'Backup run not found.',
}
const hasId = (ep: Endpoint) => /\{(int|uuid|file)\}/.test(ep.path)
const emptyBody = (ep: Endpoint) => (ep.body === 'json' ? {} : undefined)

/** What a public endpoint answers to an empty request (its own validation, never 401). */
const PUBLIC_STATUS: Record<string, number> = {
  '/api/v1/health': 200,
  '/api/v1/instance': 200,
  '/api/v1/auth/register': 422,
  '/api/v1/auth/login': 422,
  '/api/v1/auth/verify': 422,
  '/api/v1/auth/verify/resend': 422,
  '/api/v1/auth/forgot-password': 422,
  '/api/v1/auth/reset-password': 422,
  '/api/v1/auth/passkey/authenticate-options': 200,
  '/api/v1/auth/passkey/authenticate': 422,
  '/api/v1/auth/account-link/check': 422,
  '/api/v1/auth/account-link/password': 422,
  '/api/v1/auth/account-link/passkey/register-options': 422,
  '/api/v1/auth/account-link/passkey/register': 422,
  '/storage/user/{file}': 404,
  // docs/api/notifications.md §7: the signed token is the credential; one this server did not sign is 403.
  '/api/v1/reminder-answers/{token}': 403,
  '/api/v1/reminder-answers/day/{token}': 403,
}

/** A signed-in caller allowed on the endpoint: a fresh one each time, since some endpoints revoke tokens. */
const callerFor = async (ep: Endpoint) => (await createUser(t, { role: ep.auth === 'admin' ? 'admin' : 'user' })).token

for (const ep of ENDPOINTS) {
  const path = sample(ep.path)
  describe(`${ep.method} ${ep.path}`, () => {
    if (ep.auth === 'public') {
      test('answers without a token, and ignores a bad Authorization header', async () => {
        const bare = await call(t, ep.method, path, { body: emptyBody(ep) })
        expect(bare.status).toBe(PUBLIC_STATUS[ep.path]!)
        const junk = await call(t, ep.method, path, { body: emptyBody(ep), headers: { authorization: 'Bearer 1|nope' } })
        expect({ status: junk.status, code: junk.body?.code }).toEqual({ status: bare.status, code: bare.body?.code })
      })
    } else {
      test('401 JSON without a token, with a malformed one, and with an unknown one', async () => {
        for (const authorization of [undefined, 'Bearer 1|short', `Bearer 999999|${'a'.repeat(40)}`, 'Basic dXNlcjpwYXNz']) {
          const headers: Record<string, string> = { accept: 'text/html' }
          if (authorization) headers.authorization = authorization
          expect401(await call(t, ep.method, path, { body: emptyBody(ep), headers }))
        }
      })

      test('a signed-in caller gets past authentication (scheme word in any case, several spaces)', async () => {
        const r = await call(t, ep.method, path, { body: emptyBody(ep), headers: { authorization: `bEaReR   ${await callerFor(ep)}` } })
        expect([401, 403]).not.toContain(r.status)
      })
    }

    if (ep.auth === 'admin') {
      test('403 forbidden for a signed-in non-admin, before the path lookup', async () => {
        const r = await call(t, ep.method, path, { body: emptyBody(ep), token: (await createUser(t)).token })
        expectExactError(r, 403, 'forbidden', 'This action is unauthorized.')
      })
    }

    if (hasId(ep)) {
      test('malformed ids → 404 not_found, before authentication', async () => {
        const kind = /\{(int|uuid|file)\}/.exec(ep.path)![0]
        const token = await callerFor(ep)
        const message = NOT_FOUND_MESSAGE[`${ep.method} ${ep.path}`] ?? 'The requested resource was not found.'
        for (const bad of MALFORMED[kind]!) {
          const p = sample(ep.path, { [kind]: bad })
          // A literal route of the same method owns this path (PATCH and DELETE /users/me): no id is read there.
          if (expectedRouting(ep.method, p).status === 200) continue
          expectExactError(await call(t, ep.method, p, { body: emptyBody(ep) }), 404, 'not_found', message)
          expectExactError(await call(t, ep.method, p, { body: emptyBody(ep), token }), 404, 'not_found', message)
        }
      })
    }

    if (ep.path.includes('{int}')) {
      test('an integer id that fits the pattern but not 2^53 is an unknown id (404)', async () => {
        const r = await call(t, ep.method, sample(ep.path, { '{int}': '9007199254740993' }), { body: emptyBody(ep), token: await callerFor(ep) })
        expect(r.status).toBe(404)
      })
    }

    if (ep.path.includes('{uuid}')) {
      test('an upper-case UUID is routed (compared case-insensitively)', async () => {
        const r = await call(t, ep.method, sample(ep.path, { '{uuid}': '0197A1B2-6C1E-7D3A-9F42-1B2C3D4E5F60' }), { body: emptyBody(ep) })
        if (ep.auth === 'public') expect(r.status).not.toBe(405)
        else expect401(r)
      })
    }

    if (ep.path.includes('{type}')) {
      test('an unknown library type → 404', async () => {
        expect404(await call(t, ep.method, sample(ep.path, { '{type}': 'clipboard' }), { token: await callerFor(ep) }))
      })
    }

    test('unrouted methods on the path → 405 with Allow (or 404 where the path is a malformed id of that method)', async () => {
      for (const candidate of [path, `${path}/`]) {
        for (const method of [...METHODS, 'HEAD'] as const) {
          const exp = expectedRouting(method === 'HEAD' ? 'GET' : method, path)
          if (exp.status === 200) continue
          const r = await call(t, method, candidate, { body: method === 'GET' || method === 'HEAD' ? undefined : {} })
          if (method === 'HEAD') {
            expect({ status: r.status, allow: r.headers.get('allow'), body: r.body }).toEqual({ status: exp.status, allow: exp.allow ?? null, body: null })
          } else if (exp.status === 405) expect405(r, exp.allow!)
          else expect404(r)
        }
      }
    })

    test('a single trailing slash is ignored', async () => {
      const plain = await call(t, ep.method, path, { body: emptyBody(ep) })
      const slash = await call(t, ep.method, `${path}/`, { body: emptyBody(ep) })
      expect({ status: slash.status, code: slash.body?.code }).toEqual({ status: plain.status, code: plain.body?.code })
      if (ep.auth !== 'public' && ep.method === 'GET') {
        const token = await callerFor(ep)
        const a = await call(t, 'GET', path, { token })
        const b = await call(t, 'GET', `${path}/`, { token })
        expect({ status: b.status, body: b.body }).toEqual({ status: a.status, body: a.body })
      }
    })

    if (ep.method === 'GET') {
      test('HEAD is answered like GET without a body', async () => {
        const token = ep.auth === 'public' ? undefined : await callerFor(ep)
        for (const tok of [undefined, token]) {
          const get = await call(t, 'GET', path, { token: tok })
          const head = await call(t, 'HEAD', path, { token: tok })
          expect(head.status).toBe(get.status)
          expect(head.body).toBeNull()
          expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'))
          expect(head.headers.get('cache-control')).toBe(get.headers.get('cache-control'))
          // The length of the body GET would send, not 0 (RFC 9110 9.3.2: the same header fields as GET).
          expect(head.headers.get('content-length')).toBe(String((await get.raw.arrayBuffer()).byteLength))
        }
      })
    }

    test('OPTIONS is a 204 preflight on the path, malformed or not, whatever the Authorization', async () => {
      const bad = hasId(ep) ? sample(ep.path, { [/\{(int|uuid|file)\}/.exec(ep.path)![0]]: 'zzz' }) : `${path}/zzz`
      for (const p of [path, `${path}/`, bad]) {
        const r = await call(t, 'OPTIONS', p, { headers: { authorization: 'Bearer junk', origin: 'http://app.test', 'access-control-request-method': ep.method } })
        expect(r.status).toBe(204)
        expect(r.body).toBeNull()
        expect(r.headers.get('access-control-max-age')).toBe('86400')
        expect(r.headers.get('access-control-allow-methods')).toBe(CORS['access-control-allow-methods'])
      }
    })
  })
}

describe('paths outside the index', () => {
  test('unknown paths → 404 for every method, before authentication; OPTIONS still 204', async () => {
    const unknown = ['/api/v1/nothing', '/api/v2/health', '/api/v1/users/me/settings', '/api/v1/clipboard/1/image/extra', '/api', '/no-such-page', '/storage/other',
      // Only a single trailing slash is ignored; empty segments elsewhere name no route.
      '/api//v1/health', '//api/v1/health', '/api/v1/health//', '/api/v1//clipboard', '/api/v1/users/me//']
    for (const p of unknown) {
      for (const method of [...METHODS, 'HEAD']) {
        const r = await call(t, method, p)
        if (method === 'HEAD') expect(r.status).toBe(404)
        else expect404(r)
      }
      expect((await call(t, 'OPTIONS', p)).status).toBe(204)
    }
  })

  test('no preflight is rate limited: many OPTIONS from one address leave login untouched', async () => {
    for (let i = 0; i < 30; i++) expect((await call(t, 'OPTIONS', '/api/v1/auth/login', { ip: '192.0.2.9' })).status).toBe(204)
    const login = await call(t, 'POST', '/api/v1/auth/login', { ip: '192.0.2.9', body: {} })
    expect(login.status).toBe(422)
    expect(login.headers.get('x-ratelimit-remaining')).toBe('4')
  })
})

describe('CORS_ORIGINS as a list (docs/api/conventions.md §4)', () => {
  test('every endpoint echoes a listed Origin with Vary: Origin and omits Allow-Origin for others', async () => {
    const c = createTestApp({ CORS_ORIGINS: 'https://app.example.com,http://localhost:5173' })
    try {
      for (const ep of ENDPOINTS) {
        for (const method of [ep.method, 'OPTIONS']) {
          const listed = await c.request(method, sample(ep.path), { ip: nextIp(), headers: { origin: 'http://localhost:5173' } })
          // JSON answers may come compressed, so they vary by Accept-Encoding too; a preflight has no body.
          const vary = method === 'OPTIONS' ? 'Origin' : 'Origin, Accept-Encoding'
          expect([listed.headers.get('access-control-allow-origin'), listed.headers.get('vary')]).toEqual(['http://localhost:5173', vary])
          const other = await c.request(method, sample(ep.path), { ip: nextIp(), headers: { origin: 'http://localhost:5174' } })
          expect(other.headers.get('access-control-allow-origin')).toBeNull()
          expect(other.headers.get('access-control-allow-methods')).toBe(CORS['access-control-allow-methods'])
        }
      }
    } finally { c.close() }
  })
})
