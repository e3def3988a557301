import { f, validate } from '../validation'

export interface PageQuery { page: number; perPage: number; offset: number }

/** Validates `page` and `per_page` (conventions.md 3.2) with the endpoint's range. */
export function pageQuery(query: Record<string, unknown>, maxPerPage: number, defaultPerPage = 50): PageQuery {
  const q = validate(query, {
    page: f.queryInt().atLeast(1),
    per_page: f.queryInt().between(1, maxPerPage),
  })
  const page = q.page ?? 1
  const perPage = q.per_page ?? defaultPerPage
  // A page far past the end still needs an offset SQLite can bind (a 64-bit integer).
  return { page, perPage, offset: Math.min((page - 1) * perPage, Number.MAX_SAFE_INTEGER) }
}
