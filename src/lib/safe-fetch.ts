/**
 * An outgoing GET for user-supplied URLs (docs/api/quick-add.md §7) that cannot be turned against the server's own
 * network: http(s) only, no user info, every resolved address must be public (unless allowPrivate), the
 * connection goes to the address that was checked (the name is never resolved twice, so DNS rebinding
 * cannot swap it), redirects are followed by hand and re-checked, one deadline covers the whole fetch and
 * the decoded body is capped.
 */
import http from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import { lookup as dnsLookup } from 'node:dns/promises'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import type { Transform } from 'node:stream'
import { isPublicAddress } from './public-address'

export interface ResolvedAddress { address: string; family: 4 | 6 }
/** Resolves a host name to all of its addresses (injectable so tests can simulate DNS answers). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>
export interface ConnectTarget { url: URL; address: string; family: 4 | 6 }
export interface ConnectInit { headers: Record<string, string>; signal: AbortSignal; method?: 'GET' | 'POST'; body?: string }
/** Sends one request (GET unless `method` says POST) to `target.address`, speaking to `target.url`'s host (Host header, TLS name). */
export type Connector = (target: ConnectTarget, init: ConnectInit) => Promise<http.IncomingMessage>

export interface SafeFetchOptions {
  allowPrivate: boolean
  headers: Record<string, string>
  timeoutMs?: number
  maxBytes?: number
  maxRedirects?: number
  resolve?: Resolver
  connect?: Connector
  /** POST `body` instead of a GET (notifications); redirects of a POST are not followed (maxRedirects 0) */
  method?: 'GET' | 'POST'
  body?: string
}

export interface SafeFetchResult {
  /** the final URL, after redirects */
  url: string
  status: number
  contentType: string | null
  body: Uint8Array
  truncated: boolean
  /** the Retry-After header, as sent */
  retryAfter: string | null
}

export type SafeFetchFailure = 'url' | 'address' | 'resolve' | 'redirects' | 'timeout' | 'network'

export class SafeFetchError extends Error {
  constructor(readonly reason: SafeFetchFailure, message: string) {
    super(message)
  }
}

export const FETCH_TIMEOUT_MS = 3000
export const FETCH_MAX_BYTES = 1_048_576
export const FETCH_MAX_REDIRECTS = 5
const REDIRECTS = new Set([301, 302, 303, 307, 308])

export const systemResolver: Resolver = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true })
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }))
}

/** node:http(s) with a `lookup` that hands back the vetted address: the socket goes there, while the Host
 *  header, SNI and certificate check still use the URL's host name. */
export const nodeConnector: Connector = (target, init) => new Promise((resolve, reject) => {
  const { url, address, family } = target
  const request = (url.protocol === 'https:' ? https : http).request({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port || undefined,
    path: url.pathname + url.search,
    method: init.method ?? 'GET',
    headers: { ...init.headers, host: url.host, ...(init.body !== undefined ? { 'content-length': String(Buffer.byteLength(init.body)) } : {}) },
    signal: init.signal,
    agent: false,
    lookup: (_name: string, opts: { all?: boolean }, callback: (...args: any[]) => void) => {
      if (opts?.all) callback(null, [{ address, family }])
      else callback(null, address, family)
    },
  }, resolve)
  request.on('error', reject)
  request.end(init.body)
})

