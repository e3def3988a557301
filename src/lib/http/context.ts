/**
 * Per-request state that lives beside the Request object: the front door fills it (id, peer address, raw
 * body) and later steps add to it (the authenticated user for the access log, rate-limit headers).
 */
export interface RequestContext {
  id: string
  peerIp: string
  startedAt: number
  contentType: string
  /** the raw body as read (size-checked) by the front door; undefined for requests without one */
  body?: Uint8Array
  userId?: string
  /** headers every response of this request carries, whatever its outcome (X-RateLimit-*) */
  extraHeaders: Record<string, string>
}

const contexts = new WeakMap<Request, RequestContext>()

export function setRequestContext(request: Request, context: RequestContext): void {
  contexts.set(request, context)
}

export function requestContext(request: Request): RequestContext {
  let ctx = contexts.get(request)
  if (!ctx) {
    ctx = { id: crypto.randomUUID(), peerIp: '127.0.0.1', startedAt: performance.now(), contentType: '', extraHeaders: {} }
    contexts.set(request, ctx)
  }
  return ctx
}

/** Records who a request acted for, for its access-log line (sign-ins learn the user only at the end). */
export function noteRequestUser(request: Request, userId: string): void {
  requestContext(request).userId = userId
}
