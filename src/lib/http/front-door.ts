/**
 * Everything every request goes through, around the Elysia router: request id, preflight, 404/405, body
 * limits, then the app, then CORS and the common headers on whatever came back, and one access-log line.
 */
import type { Config } from '../../config'
import type { Clock } from '../clock'
import { errorFields, withLogFields, type Logger } from '../logger'
import { AppError, MethodNotAllowedError, NotFoundError, PayloadTooLargeError } from '../errors'
import { errorBody } from './envelope'
import { setRequestContext, type RequestContext } from './context'
import { isMultipart, JSON_BODY_LIMIT, MULTIPART_BODY_LIMIT, readLimited } from './body'
import type { RouteTable } from './routing'

const REQUEST_ID_RE = /^[A-Za-z0-9._-]{1,128}$/
const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS'
const ALLOW_HEADERS = 'Authorization, Content-Type, Accept, X-Requested-With, X-Request-Id'
const EXPOSE_HEADERS = 'Content-Disposition, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-Request-Id'
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export interface FrontDoorDeps { config: Config; clock: Clock; logger: Logger }

export type Handler = (request: Request, peerIp?: string) => Promise<Response>

export function createFrontDoor(deps: FrontDoorDeps, table: RouteTable, inner: (request: Request) => Promise<Response>): Handler {
  const { config, clock, logger } = deps

  const corsHeaders = (headers: Headers, origin: string | null) => {
    if (config.corsOrigins === '*') headers.set('Access-Control-Allow-Origin', '*')
    else {
      headers.append('Vary', 'Origin')
      if (origin && config.corsOrigins.includes(origin)) headers.set('Access-Control-Allow-Origin', origin)
    }
    headers.set('Access-Control-Allow-Methods', ALLOW_METHODS)
    headers.set('Access-Control-Allow-Headers', ALLOW_HEADERS)
    headers.set('Access-Control-Expose-Headers', EXPOSE_HEADERS)
  }

  const errorResponse = (err: AppError) => {
    const headers = new Headers({ 'Content-Type': 'application/json; charset=utf-8', ...err.headers })
    return new Response(JSON.stringify(errorBody(clock, err.code, err.message, err.errors)), { status: err.status, headers })
  }

  const route = async (request: Request, ctx: RequestContext, url: URL, path: string): Promise<Response> => {
    if (request.method === 'OPTIONS') {
      return new Response(null, { status: 204, headers: { 'Access-Control-Max-Age': '86400' } })
    }
    // Empty segments (`/api//v1/health`, a second trailing slash) name no route: only one trailing slash is ignored.
    const methods = /\/\/|.\/$/.test(path) ? [] : table.methodsFor(path)
    const method = request.method === 'HEAD' ? 'GET' : request.method
    // A malformed id is answered like an unknown one, with the endpoint's own message where it has one.
    if (methods.length === 0) return errorResponse(new NotFoundError(table.malformedIdMessage(method, path)))
    if (!methods.includes(method) && table.hasMalformedId(method, path)) return errorResponse(new NotFoundError(table.malformedIdMessage(method, path)))
    if (!methods.includes(method)) return errorResponse(new MethodNotAllowedError([...methods, 'OPTIONS'].join(', ')))

    let forward = request
    if (BODY_METHODS.has(method) && request.body) {
      const limit = isMultipart(ctx.contentType) ? MULTIPART_BODY_LIMIT : JSON_BODY_LIMIT
      const declared = Number(request.headers.get('content-length') ?? NaN)
      if (declared > limit) return errorResponse(new PayloadTooLargeError())
      const body = await readLimited(request.body, limit)
      if (!body) return errorResponse(new PayloadTooLargeError())
      ctx.body = body
    }
    if (method !== request.method || path !== url.pathname) {
      // HEAD is answered as GET; a trailing slash is dropped. The body (if any) is already in ctx.
      forward = new Request(new URL(path + url.search, url), { method, headers: request.headers })
      setRequestContext(forward, ctx)
    }
    return inner(forward)
  }

  return async function handle(request: Request, peerIp = '127.0.0.1'): Promise<Response> {
    const given = request.headers.get('x-request-id')
    const ctx: RequestContext = {
      id: given && REQUEST_ID_RE.test(given) ? given : crypto.randomUUID(),
      peerIp,
      startedAt: performance.now(),
      contentType: request.headers.get('content-type') ?? '',
      extraHeaders: {},
    }
    setRequestContext(request, ctx)
    const url = new URL(request.url)
    const path = url.pathname.length > 1 && url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : url.pathname

    let response: Response
    try {
      response = await withLogFields({ request_id: ctx.id }, () => route(request, ctx, url, path))
    } catch (err) {
      logger.error('unhandled error', { request_id: ctx.id, ...errorFields(err) })
      response = errorResponse(new AppError(500, 'internal_error', 'An unexpected error occurred.'))
    }

    const headers = response.headers
    corsHeaders(headers, request.headers.get('origin'))
    for (const [k, v] of Object.entries(ctx.extraHeaders)) headers.set(k, v)
    headers.set('X-Request-Id', ctx.id)
    headers.set('X-Content-Type-Options', 'nosniff')
    const type = headers.get('content-type')
    if (type?.startsWith('application/json')) {
      headers.set('Content-Type', 'application/json; charset=utf-8')
      if (!headers.has('cache-control')) headers.set('Cache-Control', 'no-store')
    }

    logger.info('request', {
      request_id: ctx.id,
      method: request.method,
      path: url.pathname,
      status: response.status,
      duration_ms: Math.round((performance.now() - ctx.startedAt) * 100) / 100,
      ...(ctx.userId ? { user_id: ctx.userId } : {}),
    })
    if (request.method === 'HEAD') {
      // The header fields GET would send, Content-Length included (files set their own; JSON bodies are small).
      if (!headers.has('content-length') && response.body) headers.set('Content-Length', String((await response.arrayBuffer()).byteLength))
      return new Response(null, { status: response.status, headers })
    }
    return response
  }
}
