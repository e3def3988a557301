/** Request bodies and the error table rows that every JSON endpoint shares (docs/api/conventions.md §2, 3.4, 6). */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'

let t: TestApp
let u: TestUser
beforeEach(async () => { t = createTestApp(); u = await createUser(t) })
afterEach(() => t.close())

const raw = (path: string, init: RequestInit & { token?: string } = {}) => {
  const headers = new Headers(init.headers)
  if (init.token) headers.set('authorization', `Bearer ${init.token}`)
  return t.app.handle(new Request(`http://daybook.test${path}`, { ...init, headers }))
}

describe('JSON bodies', () => {
  test('invalid JSON and non-object JSON → 400 malformed_json', async () => {
    for (const body of ['{"content": ', '[1,2]', 'null', '"text"', '42', 'true']) {
      const r = await raw('/api/v1/clipboard', { method: 'POST', body, token: u.token, headers: { 'content-type': 'application/json' } })
      expect(r.status).toBe(400)
      expect(await r.json()).toMatchObject({ success: false, code: 'malformed_json', message: 'The request body is not valid JSON.' })
    }
  })

  test('JSON, +json, text/plain and no content type are parsed; others → 415', async () => {
    for (const type of ['application/json', 'application/vnd.daybook+json', 'text/plain', 'application/json; charset=utf-8']) {
      const r = await raw('/api/v1/clipboard', { method: 'POST', body: '{"content":"hi"}', token: u.token, headers: { 'content-type': type } })
      expect(r.status).toBe(200)
    }
    for (const type of ['text/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const r = await raw('/api/v1/clipboard', { method: 'POST', body: '{"content":"hi"}', token: u.token, headers: { 'content-type': type } })
      expect(r.status).toBe(415)
      expect((await r.json()).code).toBe('unsupported_media_type')
    }
  })

  test('an empty body is {} whatever the content type', async () => {
    const r = await raw('/api/v1/clipboard', { method: 'POST', body: '', token: u.token, headers: { 'content-type': 'text/xml' } })
    expect(r.status).toBe(422)
    expect((await r.json()).errors).toEqual({ content: ['The content field is required.'] })
  })

  test('authentication comes before body parsing: no token + bad JSON → 401', async () => {
    const r = await raw('/api/v1/clipboard', { method: 'POST', body: '{oops', headers: { 'content-type': 'application/json', accept: 'text/html' } })
    expect(r.status).toBe(401)
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await r.json()).toMatchObject({ code: 'unauthenticated', message: 'Unauthenticated.' })
  })
})

describe('body size limits', () => {
  test('JSON over 1 MiB → 413 by Content-Length, before authentication', async () => {
    const r = await raw('/api/v1/clipboard', { method: 'POST', body: 'x'.repeat(1_048_577), headers: { 'content-type': 'application/json' } })
    expect(r.status).toBe(413)
    expect(await r.json()).toMatchObject({ code: 'payload_too_large', message: 'The request body is too large.' })
    expect(r.headers.get('access-control-allow-origin')).toBe('*')
  })

  test('a chunked body is cut off as soon as it passes the limit', async () => {
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 4 * 1_048_576) return controller.close()
        sent += 65_536
        controller.enqueue(new Uint8Array(65_536).fill(32))
      },
    })
    const r = await raw('/api/v1/clipboard', { method: 'POST', body: stream, token: u.token, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit)
    expect(r.status).toBe(413)
    expect(sent).toBeLessThan(4 * 1_048_576)
  })

  test('exactly 1 MiB of JSON is accepted for parsing', async () => {
    const content = 'a'.repeat(1_048_576 - '{"content":""}'.length)
    const r = await raw('/api/v1/clipboard', { method: 'POST', body: `{"content":"${content}"}`, token: u.token, headers: { 'content-type': 'application/json' } })
    expect(r.status).toBe(422) // parsed; the clipboard's own 65535-character rule answers
  })

  test('multipart bodies may reach 16 MiB; more → 413', async () => {
    const form = new FormData()
    form.append('image', new Blob([new Uint8Array(16_777_216)]), 'big.png')
    const r = await raw('/api/v1/clipboard/image', { method: 'POST', body: form, token: u.token })
    expect(r.status).toBe(413)
    const small = new FormData()
    small.append('image', new Blob([new Uint8Array(2_000_000)]), 'x.png')
    const ok = await raw('/api/v1/clipboard/image', { method: 'POST', body: small, token: u.token })
    expect(ok.status).toBe(422) // read in full, then refused as not an image
  })
})

describe('unexpected failures', () => {
  test('a crash inside a handler is a logged 500 without internals', async () => {
    t.deps.db.$client.close()
    const r = await t.request('GET', '/api/v1/clipboard', { token: u.token })
    expect(r.status).toBe(500)
    expect(r.body).toEqual({ success: false, message: 'An unexpected error occurred.', code: 'internal_error', timestamp: expect.any(String) })
    const logged = t.logs.map((l) => JSON.parse(l)).find((l) => l.level === 'error')
    expect(logged.request_id).toBe(r.headers.get('x-request-id'))
    t.deps.db = (await import('../../src/lib/db/client')).openDatabase(t.config.databasePath)
  })
})
