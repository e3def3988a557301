import { count, desc, inArray } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import type { Unchecked } from '../../lib/validation'
import { ForbiddenError } from '../../lib/errors'
import { isAdmin } from '../../lib/actor'
import { paginationMeta } from '../../lib/http/envelope'
import { pageOf } from '../../lib/http/pagination'
import { presentUserSummary } from './present'
import { users, type UserRow } from './schema'
import { AdminListQuery } from './model'

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

/** docs/api/users.md §8.1: admins page through all users, newest first, optionally filtered by `q`. */
export function listUsers(deps: Pick<Deps, 'db'>, actor: Actor, query: Unchecked<typeof AdminListQuery>) {
  if (!isAdmin(actor.user.role)) throw new ForbiddenError()
  const input = AdminListQuery.validate(query)
  const { page, perPage, offset } = pageOf(input)
  const { q } = input
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
