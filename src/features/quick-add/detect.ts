/**
 * Detection (docs/api/quick-add.md §3–4): the first matching rule decides the content type and its confidence.
 * Pure: nothing is saved or fetched; "today" (for todo due dates) is passed in.
 */
import { urlTypeForHost, type UrlContentType } from './domains'
import { parseSingleUrl } from './single-url'
import { parseTodo, TITLE_MAX, type TodoParse } from './todo-parser'
import { cut, firstLine } from './text'

export type DetectedType = UrlContentType | 'links' | 'todo' | 'note'

export type DetectMetadata = { url: string; hostname: string } | TodoParse | { title: string }

export interface Detection {
  content: string
  url: string
  content_type: DetectedType
  confidence: number
  needs_confirmation: boolean
  metadata: DetectMetadata
}

/** `due` or `repeat` as a whole word: no letter, digit or `_` (any script) right before or after. */
const TODO_WORD = /(?<![\p{L}\p{N}_])(?:due|repeat)(?![\p{L}\p{N}_])/iu
/** `link:` at the start or after white space. */
const LINK_MARKER = /(?:^|\s)link:/iu

export function hasTodoSignal(text: string): boolean {
  return TODO_WORD.test(text) || LINK_MARKER.test(text)
}

/** The note title: the first non-empty line, cut to 255 characters. */
export function noteTitle(text: string): string {
  return cut(firstLine(text), TITLE_MAX)
}

/** Detects `content` (already trimmed). */
export function detectContent(content: string, today: string): Detection {
  const result = (content_type: DetectedType, confidence: number, metadata: DetectMetadata): Detection => ({
    content, url: content, content_type, confidence, needs_confirmation: confidence < 0.6, metadata,
  })
  const single = parseSingleUrl(content)
  if (single) {
    const metadata = { url: single.href, hostname: single.hostname }
    const type = urlTypeForHost(single.hostname)
    return type ? result(type, 0.95, metadata) : result('links', 0.8, metadata)
  }
  if (hasTodoSignal(content)) return result('todo', 0.7, parseTodo(content, today))
  return result('note', 0.5, { title: noteTitle(content) })
}
