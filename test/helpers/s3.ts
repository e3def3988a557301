/**
 * A real S3-compatible server on loopback for the off-site backup tests: s3rver (the npm package) stores the objects
 * and answers PutObject, multipart uploads, ListObjectsV2 and DeleteObject. s3rver 3.7.1 checks only the access key
 * of a Signature V4 request ("Signature version 4 calculation is unimplemented" in its authentication middleware),
 * so the server tests talk to is a small front on its own port that verifies each request's SigV4 signature with
 * the secret, as S3 does, answers 403 SignatureDoesNotMatch when it is wrong and forwards everything else untouched.
 *
 * s3rver encrypts its ListObjectsV2 continuation tokens with single DES, which neither Bun (BoringSSL) nor Node 17+
 * (OpenSSL 3 without the legacy provider) offers: `createCipheriv('des', …)` throws "Unknown cipher" and every second
 * page of a listing is a 500. The token is opaque to clients, so `des` is mapped to AES-128-CBC (the same 8-byte key
 * and IV, doubled) for s3rver's calls, and nothing else changes. And s3rver lists a bucket by walking its folder
 * and relies on Node's `readdirSync`, which returns names sorted (libuv sorts them), to hand out keys in S3's
 * lexicographic order; Bun returns them in the file system's order, so pages after the first overlapped. Its walk
 * is replaced by the same walk over sorted names before s3rver is loaded.
 */
import type S3rverType from 's3rver'
import crypto, { createHash, createHmac } from 'node:crypto'
import http from 'node:http'
import net from 'node:net'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, posix } from 'node:path'

/** s3rver's built-in account */
export const S3_ACCESS_KEY = 'S3RVER'
export const S3_SECRET = 'S3RVER'

export interface TestS3 {
  port: number
  bucket: string
  /** BACKUP_S3_URL for this server with the given prefix (and optional other secret / options) */
  url(prefix?: string, opts?: { secret?: string; query?: string }): string
  /** a client for the test's own reads and writes, bypassing the code under test */
  client: Bun.S3Client
  /** requests the front refused for a bad signature */
  refused: number
  close(): Promise<void>
}

const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())

