/**
 * Search words (docs/api/search.md §2): how a query becomes words, and how a text's words are found again to mark
 * them. The same rules as the index's: SQLite's unicode61 tokenizer with remove_diacritics 2, and on PostgreSQL the
 * `search_words` function of migrations-postgres/0005_search_index.sql. A word is a run of letters, digits or
 * private-use characters (with combining accents, which folding drops); everything else — quotes, `*`, `-`, `:`,
 * parentheses, `NEAR`'s neighbours — separates words, so no query reaches either engine as syntax.
 */

/** At most this many words of a query count; a longer query (a pasted page of text) is cut, never refused. */
export const MAX_WORDS = 16
/**
 * A longer query word counts by its first this many characters (still a word's beginning): PostgreSQL refuses a
 * tsquery word of more than 2,046 bytes, and 200 characters are at most 800 bytes of UTF-8.
 */
export const MAX_WORD_CHARS = 200

/** A word's characters; the accents U+0300–U+036F belong to their letter and fold away (as unicode61's do). */
const WORD = /[\p{L}\p{N}\p{Co}\u0300-\u036f]+/gu
const ACCENTS = /[\u0300-\u036f]/g

/** A word as both engines compare it: accents dropped, lower case ("Café" → "cafe", "ÄRGER" → "arger"). */
export function fold(word: string): string {
  return word.normalize('NFD').replace(ACCENTS, '').normalize('NFC').toLowerCase()
}

/** The query's distinct folded words, in order, at most MAX_WORDS; none for a query of punctuation alone. */
export function queryWords(query: string): string[] {
  const words = new Set<string>()
  for (const [word] of query.matchAll(WORD)) {
    const folded = cut(fold(word))
    if (folded !== '') words.add(folded)
    if (words.size === MAX_WORDS) break
  }
  return [...words]
}

/** `word`, at most MAX_WORD_CHARS characters of it (code points: a character is never split). */
const cut = (word: string) => (word.length <= MAX_WORD_CHARS ? word : Array.from(word).slice(0, MAX_WORD_CHARS).join(''))

/** Each word in a text, where it stands and whether a query word begins it (every query word is a prefix). */
export function* textWords(text: string, words: readonly string[]): Generator<{ start: number; end: number; match: boolean }> {
  for (const found of text.matchAll(WORD)) {
    const folded = fold(found[0])
    yield { start: found.index, end: found.index + found[0].length, match: words.some((w) => folded.startsWith(w)) }
  }
}

/**
 * The FTS5 query: each word a quoted string with a prefix star, all of them required. A word holds no quote (the
 * doubling is there should that ever change), so the text inside the quotes is a string to FTS5, never an operator.
 */
export const ftsQuery = (words: readonly string[]) => words.map((w) => `"${w.replaceAll('"', '""')}"*`).join(' ')

/** The PostgreSQL tsquery, read as is (`::tsquery`, no parser): each word a quoted prefix lexeme, all required. */
export const tsQuery = (words: readonly string[]) => words.map((w) => `'${w.replaceAll('\\', '\\\\').replaceAll("'", "''")}':*`).join(' & ')
