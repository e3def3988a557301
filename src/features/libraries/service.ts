/** The libraries read API (quick-add.md §9): list, show and delete the caller's own items. */
import type { Deps } from '../../lib/deps'
import { NotFoundError } from '../../lib/errors'
import { UUID_RE } from '../../lib/crypto'
import { pageQuery } from '../../lib/http/pagination'
import { paginationMeta } from '../../lib/http/envelope'
import type { UserRow } from '../users/schema'
import { isLibraryName, type LibraryName } from './fields'
import { presentLibraryItem } from './present'
import { deleteLibraryRow, findLibraryItem, pageLibraryItems } from './queries'

/** An unknown library name is answered like an unknown path. */
function libraryFrom(type: string): LibraryName {
  if (!isLibraryName(type)) throw new NotFoundError()
  return type
}

function itemIdFrom(itemId: string): string {
  if (!UUID_RE.test(itemId)) throw new NotFoundError()
  return itemId.toLowerCase()
}

export function listLibraryItems(deps: Deps, user: UserRow, input: { type: string; query: Record<string, unknown> }) {
  const library = libraryFrom(input.type)
  const { page, perPage, offset } = pageQuery(input.query, 100)
  const { rows, total } = pageLibraryItems(deps, user.id, library, perPage, offset)
  return { items: rows.map(presentLibraryItem), meta: paginationMeta(page, perPage, total, rows.length) }
}

export function showLibraryItem(deps: Deps, user: UserRow, input: { type: string; itemId: string }) {
  const library = libraryFrom(input.type)
  const row = findLibraryItem(deps, user.id, library, itemIdFrom(input.itemId))
  if (!row) throw new NotFoundError()
  return presentLibraryItem(row)
}

export function deleteLibraryItem(deps: Deps, user: UserRow, input: { type: string; itemId: string }): void {
  const library = libraryFrom(input.type)
  if (!deleteLibraryRow(deps, user.id, library, itemIdFrom(input.itemId))) throw new NotFoundError()
}