function canonicalQuery(raw: string): string {
  if (!raw) return ''
  return raw.split('&').filter(Boolean).map((pair) => {
    const i = pair.indexOf('=')
    const k = decodeURIComponent((i < 0 ? pair : pair.slice(0, i)).replace(/\+/g, '%20'))
    const v = i < 0 ? '' : decodeURIComponent(pair.slice(i + 1).replace(/\+/g, '%20'))
    return [rfc3986(k), rfc3986(v)] as const
  }).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`).join('&')
}

/** null when the request carries a valid AWS4-HMAC-SHA256 header signature made with `secret`, else why not. */
export function sigV4Problem(req: http.IncomingMessage, secret: string): string | null {
  const auth = req.headers.authorization
  if (!auth?.startsWith('AWS4-HMAC-SHA256 ')) return 'no AWS4-HMAC-SHA256 authorization header'
  const parts = new Map(auth.slice('AWS4-HMAC-SHA256 '.length).split(',').map((p) => {
    const [k, ...v] = p.trim().split('=')
    return [k, v.join('=')] as const
  }))
  const credential = parts.get('Credential')?.split('/')
  const signedHeaders = parts.get('SignedHeaders')?.split(';')
  const signature = parts.get('Signature')
  const amzDate = req.headers['x-amz-date']
  const payloadHash = req.headers['x-amz-content-sha256']
  if (!credential || credential.length !== 5 || !signedHeaders || !signature || typeof amzDate !== 'string' || typeof payloadHash !== 'string') {
    return 'malformed authorization'
  }
  if (!signedHeaders.includes('host')) return 'host is not signed'
  const [, date, region, service, terminal] = credential as [string, string, string, string, string]
  if (!amzDate.startsWith(date) || terminal !== 'aws4_request') return 'bad credential scope'
  const url = req.url ?? '/'
  const q = url.indexOf('?')
  const canonicalRequest = [
    req.method,
    q < 0 ? url : url.slice(0, q),
    canonicalQuery(q < 0 ? '' : url.slice(q + 1)),
    signedHeaders.map((h) => `${h}:${String(req.headers[h] ?? '').trim().replace(/ +/g, ' ')}\n`).join(''),
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n')
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, [date, region, service, terminal].join('/'),
    createHash('sha256').update(canonicalRequest).digest('hex')].join('\n')
  let key: Buffer = createHmac('sha256', 'AWS4' + secret).update(date).digest()
  for (const part of [region, service, 'aws4_request']) key = createHmac('sha256', key).update(part).digest()
  const expected = createHmac('sha256', key).update(stringToSign).digest('hex')
  return expected === signature ? null : 'signature does not match'
}

let loaded: typeof S3rverType | undefined
async function loadS3rver(): Promise<typeof S3rverType> {
  if (loaded) return loaded
  const utils = require('s3rver/lib/utils') as { walk: (dir: string, filter?: (p: string) => boolean) => Generator<string> }
  utils.walk = function* walk(dir: string, filter?: (p: string) => boolean): Generator<string> {
    for (const name of readdirSync(dir).sort()) {
      const path = posix.join(dir, name)
      if (!statSync(path).isDirectory()) yield path
      else if (!filter || filter(path)) yield* walk(path, filter)
    }
  }
  const widen = (b: crypto.BinaryLike) => { const x = Buffer.from(b as Uint8Array); return Buffer.concat([x, x]) }
  const c = crypto as unknown as Record<'createCipheriv' | 'createDecipheriv', (...a: unknown[]) => unknown>
  for (const name of ['createCipheriv', 'createDecipheriv'] as const) {
    const original = c[name]!.bind(crypto)
    c[name] = (algorithm: unknown, key: unknown, iv: unknown, ...rest: unknown[]) =>
      algorithm === 'des' ? original('aes-128-cbc', widen(key as Buffer), widen(iv as Buffer), ...rest) : original(algorithm, key, iv, ...rest)
  }
  loaded = (await import('s3rver')).default
  return loaded
}

export async function startS3(bucket = 'backups'): Promise<TestS3> {
  const S3rver = await loadS3rver()
  const dir = mkdtempSync(join(tmpdir(), 's3rver-'))
  const store = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket, configs: [] }] })
  const inner = (await store.run()) as net.AddressInfo
  const state = { refused: 0 }
  const front = http.createServer((req, res) => {
    if (sigV4Problem(req, S3_SECRET) !== null) {
      state.refused++
      req.resume()
      res.writeHead(403, { 'content-type': 'application/xml' })
      res.end('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code><Message>The request ' +
        'signature we calculated does not match the signature you provided. Check your key and signing method.</Message></Error>')
      return
    }
    const upstream = http.request({ host: '127.0.0.1', port: inner.port, method: req.method, path: req.url, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers)
      r.pipe(res)
    })
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
  const port = (front.address() as net.AddressInfo).port
  const endpoint = `http://127.0.0.1:${port}`
  return {
    port,
    bucket,
    url: (prefix = '', opts = {}) =>
      `s3://${S3_ACCESS_KEY}:${encodeURIComponent(opts.secret ?? S3_SECRET)}@127.0.0.1:${port}/${bucket}${prefix ? '/' + prefix : ''}` +
      `?secure=false${opts.query ? '&' + opts.query : ''}`,
    client: new Bun.S3Client({ accessKeyId: S3_ACCESS_KEY, secretAccessKey: S3_SECRET, bucket, endpoint, region: 'us-east-1' }),
    get refused() { return state.refused },
    async close() {
      front.closeAllConnections()
      await new Promise<void>((resolve) => front.close(() => resolve()))
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A loopback port that accepts connections and never answers: a store that hangs. */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((s) => { sockets.add(s); s.on('error', () => {}); s.on('close', () => sockets.delete(s)) })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as net.AddressInfo).port,
    async close() {
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A loopback port with nothing listening on it (connection refused). */
export async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
