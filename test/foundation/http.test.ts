import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../helpers/app'

let t: TestApp
beforeEach(() => { t = createTestApp() })
afterEach(() => t.close())

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, Accept, X-Requested-With, X-Request-Id',
  'access-control-expose-headers': 'Content-Disposition, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-Request-Id',
}
const expectCors = (h: Headers) => { for (const [k, v] of Object.entries(CORS)) expect(h.get(k)).toBe(v) }

describe('health', () => {
  test('answers without an envelope', async () => {
    const r = await t.request('GET', '/api/v1/health')
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ status: 'OK', timestamp: '2026-06-24T10:00:00.000Z', app: 'daybook', version: '1.0.0' })
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(r.headers.get('cache-control')).toBe('no-store')
    expect(r.headers.get('x-content-type-options')).toBe('nosniff')
    expectCors(r.headers)
  })

  test('503 when the database is gone', async () => {
    t.deps.db.$client.close()
    const r = await t.request('GET', '/api/v1/health')
    expect(r.status).toBe(503)
    expect(r.body.status).toBe('ERROR')
    t.deps.db = (await import('../../src/lib/db/client')).openDatabase(t.config.databasePath)
  })

  test('HEAD is answered like GET without a body; a trailing slash is ignored', async () => {
    const head = await t.request('HEAD', '/api/v1/health')
    expect(head.status).toBe(200)
    expect(head.body).toBeNull()
    const slash = await t.request('GET', '/api/v1/health/')
    expect(slash.status).toBe(200)
  })
})

describe('routing errors', () => {
  test('unknown path → 404 envelope with CORS', async () => {
    const r = await t.request('GET', '/api/v1/nothing-here')
    expect(r.status).toBe(404)
    expect(r.body).toEqual({ success: false, message: 'The requested resource was not found.', code: 'not_found', timestamp: '2026-06-24T10:00:00.000Z' })
    expect(r.body).not.toHaveProperty('data')
    expectCors(r.headers)
    expect(r.headers.get('cache-control')).toBe('no-store')
  })

  test('known path, wrong method → 405 with Allow and CORS', async () => {
    const r = await t.request('DELETE', '/api/v1/health')
    expect(r.status).toBe(405)
    expect(r.headers.get('allow')).toBe('GET, OPTIONS')
    expect(r.body.code).toBe('method_not_allowed')
    expect(r.body.message).toBe('The specified method for the request is invalid.')
    expectCors(r.headers)
  })

  test('OPTIONS on any path is a 204 preflight with Max-Age', async () => {
    for (const path of ['/api/v1/health', '/api/v1/unknown', '/whatever']) {
      const r = await t.request('OPTIONS', path, { headers: { origin: 'http://app.test', 'access-control-request-method': 'POST' } })
      expect(r.status).toBe(204)
      expect(r.body).toBeNull()
      expect(r.headers.get('access-control-max-age')).toBe('86400')
      expectCors(r.headers)
    }
  })

  test('a listed CORS origin is echoed with Vary; others get no allow-origin', async () => {
    const c = createTestApp({ CORS_ORIGINS: 'https://app.example.com, http://localhost:5173' })
    try {
      const yes = await c.request('GET', '/api/v1/nope', { headers: { origin: 'http://localhost:5173' } })
      expect(yes.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
      expect(yes.headers.get('vary')).toContain('Origin')
      const no = await c.request('OPTIONS', '/api/v1/health', { headers: { origin: 'https://evil.example' } })
      expect(no.headers.get('access-control-allow-origin')).toBeNull()
      expect(no.headers.get('access-control-allow-methods')).toBe(CORS['access-control-allow-methods'])
    } finally { c.close() }
  })
})

describe('request ids and access log', () => {
  test('a valid X-Request-Id is kept, an invalid one replaced, and each request is logged once', async () => {
    const kept = await t.request('GET', '/api/v1/health', { headers: { 'x-request-id': 'abc-123.X_y' } })
    expect(kept.headers.get('x-request-id')).toBe('abc-123.X_y')
    const replaced = await t.request('GET', '/api/v1/health', { headers: { 'x-request-id': 'bad id!' } })
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const lines = t.logs.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatchObject({ level: 'info', request_id: 'abc-123.X_y', method: 'GET', path: '/api/v1/health', status: 200 })
    expect(typeof lines[0].duration_ms).toBe('number')
    expect(lines[0].time).toBeString()
  })
})

describe('API docs', () => {
  test('OpenAPI JSON and UI are public', async () => {
    const doc = await t.request('GET', '/api/docs/json')
    expect(doc.status).toBe(200)
    expect(doc.body.openapi).toStartWith('3.')
    expect(Object.keys(doc.body.paths)).toContain('/api/v1/health')
    const ui = await t.request('GET', '/api/docs')
    expect(ui.status).toBe(200)
    expect(ui.headers.get('content-type')).toContain('text/html')
  })
})

describe('ids in paths (docs/api/conventions.md §1, 7)', () => {
  test('a malformed id is a 404 even where another method is routed for the same path', async () => {
    const put = await t.request('PUT', '/api/v1/users/me')
    expect(put.status).toBe(404)
    expect(put.body.code).toBe('not_found')
    const get = await t.request('GET', '/api/v1/users/0197a1b2-6c1e-7d3a-9f42-1b2c3d4e5f60')
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('PUT, PATCH, DELETE, OPTIONS')
    const bad = await t.request('DELETE', '/api/v1/clipboard/0123')
    expect(bad.status).toBe(404)
  })
})
