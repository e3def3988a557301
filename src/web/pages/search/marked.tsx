/** A hit's text as the API gives it (docs/api/search.md §4): plain segments as text, found words in <mark>. */
import type { ApiData } from '../../lib/api-types'

export type SearchHit = ApiData<'get', '/search'>[number]
type Segment = SearchHit['snippet'][number]

export function Marked({ segments }: { segments: Segment[] }) {
  // Text nodes and <mark> elements only: a segment is never read as HTML, whatever it holds.
  return <>{segments.map((segment, i) => (segment.mark ? <mark key={i}>{segment.text}</mark> : segment.text))}</>
}
