import { f, validate } from '../validation'

export interface PageQuery { page: number; perPage: number; offset: number }

const DEFAULT_PER_PAGE = 50

/**
 * The `page` and `per_page` rules (docs/api/conventions.md §3.2) with the endpoint's range, to spread into a model's
 * query declaration: `rules({ ...pageFields(100), type: … })`.
 */
export const pageFields = (maxPerPage: number) => ({
  page: f.queryInt().atLeast(1).describe('page number, default 1'),
  per_page: f.queryInt().between(1, maxPerPage).describe(`items per page, default ${DEFAULT_PER_PAGE}`),
})

/** The page a validated query asks for, defaults filled in. */
export function pageOf(query: { page?: number; per_page?: number }): PageQuery {
  const page = query.page ?? 1
  const perPage = query.per_page ?? DEFAULT_PER_PAGE
  // A page far past the end still needs an offset SQLite can bind (a 64-bit integer).
  return { page, perPage, offset: Math.min((page - 1) * perPage, Number.MAX_SAFE_INTEGER) }
}

/** Validates `page` and `per_page` alone, for verbs that validate their other query fields apart. */
export function pageQuery(query: Record<string, unknown>, maxPerPage: number): PageQuery {
  return pageOf(validate(query, pageFields(maxPerPage)))
}
