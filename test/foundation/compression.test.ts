/**
 * Compressed answers over real HTTP (the server as `daybook serve` wires it, on a loopback port): what the
 * app serializes (JSON envelopes, errors) is compressed in the coding the client takes once it reaches 1 KiB;
 * files a handler answers with are sent as they are. Bodies are read undecoded and decompressed here, so the
 * bytes on the wire are what is checked; a second read lets fetch decode them as any client would.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { serveOptions } from '../../src/server'
import { webFiles } from '../../dist/web/assets'
import { png } from '../clipboard/images'
import { addImage } from '../clipboard/helpers'
import { runJob, startExport } from '../export/helpers'

const JSON_TYPE = 'application/json; charset=utf-8'
const TRACKERS = ['mood', 'sleep', 'dreams', 'food_quality', 'food_amount', 'water', 'sports', 'work', 'menstruation', 'alcohol', 'smoking', 'social_life']
const DECODERS: Record<string, (bytes: Uint8Array) => Uint8Array> = {
  gzip: (bytes) => gunzipSync(bytes),
  br: (bytes) => brotliDecompressSync(bytes),
  zstd: (bytes) => Bun.zstdDecompressSync(bytes),
}

interface Wire { status: number; headers: Headers; bytes: Uint8Array }

/** Starts a server on `app`; returns its base URL and a stopper. */
function serve(app: TestApp) {
  const server = Bun.serve({ ...serveOptions(app.deps, app.app), port: 0, hostname: '127.0.0.1' })
  return { url: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) }
}

let t: TestApp
let server: ReturnType<typeof serve>
let alice: TestUser
beforeAll(async () => {
  t = createTestApp()
  server = serve(t)
  alice = await createUser(t)
  // A year of check-ins (docs/api/check-in.md §3), every fourth tracker value left empty.
  for (let day = 0; day < 365; day++) {
    const body: Record<string, unknown> = { date: new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10) }
    TRACKERS.forEach((key, i) => { body[key] = (day + i) % 4 === 0 ? null : 1 + ((day * 7 + i) % 5) })
    const r = await t.request('POST', '/api/v1/check-in', { token: alice.token, body })
    if (r.status !== 201) throw new Error(`check-in not stored: ${JSON.stringify(r.body)}`)
  }
})
afterAll(async () => {
  await server.stop()
  t.close()
})

/**
 * One request over the socket; the body as it came over the wire. Not decoding, fetch sends no Accept-Encoding
 * of its own: without `encoding` the request has none.
 */
async function wire(path: string, opts: { method?: string; encoding?: string; token?: string; headers?: Record<string, string>; body?: BodyInit; base?: string } = {}): Promise<Wire> {
  const headers: Record<string, string> = { ...opts.headers }
  if (opts.encoding !== undefined) headers['accept-encoding'] = opts.encoding
  if (opts.token) headers.authorization = `Bearer ${opts.token}`
  const r = await fetch(`${opts.base ?? server.url}${path}`, { method: opts.method ?? 'GET', headers, body: opts.body, decompress: false })
  return { status: r.status, headers: r.headers, bytes: new Uint8Array(await r.arrayBuffer()) }
}

/** The body as the client gets it after undoing the content coding named in the answer. */
function decoded(r: Wire): Uint8Array {
  const coding = r.headers.get('content-encoding')
  return coding ? DECODERS[coding]!(r.bytes) : r.bytes
}

const year = (encoding?: string) => wire('/api/v1/check-in', { token: alice.token, encoding })

