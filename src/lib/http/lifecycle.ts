/**
 * Everything every request goes through, as hooks of the Elysia app: the request id, CORS and the common
 * headers (docs/api/conventions.md §4–5), preflights, body limits and decoding (§2), one renderer for every error, 404
 * and 405 from the app's own router (§1), JSON answers in the contract's content type, compressed where the
 * client takes it (compression.ts), and the access line.
 */
import { Elysia, StatusMap, type AnyElysia, type Context } from 'elysia'
import type { Config } from '../../config'
import type { Clock } from '../clock'
import { errorFields, type Logger } from '../logger'
import { AppError, MalformedJsonError, MethodNotAllowedError, NotFoundError } from '../errors'
import { errorBody } from './envelope'
import { requestScope } from './request-scope'
import { ClientClosedError, decodeForm, decodeJson, readBody } from './body'
import { RouteIndex } from './routes'
import { compressAnswer, mergeVary } from './compression'

const REQUEST_ID_RE = /^[A-Za-z0-9._-]{1,128}$/
const JSON_TYPE = 'application/json; charset=utf-8'
const INTERNAL = () => new AppError(500, 'internal_error', 'An unexpected error occurred.')

export interface LifecycleDeps { config: Config; clock: Clock; logger: Logger }

export interface LifecycleOptions {
  /**
   * What a browser's page load of a path no route answers gets instead of the JSON 404 (the web app, which draws its
   * own "page not found"), or undefined to keep the JSON answer.
   */
  notFoundPage?: (request: Request) => Response | undefined
}

/** The contract's CORS and security headers that are the same on every answer (errors and preflights included). */
function fixedHeaders(config: Config): Record<string, string> {
  return {
    'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept, X-Requested-With, X-Request-Id',
    'Access-Control-Expose-Headers': 'Content-Disposition, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-Request-Id',
    'X-Content-Type-Options': 'nosniff',
    // Lower case: the JSON answers add Accept-Encoding to the same key of `set.headers`.
    ...(config.corsOrigins === '*' ? { 'Access-Control-Allow-Origin': '*' } : { vary: 'Origin' }),
  }
}

/** What Elysia serializes as JSON: the envelopes handlers return, not a Response, a file or a stream. */
function isJsonValue(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === Array.prototype
}

/** Every JSON answer may come compressed, so caches must key it by Accept-Encoding too. */
const varyByEncoding = (headers: Record<string, unknown>) => {
  headers.vary = mergeVary(headers.vary as string | undefined, 'Accept-Encoding')
}

const statusOf = (set: Context['set']) => (typeof set.status === 'number' ? set.status : StatusMap[set.status ?? 'OK'])

/**
 * A JSON answer as every one goes out: Vary names Accept-Encoding, and the body is compressed where the client takes
 * it. Undefined where it goes out as it is.
 */
function compressedJson(request: Request, set: Context['set'], serialize: () => string): Response | undefined {
  varyByEncoding(set.headers)
  const compressed = compressAnswer(request, set.status, serialize)
  return compressed && new Response(compressed.body, { status: statusOf(set), headers: { 'Content-Encoding': compressed.coding } })
}

/**
 * The answer of a route that wrote its JSON itself (the check-in list, features/check-in/list-json.ts), with what the
 * JSON answers Elysia serializes get: the contract's content type, Vary and compression; `set`'s other headers are
 * added by Elysia, as to any Response. Being a Response, it skips Elysia's check against the route's schema.
 */
export function jsonTextAnswer(request: Request, set: Context['set'], json: string): Response {
  return compressedJson(request, set, () => json) ?? new Response(json, { status: statusOf(set), headers: { 'content-type': JSON_TYPE } })
}

/**
 * What is logged of an unexpected error. A schema failure's message embeds the whole value that failed (a login
 * answer with its token), which must never reach the log (docs/configuration.md §6): only where and why it failed.
 */
function loggedFields(code: unknown, error: unknown) {
  if (code !== 'VALIDATION') return errorFields(error)
  const e = error as { type?: string; valueError?: { path?: string; message?: string }; stack?: string }
  return {
    error: `${e.type ?? 'value'} does not match its schema at ${e.valueError?.path || '/'}: ${e.valueError?.message ?? 'invalid'}`,
    stack: (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)).join('\n'),
  }
}

const pathOf = (url: string) => {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  const end = url.indexOf('?', start)
  return start === -1 ? '/' : url.slice(start, end === -1 ? undefined : end)
}

