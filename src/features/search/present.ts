import { iso } from '../../lib/clock'
import { PAGES } from '../../web/paths'
import type { LibraryName } from '../libraries/fields'
import { markedSnippet, TITLE_CHARS, type Segment } from './marks'
import type { SearchDoc } from './store'

export type SearchHit =
  & { date: string; link: string; title: Segment[]; snippet: Segment[] }
  & ({ kind: 'library'; library: LibraryName; id: string } | { kind: 'clipboard' | 'day_note'; library: null; id: number })

/** Where the web app shows a document: its library's page, the clipboard, or the check-in of its day. */
function linkOf(doc: SearchDoc): string {
  switch (doc.source) {
    case 'library': return `${PAGES.library.replace(':type', doc.library!)}#item-${doc.ref}`
    case 'clipboard': return `${PAGES.clipboard}#entry-${doc.ref}`
    case 'day_note': return `${PAGES.checkIn}?date=${doc.day}`
  }
}

/** docs/api/search.md §3 — a found document, its words marked. */
export function presentHit(doc: SearchDoc, words: readonly string[]): SearchHit {
  const marked = { date: doc.day ?? iso(doc.at), link: linkOf(doc), title: markedSnippet(doc.title, words, TITLE_CHARS), snippet: markedSnippet(doc.body, words) }
  const kind = doc.source
  return kind === 'library'
    ? { kind, library: doc.library as LibraryName, id: doc.ref, ...marked }
    : { kind, library: null, id: Number(doc.ref), ...marked }
}