describe('a year of check-ins (97 KB of JSON)', () => {
  for (const coding of ['gzip', 'br', 'zstd']) {
    test(`${coding}: the answer decodes to the plain answer, with its own Content-Length and the contract's headers`, async () => {
      const plain = await year()
      const packed = await year(coding)
      expect(plain.headers.get('content-encoding')).toBeNull()
      expect(plain.bytes.length).toBeGreaterThan(90_000)
      expect(packed.status).toBe(200)
      expect(packed.headers.get('content-encoding')).toBe(coding)
      expect(packed.headers.get('content-type')).toBe(JSON_TYPE)
      expect(packed.headers.get('cache-control')).toBe('no-store')
      expect(packed.headers.get('access-control-allow-origin')).toBe('*')
      expect(packed.headers.get('vary')).toBe('Accept-Encoding')
      expect(packed.headers.get('content-length')).toBe(String(packed.bytes.length))
      expect(packed.bytes.length).toBeLessThan(plain.bytes.length / 4)
      expect(new TextDecoder().decode(decoded(packed))).toBe(new TextDecoder().decode(plain.bytes))
      // fetch decoding it itself, as any client does.
      const body = await (await fetch(`${server.url}/api/v1/check-in`, { headers: { authorization: `Bearer ${alice.token}`, 'accept-encoding': coding } })).json()
      expect(body).toEqual(JSON.parse(new TextDecoder().decode(plain.bytes)))
      expect(body.data).toHaveLength(365)
    })
  }

  test('the coding follows Accept-Encoding: q-values, the server\'s order on a tie, `*`, identity and q=0', async () => {
    const cases: [string, string | null][] = [
      ['gzip, deflate, br, zstd', 'zstd'], // a browser over HTTPS
      ['gzip, deflate', 'gzip'], // a browser over plain HTTP
      ['gzip, br', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['zstd;q=0.2, br;q=0.4, gzip;q=0.3', 'br'],
      ['GZIP', 'gzip'],
      ['x-gzip', 'gzip'],
      ['*', 'zstd'],
      ['gzip, *;q=0.1', 'gzip'],
      ['*, zstd;q=0, br;q=0', 'gzip'],
      ['gzip;q=0', null],
      ['gzip;q=0.000, br;q=0', null],
      ['*;q=0', null],
      ['identity', null],
      ['identity, gzip;q=0.5', null],
      ['gzip;q=0.5, identity;q=0', 'gzip'],
      ['deflate, compress', null],
      ['gzip;q=2', null],
      ['gzip;q=', null],
      ['', null],
    ]
    for (const [accept, coding] of cases) {
      const r = await year(accept)
      expect({ accept, coding: r.headers.get('content-encoding') }).toEqual({ accept, coding })
      expect(r.headers.get('vary')).toBe('Accept-Encoding')
      expect(JSON.parse(new TextDecoder().decode(decoded(r))).data).toHaveLength(365)
    }
  })

  test('no Accept-Encoding: the plain answer, still with Vary', async () => {
    const r = await year()
    expect(r.headers.get('content-encoding')).toBeNull()
    expect(r.headers.get('vary')).toBe('Accept-Encoding')
    expect(r.headers.get('content-length')).toBe(String(r.bytes.length))
    expect(JSON.parse(new TextDecoder().decode(r.bytes)).data).toHaveLength(365)
  })

  test('HEAD: no body, the plain Content-Length, nothing compressed', async () => {
    const plain = await year()
    const head = await wire('/api/v1/check-in', { method: 'HEAD', token: alice.token, encoding: 'gzip, br' })
    expect(head.status).toBe(200)
    expect(head.bytes.length).toBe(0)
    expect(head.headers.get('content-encoding')).toBeNull()
    expect(head.headers.get('content-length')).toBe(String(plain.bytes.length))
    expect(head.headers.get('content-type')).toBe(JSON_TYPE)
    expect(head.headers.get('vary')).toBe('Accept-Encoding')
  })
})

describe('the threshold: under 1 KiB nothing is compressed', () => {
  test('small answers go out as they are, with Vary', async () => {
    const small = [
      await wire('/api/v1/health', { encoding: 'gzip, br, zstd' }),
      await wire('/api/v1/users/me', { token: alice.token, encoding: 'gzip, br, zstd' }),
      await wire('/api/v1/check-in?from=2025-12-31', { token: alice.token, encoding: 'gzip, br, zstd' }),
    ]
    for (const r of small) {
      expect(r.status).toBe(200)
      expect(r.bytes.length).toBeLessThan(1024)
      expect(r.headers.get('content-encoding')).toBeNull()
      expect(r.headers.get('content-type')).toBe(JSON_TYPE)
      expect(r.headers.get('vary')).toBe('Accept-Encoding')
      expect(JSON.parse(new TextDecoder().decode(r.bytes))).toMatchObject({ timestamp: '2026-06-24T10:00:00.000Z' })
    }
  })

  test('the same endpoint over 1 KiB is compressed: a week of check-ins', async () => {
    const r = await wire('/api/v1/check-in?from=2025-12-25', { token: alice.token, encoding: 'gzip' })
    expect(r.headers.get('content-encoding')).toBe('gzip')
    const text = new TextDecoder().decode(decoded(r))
    expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(1024)
    expect(JSON.parse(text).data).toHaveLength(7)
  })

  test('the threshold counts bytes, not characters', async () => {
    const bob = await createUser(t)
    const entry = await t.request('POST', '/api/v1/clipboard', { token: bob.token, body: { content: 'ü'.repeat(400) } })
    expect(entry.status).toBe(200)
    const r = await wire('/api/v1/clipboard', { token: bob.token, encoding: 'gzip' })
    const text = new TextDecoder().decode(decoded(r))
    expect(text.length).toBeLessThan(1024)
    expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(1024)
    expect(r.headers.get('content-encoding')).toBe('gzip')
    expect(JSON.parse(text).data[0].content).toBe('ü'.repeat(400))
  })

  test('the OpenAPI document is compressed', async () => {
    const r = await wire('/api/docs/json', { encoding: 'br' })
    expect(r.status).toBe(200)
    expect(r.headers.get('content-encoding')).toBe('br')
    expect(JSON.parse(new TextDecoder().decode(decoded(r))).openapi).toStartWith('3.')
  })
})

describe('errors', () => {
  test('a large error is compressed, a small one is not; both say Vary', async () => {
    // Thirty unknown trackers: a 422 of 2.3 KB naming each item.
    const body = JSON.stringify({ enabled_trackers: Array(30).fill('steps'), selected_sports: ['dumbbell', 'bike', 'mountain', 'footprints', 'yoga'] })
    const send = (encoding?: string) => wire('/api/v1/users/me/settings/check-in', { method: 'PUT', token: alice.token, encoding, headers: { 'content-type': 'application/json' }, body })
    const big = await send('gzip')
    expect(big.status).toBe(422)
    expect(big.headers.get('content-encoding')).toBe('gzip')
    expect(big.headers.get('content-type')).toBe(JSON_TYPE)
    expect(big.headers.get('vary')).toBe('Accept-Encoding')
    expect(big.headers.get('content-length')).toBe(String(big.bytes.length))
    const error = JSON.parse(new TextDecoder().decode(decoded(big)))
    expect(error.code).toBe('validation_failed')
    expect(Object.keys(error.errors)).toHaveLength(30)

    const plain = await send()
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(JSON.parse(new TextDecoder().decode(plain.bytes))).toEqual({ ...error, timestamp: expect.any(String) })

    for (const small of [await wire('/api/v1/nothing', { encoding: 'gzip' }), await wire('/api/v1/users/me', { encoding: 'gzip' })]) {
      expect([small.status, small.headers.get('content-encoding'), small.headers.get('vary')]).toEqual([small.status, null, 'Accept-Encoding'])
      expect(JSON.parse(new TextDecoder().decode(small.bytes)).success).toBe(false)
    }
  })
})

describe('files are sent as they are', () => {
  test('a clipboard image and an export archive: no content coding, the exact bytes', async () => {
    const image = png(40, 40)
    const entry = await addImage(t, alice, image)
    const r = await wire(`/api/v1/clipboard/${entry.id}/image`, { token: alice.token, encoding: 'gzip, br, zstd' })
    expect([r.status, r.headers.get('content-type'), r.headers.get('content-encoding')]).toEqual([200, 'image/png', null])
    expect(r.bytes).toEqual(image)

    const id = await startExport(t, alice, ['profile', 'checkIn'])
    expect((await runJob(t)).status).toBe('completed')
    const zip = await wire(`/api/v1/export/${id}/download`, { token: alice.token, encoding: 'gzip, br, zstd' })
    const plain = await wire(`/api/v1/export/${id}/download`, { token: alice.token })
    expect([zip.status, zip.headers.get('content-type'), zip.headers.get('content-encoding')]).toEqual([200, 'application/zip', null])
    expect(zip.headers.get('content-length')).toBe(String(plain.bytes.length))
    expect(zip.bytes).toEqual(plain.bytes)
  })

  test('a preflight has no body to compress', async () => {
    const r = await wire('/api/v1/check-in', { method: 'OPTIONS', encoding: 'gzip', headers: { origin: 'http://app.test', 'access-control-request-method': 'GET' } })
    expect([r.status, r.bytes.length, r.headers.get('content-encoding')]).toEqual([204, 0, null])
  })
})

describe('the web app\'s gzipped files share the negotiation', () => {
  const asset = Object.keys(webFiles).find((p) => p.startsWith('/assets/') && p.endsWith('.js') && webFiles[p]!.gzip)!

  test('a coding refused by name is not sent when `*` comes first', async () => {
    expect((await wire(asset, { encoding: '*' })).headers.get('content-encoding')).toBe('gzip')
    const refused = await wire(asset, { encoding: '*, gzip;q=0' })
    expect(refused.headers.get('content-encoding')).toBeNull()
    expect(refused.bytes).toEqual(new Uint8Array(await Bun.file(webFiles[asset]!.file).arrayBuffer()))
  })
})

/** The fields a Vary header names, in any order. */
const varyFields = (r: Wire) => (r.headers.get('vary') ?? '').split(',').map((field) => field.trim()).sort()

describe('CORS_ORIGINS as a list: Vary keeps Origin', () => {
  test('JSON answers, errors and the web app\'s files name both', async () => {
    const listed = createTestApp({ CORS_ORIGINS: 'https://app.example.com' })
    const other = serve(listed)
    try {
      const headers = { origin: 'https://app.example.com' }
      const bob = await createUser(listed)
      const asset = Object.keys(webFiles).find((p) => p.startsWith('/assets/') && webFiles[p]!.gzip)!
      for (const r of [
        await wire('/api/v1/users/me', { base: other.url, token: bob.token, headers, encoding: 'gzip' }),
        await wire('/api/docs/json', { base: other.url, headers, encoding: 'gzip' }),
        await wire('/api/v1/nothing', { base: other.url, headers, encoding: 'gzip' }),
        await wire(asset, { base: other.url, headers, encoding: 'gzip' }),
      ]) {
        expect(r.headers.get('access-control-allow-origin')).toBe('https://app.example.com')
        expect(varyFields(r)).toEqual(['Accept-Encoding', 'Origin'])
      }
    } finally {
      await other.stop()
      listed.close()
    }
  })
})
