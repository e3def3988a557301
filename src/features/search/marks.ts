/**
 * The marked text of a hit (docs/api/search.md §4): the words the query found, as segments a client renders as
 * text — never HTML — with the marked ones emphasised. Built here, the same for both engines, from the document's
 * text and the query's words: FTS5's highlight() and PostgreSQL's ts_headline mark differently and put their marks
 * into the text itself, where a text that holds the marker would be misread.
 */
import { textWords } from './words'

export interface Segment { text: string; mark: boolean }

/** The most characters a hit shows of a body, around its first marked word, and of a title (a quote's is its text). */
export const SNIPPET_CHARS = 200
export const TITLE_CHARS = 300
/** How far before the first marked word a snippet starts, so the word comes with some of what leads to it. */
const LEAD_CHARS = 40
const ELLIPSIS = '…'

/**
 * `text` (white space collapsed) cut to at most `chars` characters around its first marked word, or from its
 * beginning when none is, with an ellipsis where it was cut; each word beginning with a query word marked. A cut
 * falls between words, never inside a word or a character.
 */
export function markedSnippet(text: string, words: readonly string[], chars = SNIPPET_CHARS): Segment[] {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat === '') return []
  const found = [...textWords(flat, words)]
  const first = found.find((w) => w.match)
  let from = 0
  if (first && first.end > chars) from = found.find((w) => w.end > first.start - LEAD_CHARS)?.start ?? first.start
  const last = found.filter((w) => w.start >= from && w.end <= from + chars).at(-1)
  // A text whose first word is longer than the snippet (a URL-like run) is cut at a character boundary instead.
  let to = last && last.end > from ? last.end : cutAt(flat, from + chars)
  if (flat.length - from <= chars) to = flat.length
  const segments: Segment[] = []
  const push = (piece: string, mark: boolean) => {
    if (piece === '') return
    const previous = segments.at(-1)
    if (previous && previous.mark === mark && !mark) previous.text += piece
    else segments.push({ text: piece, mark })
  }
  if (from > 0) push(ELLIPSIS, false)
  let at = from
  for (const word of found) {
    if (!word.match || word.start < from || word.end > to) continue
    push(flat.slice(at, word.start), false)
    push(flat.slice(word.start, word.end), true)
    at = word.end
  }
  push(flat.slice(at, to), false)
  if (to < flat.length) push(ELLIPSIS, false)
  return segments
}

/** `index`, moved back off the second half of a surrogate pair, so a cut never splits a character. */
function cutAt(text: string, index: number): number {
  const code = text.charCodeAt(index)
  return index < text.length && code >= 0xdc00 && code <= 0xdfff ? index - 1 : Math.min(index, text.length)
}
