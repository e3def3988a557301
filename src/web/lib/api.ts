/**
 * The app's only door to the server: JSON over `/api/v1`, the bearer token of the session, and the contract's
 * envelopes turned into a value or an ApiError.
 */
export interface Pagination {
  current_page: number; last_page: number; per_page: number; total: number
  from: number | null; to: number | null; has_more_pages: boolean
}

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

export interface Envelope<T> { data: T; message: string; meta?: { pagination: Pagination } }

type Body = Record<string, unknown> | FormData | undefined

export async function request<T>(method: string, path: string, body?: Body, init: { signal?: AbortSignal } = {}): Promise<Envelope<T>> {
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
  if (response.status === 204) return { data: null as T, message: '' }
  const json = await response.json().catch(() => null)
  if (!response.ok || !json || json.success === false) {
    // Only a refused token ends the session: a refused link or password (verify, reset, login) is a 401 too.
    if (response.status === 401 && token && json?.code === 'unauthenticated') onUnauthorized()
    throw new ApiError(response.status, json?.code ?? 'http_error', json?.message ?? `HTTP ${response.status}`, json?.errors)
  }
  return json as Envelope<T>
}

/** The `data` of a request. */
export const api = {
  get: <T>(path: string, init?: { signal?: AbortSignal }) => request<T>('GET', path, undefined, init).then((r) => r.data),
  post: <T>(path: string, body?: Body, init?: { signal?: AbortSignal }) => request<T>('POST', path, body ?? {}, init).then((r) => r.data),
  put: <T>(path: string, body?: Body) => request<T>('PUT', path, body ?? {}).then((r) => r.data),
  patch: <T>(path: string, body?: Body) => request<T>('PATCH', path, body ?? {}).then((r) => r.data),
  delete: <T>(path: string) => request<T>('DELETE', path).then((r) => r.data),
}
