/** GET /v1/search (docs/api/search.md): the caller's library items, clipboard texts and day notes that hold the words. */
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import type { Unchecked } from '../../lib/validation'
import { pageOf } from '../../lib/http/pagination'
import { paginationMeta, type PaginationMeta } from '../../lib/http/envelope'
import { SearchQuery } from './model'
import { presentHit, type SearchHit } from './present'
import { queryWords } from './words'

export async function search(
  deps: Pick<Deps, 'stores'>, actor: Actor, query: Unchecked<typeof SearchQuery>,
): Promise<{ hits: SearchHit[]; meta: PaginationMeta }> {
  const input = SearchQuery.validate(query)
  const { page, perPage, offset } = pageOf(input)
  const words = queryWords(input.q)
  // Punctuation alone (`"`, `*`, `-`) is a query without words: nothing holds it.
  if (words.length === 0) return { hits: [], meta: paginationMeta(page, perPage, 0, 0) }
  const { rows, total } = await deps.stores.search.search(actor.user.id, words, perPage, offset)
  return { hits: rows.map((row) => presentHit(row, words)), meta: paginationMeta(page, perPage, total, rows.length) }
}
