import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import type { Unchecked } from '../../lib/validation'
import { pageOf } from '../../lib/http/pagination'
import { paginationMeta, type PaginationMeta } from '../../lib/http/envelope'
import { ClipboardListQuery } from './model'
import { presentClipboardEntry, type ClipboardEntry } from './present'

/** docs/api/clipboard.md §2 — one page of the actor's entries, newest first (ties: higher id first). */
export async function listClipboardEntries(
  deps: Pick<Deps, 'stores' | 'config'>, actor: Actor, query: Unchecked<typeof ClipboardListQuery>,
): Promise<{ entries: ClipboardEntry[]; meta: PaginationMeta }> {
  const input = ClipboardListQuery.validate(query)
  const { page, perPage, offset } = pageOf(input)
  const { rows, total } = await deps.stores.clipboard.page(actor.user.id, input.type, perPage, offset)
  return { entries: rows.map((row) => presentClipboardEntry(deps, row)), meta: paginationMeta(page, perPage, total, rows.length) }
}
