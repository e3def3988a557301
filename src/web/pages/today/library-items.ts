/** The newest items across all libraries: the API lists one library at a time (docs/api/quick-add.md §9). */
import { api } from '../../lib/api'
import { LIBRARIES } from '../libraries/names'
import type { LibraryItem } from '../libraries/item'

export type { LibraryItem }

/** What names an item: most libraries have a title, quotes their text, plants a name, clipboard entries their content. */
export function itemTitle(item: { readonly [field: string]: unknown }): string {
  for (const key of ['title', 'quote', 'name', 'content']) {
    const value = item[key]
    if (typeof value === 'string') return value
  }
  return ''
}


/** The `count` newest items of all libraries: each library's newest `count`, merged (ISO timestamps sort as text). */
export async function loadNewestItems(count: number, signal: AbortSignal): Promise<LibraryItem[]> {
  const lists = await Promise.all(LIBRARIES.map((library) => api.get(`/libraries/${library}?per_page=${count}`, { signal })))
  return lists.flat()
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || String(b.id).localeCompare(String(a.id)))
    .slice(0, count)
}
