/**
 * The app's only door to the server: JSON over `/api/v1`, the bearer token of the session, and the contract's
 * envelopes turned into a value or an ApiError. Paths, bodies and answers are typed by the server's routes
 * (api-types.ts), so a route or response that changes fails `npm run typecheck` here.
 */
import type { ApiAnswer, ApiData, ApiPath, Method, RequestArgs } from './api-types'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** 422: field → messages; verification and reset failures: reason codes. */
    readonly errors?: Record<string, string[]> | string[],
  ) {
    super(message)
  }

  /** The first message for one field of a 422, if any. */
  field(name: string): string | undefined {
    return this.errors && !Array.isArray(this.errors) ? this.errors[name]?.[0] : undefined
  }
}

const TOKEN_KEY = 'daybook.token'

/** The token survives a reload (localStorage) and is forgotten on sign-out. */
export const tokenStore = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
}

/** Called when the server says the token is no longer valid, so the session can end everywhere at once. */
let onUnauthorized: () => void = () => {}
export const setUnauthorizedHandler = (handler: () => void) => { onUnauthorized = handler }

/** The one untyped step: a request and its JSON answer, or an ApiError. `request` and `api` type the answer. */
async function send(method: string, path: string, body?: unknown, init: Init = {}): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  const token = tokenStore.get()
  if (token) headers.Authorization = `Bearer ${token}`
  let payload: BodyInit | undefined
  if (body instanceof FormData) payload = body
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json'
    payload = JSON.stringify(body)
  }
  let response: Response
  try {
    response = await fetch(`/api/v1${path}`, { method, headers, body: payload, signal: init.signal })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(0, 'network_error', 'The server could not be reached.')
  }
  const json = await response.json().catch(() => null)
  if (!response.ok || !json || json.success === false) {
    // Only a refused token ends the session: a refused link or password (verify, reset, login) is a 401 too.
    if (response.status === 401 && token && json?.code === 'unauthenticated') onUnauthorized()
    throw new ApiError(response.status, json?.code ?? 'http_error', json?.message ?? `HTTP ${response.status}`, json?.errors)
  }
  // The server checked it against the route's response schema before sending it (Elysia's response validation).
  return json
}

interface Init { signal?: AbortSignal }
type Verb = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** The whole answer of `method path`, envelope and all (`meta.pagination` of a paged list); most callers want `api`. */
export function request<V extends Verb, P extends ApiPath<Lowercase<V>>>(
  method: V, path: P, ...[body, init]: RequestArgs<Lowercase<V>, P>
): Promise<ApiAnswer<Lowercase<V>, P>> {
  return send(method, path, body, init) as Promise<ApiAnswer<Lowercase<V>, P>>
}

const dataOf = (answer: unknown) => (answer as { data: unknown }).data

/** The `data` of a request, typed by its route: `api.get('/users/me')` is the FullUser of users/model-shared.ts. */
export const api = {
  get: <P extends ApiPath<'get'>>(path: P, init?: Init) =>
    send('GET', path, undefined, init).then(dataOf) as Promise<ApiData<'get', P>>,
  post: <P extends ApiPath<'post'>>(path: P, ...[body, init]: RequestArgs<'post', P>) =>
    send('POST', path, body ?? {}, init).then(dataOf) as Promise<ApiData<'post', P>>,
  put: <P extends ApiPath<'put'>>(path: P, ...[body, init]: RequestArgs<'put', P>) =>
    send('PUT', path, body ?? {}, init).then(dataOf) as Promise<ApiData<'put', P>>,
  patch: <P extends ApiPath<'patch'>>(path: P, ...[body, init]: RequestArgs<'patch', P>) =>
    send('PATCH', path, body ?? {}, init).then(dataOf) as Promise<ApiData<'patch', P>>,
  delete: <P extends ApiPath<'delete'>>(path: P) => send('DELETE', path).then(dataOf) as Promise<ApiData<'delete', P>>,
}