function checkUrl(raw: string | URL): URL {
  let url: URL
  try { url = new URL(raw) } catch { throw new SafeFetchError('url', 'not a URL') }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('url', 'only http and https are fetched')
  if (url.username !== '' || url.password !== '') throw new SafeFetchError('url', 'URLs with user info are not fetched')
  if (url.hostname === '') throw new SafeFetchError('url', 'no host')
  return url
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/** Resolves the URL's host once and checks every address; the first one is where we connect. */
async function vet(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<ConnectTarget> {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const literal = isIP(host)
  let addresses: ResolvedAddress[]
  if (literal === 4 || literal === 6) addresses = [{ address: host, family: literal }]
  else {
    try {
      addresses = await abortable((options.resolve ?? systemResolver)(host), signal)
    } catch (err) {
      if (signal.aborted) throw err
      throw new SafeFetchError('resolve', `cannot resolve ${host}`)
    }
  }
  const first = addresses[0]
  if (!first) throw new SafeFetchError('resolve', `no address for ${host}`)
  if (!options.allowPrivate && !addresses.every((a) => isPublicAddress(a.address))) {
    throw new SafeFetchError('address', `${host} resolves to a refused address`)
  }
  return { url, address: first.address, family: first.family }
}

function decoderFor(encoding: string): Transform | undefined {
  if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip()
  if (encoding === 'deflate') return createInflate()
  if (encoding === 'br') return createBrotliDecompress()
  return undefined
}

/** Reads at most `maxBytes` of the decoded body; the rest is discarded by closing the connection. */
function readBody(res: http.IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<{ body: Uint8Array; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const decoder = decoderFor(String(res.headers['content-encoding'] ?? '').trim().toLowerCase())
    const stream = decoder ? res.pipe(decoder) : res
    const chunks: Buffer[] = []
    let size = 0
    let settled = false
    const settle = () => {
      settled = true
      signal.removeEventListener('abort', onAbort)
      res.destroy()
      decoder?.destroy()
    }
    const finish = (truncated: boolean) => {
      if (settled) return
      settle()
      resolve({ body: new Uint8Array(Buffer.concat(chunks, size)), truncated })
    }
    const fail = (err: unknown) => {
      if (settled) return
      settle()
      reject(err)
    }
    const onAbort = () => fail(signal.reason)
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    stream.on('data', (chunk: Buffer) => {
      if (settled) return
      const room = maxBytes - size
      if (chunk.length >= room) {
        chunks.push(chunk.subarray(0, room))
        size += room
        finish(true)
        return
      }
      chunks.push(chunk)
      size += chunk.length
    })
    stream.on('end', () => finish(false))
    stream.on('close', () => finish(false))
    stream.on('error', fail)
    if (decoder) res.on('error', fail)
  })
}

/** Checks a URL and where its host resolves to, without connecting (a channel's URL when it is saved). */
export async function checkDestination(input: string, options: Pick<SafeFetchOptions, 'allowPrivate' | 'resolve'>): Promise<void> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(new SafeFetchError('timeout', 'the lookup took too long')), FETCH_TIMEOUT_MS)
  try {
    await vet(checkUrl(input), { ...options, headers: {} }, controller.signal)
  } catch (err) {
    if (err instanceof SafeFetchError) throw err
    throw new SafeFetchError('timeout', 'the lookup took too long')
  } finally {
    clearTimeout(timer)
  }
}

/** GET (or POST) `input` under the rules above. Throws SafeFetchError; any status is returned (redirects followed). */
export async function safeFetch(input: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const maxRedirects = options.maxRedirects ?? FETCH_MAX_REDIRECTS
  const connect = options.connect ?? nodeConnector
  const controller = new AbortController()
  const signal = controller.signal
  const timer = setTimeout(() => controller.abort(new SafeFetchError('timeout', 'the fetch took too long')), options.timeoutMs ?? FETCH_TIMEOUT_MS)
  try {
    let url = checkUrl(input)
    for (let redirects = 0; ; redirects++) {
      const target = await vet(url, options, signal)
      const res = await abortable(connect(target, { headers: options.headers, signal, method: options.method, body: options.body }), signal)
      const status = res.statusCode ?? 0
      const location = res.headers.location
      if (REDIRECTS.has(status) && location) {
        res.destroy()
        if (redirects >= maxRedirects) throw new SafeFetchError('redirects', `more than ${maxRedirects} redirects`)
        const next = URL.parse(location, url)
        if (!next) throw new SafeFetchError('url', 'the redirect target is not a URL')
        url = checkUrl(next)
        continue
      }
      const { body, truncated } = await readBody(res, options.maxBytes ?? FETCH_MAX_BYTES, signal)
      const type = res.headers['content-type']
      const retryAfter = res.headers['retry-after']
      return { url: url.href, status, contentType: typeof type === 'string' ? type : null, body, truncated, retryAfter: typeof retryAfter === 'string' ? retryAfter : null }
    }
  } catch (err) {
    if (err instanceof SafeFetchError) throw err
    if (signal.aborted) throw new SafeFetchError('timeout', 'the fetch took too long')
    throw new SafeFetchError('network', err instanceof Error ? err.message : String(err))
  } finally {
    clearTimeout(timer)
  }
}
