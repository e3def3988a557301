import { count, desc, inArray } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../auth/tokens'
import { ForbiddenError, type FieldErrors } from '../../lib/errors'
import { isAdmin } from '../../lib/http/auth'
import { paginationMeta } from '../../lib/http/envelope'
import { pageQuery } from '../../lib/http/pagination'
import { collectErrors, f, throwIfErrors, validate } from '../../lib/validation'
import { presentUserSummary } from './present'
import { users, type UserRow } from './schema'

export const USERS_MAX_PER_PAGE = 200

const newestFirst = (a: { createdAt: number; id: string }, b: { createdAt: number; id: string }) =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)

/**
 * Ids of the users whose name or e-mail contains `q`. Matched in JavaScript because SQLite's LIKE and lower()
 * fold ASCII only, and names are often not ASCII; the id/name/email scan is small for a self-hosted instance.
 */
function matchingIds(deps: Pick<Deps, 'db'>, q: string): string[] {
  const needle = q.toLowerCase()
  return deps.db.select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt }).from(users).all()
    .filter((u) => u.name.toLowerCase().includes(needle) || u.email.toLowerCase().includes(needle))
    .sort(newestFirst)
    .map((u) => u.id)
}

/** users.md 8.1: admins page through all users, newest first, optionally filtered by `q`. */
export function listUsers(deps: Pick<Deps, 'db'>, actor: Actor, query: Record<string, unknown>) {
  if (!isAdmin(actor.user.role)) throw new ForbiddenError()
  const errors: FieldErrors = {}
  const paging = collectErrors(errors, () => pageQuery(query, USERS_MAX_PER_PAGE))
  const filter = collectErrors(errors, () => validate(query, { q: f.string().max(255) }))
  throwIfErrors(errors)
  const { page, perPage, offset } = paging!
  const q = filter!.q
  let rows: UserRow[]
  let total: number
  if (q === undefined) {
    total = deps.db.select({ n: count() }).from(users).get()!.n
    rows = deps.db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)).limit(perPage).offset(offset).all()
  } else {
    const ids = matchingIds(deps, q)
    total = ids.length
    const pageIds = ids.slice(offset, offset + perPage)
    rows = pageIds.length === 0 ? [] : deps.db.select().from(users).where(inArray(users.id, pageIds)).all().sort(newestFirst)
  }
  return { items: rows.map(presentUserSummary), meta: paginationMeta(page, perPage, total, rows.length) }
}
