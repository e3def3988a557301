/** The libraries API (docs/api/quick-add.md §9): list, show and delete the caller's own items. */
import type { Deps } from '../../lib/deps'
import type { Unchecked } from '../../lib/validation'
import { NotFoundError } from '../../lib/errors'
import { pageOf } from '../../lib/http/pagination'
import { paginationMeta } from '../../lib/http/envelope'
import type { UserRow } from '../users/schema'
import { isLibraryName, type LibraryName } from './fields'
import { LibraryListQuery } from './model'
import { presentLibraryItem } from './present'

/** An unknown library name is answered like an unknown path. */
export function libraryFrom(type: string): LibraryName {
  if (!isLibraryName(type)) throw new NotFoundError()
  return type
}

export async function listLibraryItems(deps: Deps, user: UserRow, input: { type: string; query: Unchecked<typeof LibraryListQuery> }) {
  const library = libraryFrom(input.type)
  const query = LibraryListQuery.validate(input.query)
  const { page, perPage, offset } = pageOf(query)
  // Only to-dos have a state and a due date; the other libraries ignore these parameters.
  const filter = library === 'todos' ? { status: query.status ?? 'all', sort: query.sort ?? 'created', dueUntil: query.due_until ?? null } : undefined
  const { rows, total } = await deps.stores.libraries.list(user.id, library, perPage, offset, filter)
  return { items: rows.map(presentLibraryItem), meta: paginationMeta(page, perPage, total, rows.length) }
}

/** `itemId` has the form of a UUID (the route checks it); the lookups compare it case-insensitively. */
export async function showLibraryItem(deps: Deps, user: UserRow, input: { type: string; itemId: string }) {
  const library = libraryFrom(input.type)
  const row = await deps.stores.libraries.get(user.id, library, input.itemId)
  if (!row) throw new NotFoundError()
  return presentLibraryItem(row)
}

export async function deleteLibraryItem(deps: Deps, user: UserRow, input: { type: string; itemId: string }): Promise<void> {
  const library = libraryFrom(input.type)
  if (!await deps.stores.libraries.delete(user.id, library, input.itemId)) throw new NotFoundError()
}
