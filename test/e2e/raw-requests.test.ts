/**
 * Raw HTTP on a TCP socket against the server as `daybook serve` wires it (serveOptions of src/server.ts):
 * requests a browser never sends — no Host, an empty one, a very short one — must be answered like any other,
 * and no error may ever reach a client as Bun's HTML developer page.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { connect } from 'node:net'
import { createTestApp, type TestApp } from '../helpers/app'
import { serveOptions } from '../../src/server'

let t: TestApp
let server: ReturnType<typeof Bun.serve>
beforeAll(() => {
  t = createTestApp()
  server = Bun.serve({ ...serveOptions(t.deps, t.app), port: 0, hostname: '127.0.0.1' })
})
afterAll(() => {
  server.stop(true)
  t.close()
})

interface RawResponse { status: number; headers: string; body: string }

/** Sends `head` as written (plus the blank line) and reads until the server closes the connection. */
function send(port: number, head: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head}\r\n\r\n`))
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const split = text.indexOf('\r\n\r\n')
      const headers = text.slice(0, split)
      resolve({ status: Number(headers.split(' ')[1]), headers, body: text.slice(split + 4) })
    })
  })
}

/** HTTP/1.0 may leave Host out (HTTP/1.1 must send one, and Bun itself answers 400 without it). */
const hostLines: Record<string, string> = {
  'no Host (HTTP/1.0)': '',
  'an empty Host': '\r\nHost: ',
  'an invalid Host': '\r\nHost: a b',
  'Host: app': '\r\nHost: app',
  'Host: api': '\r\nHost: api',
  'Host: db': '\r\nHost: db',
  'Host: x:80': '\r\nHost: x:80',
}

/** Compared with the start of the body, so a failure shows what came instead (a 404 envelope, an HTML page). */
function expectStatus(r: RawResponse, status: number) {
  expect([r.status, r.body.slice(0, 80)]).toEqual([status, expect.any(String)])
}

const json = (r: RawResponse) => {
  expect(r.headers.toLowerCase()).toContain('content-type: application/json')
  return JSON.parse(r.body)
}

describe('requests with an unusual Host header', () => {
  for (const [name, hostLine] of Object.entries(hostLines)) {
    test(`${name}: health answers 200 and a protected route 401, both JSON`, async () => {
      const health = await send(server.port!, `GET /api/v1/health HTTP/1.0${hostLine}`)
      expectStatus(health, 200)
      expect(json(health)).toMatchObject({ status: 'OK', app: 'daybook' })

      const me = await send(server.port!, `GET /api/v1/users/me HTTP/1.0${hostLine}`)
      expectStatus(me, 401)
      expect(json(me)).toMatchObject({ success: false, code: 'unauthenticated' })
    })
  }
})

describe('an error escaping the app', () => {
  test('is the contract 500 envelope, never Bun\'s developer page', async () => {
    const failing = Bun.serve({
      ...serveOptions(t.deps, { handle: async () => { throw new Error('boom at /secret/source/path') } }),
      port: 0,
      hostname: '127.0.0.1',
    })
    try {
      const r = await send(failing.port!, 'GET /api/v1/health HTTP/1.0\r\nHost: localhost')
      expect(r.status).toBe(500)
      const body = json(r)
      expect(Object.keys(body)).toEqual(['success', 'message', 'code', 'timestamp'])
      expect(body).toMatchObject({ success: false, message: 'An unexpected error occurred.', code: 'internal_error' })
      expect(r.body).not.toContain('boom')
      expect(r.body).not.toContain(process.cwd())
    } finally {
      failing.stop(true)
    }
  })
})
