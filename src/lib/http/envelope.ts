import type { Clock } from '../clock'

/** The success envelope of docs/api/conventions.md §3.1, keys in contract order. */
export function ok<T>(clock: Clock, message: string, data: T) {
  return { success: true as const, message, data, timestamp: new Date(clock.now()).toISOString() }
}

export interface PaginationMeta {
  current_page: number
  last_page: number
  per_page: number
  total: number
  from: number | null
  to: number | null
  has_more_pages: boolean
}

/** docs/api/conventions.md §3.2 */
export function paginationMeta(page: number, perPage: number, total: number, count: number): PaginationMeta {
  const lastPage = Math.max(1, Math.ceil(total / perPage))
  const from = count > 0 ? (page - 1) * perPage + 1 : null
  return {
    current_page: page,
    last_page: lastPage,
    per_page: perPage,
    total,
    from,
    to: from === null ? null : from + count - 1,
    has_more_pages: page < lastPage,
  }
}

export function okPage<T>(clock: Clock, message: string, data: T[], meta: PaginationMeta) {
  return { ...ok(clock, message, data), meta: { pagination: meta } }
}

export function errorBody(clock: Clock, code: string, message: string, errors?: unknown) {
  const body: Record<string, unknown> = { success: false, message, code, timestamp: new Date(clock.now()).toISOString() }
  if (errors !== undefined) body.errors = errors
  return body
}
