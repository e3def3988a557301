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
  return { page, perPage, offset: (page - 1) * perPage }
}