/** `app` is the root app: its router answers 405s. */
export function lifecycle(deps: LifecycleDeps, app: AnyElysia, options: LifecycleOptions = {}) {
  const { config, clock, logger } = deps
  const routes = new RouteIndex(app)
  const common = fixedHeaders(config)
  const allowedOrigins = config.corsOrigins === '*' ? undefined : config.corsOrigins

  const toAppError = (code: unknown, error: unknown, method: string, path: string): AppError => {
    if (error instanceof AppError) return error
    if (code === 'NOT_FOUND') {
      const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
      const allowed = routes.allowedMethods(trimmed)
      return allowed.length > 0 && !allowed.includes(method) ? new MethodNotAllowedError([...allowed, 'OPTIONS'].join(', ')) : new NotFoundError()
    }
    // A path parameter that fails its id rule names no resource (docs/api/conventions.md §7); the rule may carry the
    // endpoint's own 404 message.
    const failed = error as { type?: string; validator?: { schema?: { notFound?: string } } }
    if (code === 'VALIDATION' && failed.type === 'params') return new NotFoundError(failed.validator?.schema?.notFound)
    // Elysia wraps what the parse hook throws (413, 499) in its ParseError.
    if (code === 'PARSE') return (error as { cause?: unknown }).cause instanceof AppError ? (error as { cause: AppError }).cause : new MalformedJsonError()
    logger.error('unexpected error', { code, ...loggedFields(code, error) })
    return INTERNAL()
  }

  return new Elysia({ name: 'http-lifecycle' })
    // Every answer's fixed headers: Elysia starts each request's `set.headers` as a copy of these.
    .headers(common)
    .onRequest(({ request, set }) => {
      const given = request.headers.get('x-request-id')
      const id = given && REQUEST_ID_RE.test(given) ? given : crypto.randomUUID()
      requestScope().log.request_id = id
      set.headers['X-Request-Id'] = id
      const origin = allowedOrigins && request.headers.get('origin')
      if (origin && allowedOrigins!.includes(origin)) set.headers['Access-Control-Allow-Origin'] = origin
      if (request.method === 'OPTIONS') {
        return new Response(null, { status: 204, headers: { 'Access-Control-Max-Age': '86400' } })
      }
      // What Elysia sends an object with (docs/api/conventions.md §3, 5). A Response a handler returns (a file, an
      // error) keeps its own content type and cache policy: Elysia adds these only where the response has none.
      set.headers['content-type'] = JSON_TYPE
      set.headers['cache-control'] = 'no-store'
      // Empty segments (`/api//v1/health`, a second trailing slash) name no route; one trailing slash is ignored.
      if (pathOf(request.url).includes('//')) throw new NotFoundError()
    })
    .mapResponse({ as: 'global' }, ({ request, responseValue, set }) => {
      // A Response a handler built (a file, a download) keeps its bytes. Elysia fills in only the headers it lacks,
      // so a Vary of its own (the web app's Accept-Encoding) would drop CORS's `Vary: Origin`: merged here.
      if (responseValue instanceof Response) {
        const own = responseValue.headers.get('vary')
        if (own && set.headers.vary) responseValue.headers.set('vary', mergeVary(own, set.headers.vary))
        return
      }
      if (!isJsonValue(responseValue)) return
      // Anything not compressed Elysia serializes itself, as before; the content type and the other headers come from `set`.
      return compressedJson(request, set, () => JSON.stringify(responseValue))
    })
    // Elysia's query parser for routes with a standard-schema query splits a value at its commas and reads `[…]` and
    // `{…}` as JSON, so `q=milk,bread` came as two values and `from=a,b` as a valid date. A query string is names and
    // strings (docs/api/conventions.md §2.4): read again from the URL, where a repeated name keeps its last value.
    .onTransform({ as: 'global' }, (ctx) => {
      const at = ctx.request.url.indexOf('?')
      if (at !== -1) ctx.query = Object.fromEntries(new URLSearchParams(ctx.request.url.slice(at + 1)))
    })
    .onParse({ as: 'global' }, async ({ request, route }) => {
      // The full header: Elysia's `contentType` drops the multipart boundary.
      const contentType = request.headers.get('content-type') ?? ''
      const bytes = await readBody(request, contentType)
      // Bodies sent to routes that take none are size-checked but never parsed (docs/api/conventions.md §2.1).
      const kind = routes.bodyKind(request.method, route)
      if (kind === 'none') return {}
      const decoded = kind === 'formdata' ? await decodeForm(bytes, contentType) : decodeJson(bytes, contentType)
      if ('error' in decoded) {
        requestScope().bodyError = decoded.error
        return {}
      }
      return decoded.value
    })
    .onError({ as: 'global' }, ({ code, error, request, set }) => {
      const err = toAppError(code, error, request.method, pathOf(request.url))
      // No route at all (not a 405, not a handler's own 404).
      const page = code === 'NOT_FOUND' && err.status === 404 && !(error instanceof AppError) ? options.notFoundPage?.(request) : undefined
      if (page) return page
      if (err instanceof ClientClosedError) logger.warn('request aborted', { method: request.method, path: pathOf(request.url) })
      set.status = err.status
      varyByEncoding(set.headers)
      const body = JSON.stringify(errorBody(clock, err.code, err.message, err.errors))
      const headers: Record<string, string> = { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store', ...err.headers }
      // HEAD gets the header fields GET would, without the body; Elysia does that itself where a GET route answered.
      if (request.method === 'HEAD' && code === 'NOT_FOUND') return new Response(null, { status: err.status, headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } })
      const compressed = compressAnswer(request, err.status, () => body)
      if (compressed) headers['Content-Encoding'] = compressed.coding
      return new Response(compressed?.body ?? body, { status: err.status, headers })
    })
}

/**
 * The access line of a request, written by the app's front door once Elysia has answered (app.ts), not in an
 * afterResponse hook: Elysia schedules that hook per request, which cost 1.5–2 µs of the 17 µs of /users/me.
 */
export function accessLogger(logger: Logger) {
  return (request: Request, status: number) => {
    const scope = requestScope()
    logger.info('request', {
      method: request.method,
      path: pathOf(request.url),
      status,
      duration_ms: Math.round((performance.now() - scope.startedAt) * 100) / 100,
      ...(scope.userId ? { user_id: scope.userId } : {}),
    })
  }
}
