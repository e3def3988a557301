/**
 * Todo text parsing (docs/api/quick-add.md §5): link, due date, repeat, tags and category tokens are taken out of
 * the text in that order and the rest is the title. Pure: "today" is passed in.
 */
import { REPEATS, URL_MAX } from '../libraries/fields'
import { DUE_PHRASE_WORDS, parseDuePhrase, parseDueValue } from './due-date'
import { cut } from './text'

export type Repeat = (typeof REPEATS)[number]

export interface TodoParse {
  title: string
  due_at: string | null
  repeat: Repeat | null
  link: string | null
  tags: string[]
  category: string | null
}

export const TITLE_MAX = 255
import { TAG_MAX, TAGS_MAX } from '../libraries/fields'

export { TAG_MAX, TAGS_MAX }

const NAME = '[\\p{L}\\p{M}\\p{N}_-]+'
const TAG_RE = new RegExp(`^#(${NAME})$`, 'u')
const CATEGORY_RE = new RegExp(`^/${NAME}(?:/${NAME})*$`, 'u')
const REPEAT_RE = /^repeat:(daily|weekly|monthly|yearly)$/i
/** The plain word that may lead a due date written as words ("due tomorrow", "due: friday"). */
const DUE_WORD_RE = /^due:?$/i

/** `link:` values get https:// unless they carry http(s)://; they must parse as a URL with a host. */
export function linkFromToken(value: string): string | undefined {
  const link = /^https?:\/\//i.test(value) ? value : 'https://' + value
  const url = URL.parse(link)
  if (!url || url.hostname === '' || [...link].length > URL_MAX) return undefined
  return link
}

/** Tags in order, cut to 50 characters, duplicates dropped ignoring case (first spelling kept), at most 20. */
export function cleanTags(raw: string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const tag of raw) {
    const value = cut(tag, TAG_MAX)
    const key = value.toLowerCase()
    if (value === '' || seen.has(key)) continue
    seen.add(key)
    out.push(value)
  }
  return out.slice(0, TAGS_MAX)
}

/** The few tokens right after `index` that are still in the text, up to the first one taken out. */
function wordsAfter(tokens: string[], removed: boolean[], index: number): string[] {
  const words: string[] = []
  for (let i = index + 1; i < tokens.length && !removed[i] && words.length < DUE_PHRASE_WORDS; i++) words.push(tokens[i]!)
  return words
}

export function parseTodo(input: string, today: string): TodoParse {
  const tokens = input.match(/\S+/gu) ?? []
  const removed = tokens.map(() => false)
  const find = (test: (token: string) => boolean) => tokens.findIndex((tok, i) => !removed[i] && test(tok))

  let link: string | null = null
  const linkIndex = find((tok) => /^link:./i.test(tok))
  if (linkIndex >= 0) {
    const value = linkFromToken(tokens[linkIndex]!.slice(5))
    if (value !== undefined) { link = value; removed[linkIndex] = true }
  }

  let dueAt: string | null = null
  const dueIndex = find((tok) => /^due:./i.test(tok))
  if (dueIndex >= 0) {
    const value = parseDueValue(tokens[dueIndex]!.slice(4), today)
    if (value !== undefined) { dueAt = value; removed[dueIndex] = true }
  }
  // Without a date from a `due:` token, the first plain `due` followed by a date written as words (or any due value).
  for (let i = 0; dueAt === null && i < tokens.length; i++) {
    if (removed[i] || !DUE_WORD_RE.test(tokens[i]!)) continue
    const phrase = parseDuePhrase(wordsAfter(tokens, removed, i), today)
    if (phrase) {
      dueAt = phrase.date
      for (let k = i; k <= i + phrase.words; k++) removed[k] = true
    }
  }

  let repeatToken: Repeat | null = null
  const repeatIndex = find((tok) => REPEAT_RE.test(tok))
  if (repeatIndex >= 0) {
    repeatToken = REPEAT_RE.exec(tokens[repeatIndex]!)![1]!.toLowerCase() as Repeat
    removed[repeatIndex] = true
  }

  const rawTags: string[] = []
  tokens.forEach((tok, i) => {
    const m = removed[i] ? null : TAG_RE.exec(tok)
    if (m) { rawTags.push(m[1]!); removed[i] = true }
  })

  let category: string | null = null
  const categoryIndex = find((tok) => CATEGORY_RE.test(tok))
  if (categoryIndex >= 0) {
    category = cut(tokens[categoryIndex]!.slice(1), TITLE_MAX)
    removed[categoryIndex] = true
  }

  const rest = tokens.filter((_, i) => !removed[i]).join(' ')
  const title = cut(rest === '' ? tokens.join(' ') : rest, TITLE_MAX)
  // A repeat token is removed either way, but only repeats a todo that has a due date.
  return { title, due_at: dueAt, repeat: dueAt === null ? null : repeatToken, link, tags: cleanTags(rawTags), category }
}
