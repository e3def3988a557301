/** The newest items across all libraries: the API lists one library at a time (quick-add.md §9). */
import { api } from '../../lib/api'
import { LIBRARIES } from '../libraries/names'

export interface LibraryItem {
  id: string | number; library: string; created_at: string
  title?: string; quote?: string; name?: string; content?: string
}

/** What names an item: most libraries have a title, quotes their text, plants a name, clipboard entries their content. */
export const itemTitle = (item: LibraryItem) => item.title ?? item.quote ?? item.name ?? item.content ?? ''


/** The `count` newest items of all libraries: each library's newest `count`, merged (ISO timestamps sort as text). */
export async function loadNewestItems(count: number, signal: AbortSignal): Promise<LibraryItem[]> {
  const lists = await Promise.all(LIBRARIES.map((library) => api.get<LibraryItem[]>(`/libraries/${library}?per_page=${count}`, { signal })))
  return lists.flat()
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || String(b.id).localeCompare(String(a.id)))
    .slice(0, count)
}
