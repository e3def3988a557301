/**
 * A library item's search document (docs/api/search.md §5) computed in code, for PostgreSQL, which has no trigger
 * on `library_items`: the same title and body SQLite's `search_library_docs` view derives from the stored JSON
 * (migrations/0011_search_index.sql). The title is the item's name field; the body every other field a person
 * writes text into, JSON strings only, in the order the stored object has them (json_tree's order), a tag array's
 * strings where the array stands, joined by ' · '. A `data` that is not JSON, or not an object, is an empty
 * document. The store suite proves both engines index the same title and body (test/scaling/libraries-store.test.ts).
 */
const TITLE_KEY: Record<string, string> = { quotes: 'quote', plants: 'name' }
const BODY_KEYS = new Set([
  'artist', 'author', 'developer', 'publisher', 'description', 'ingredients', 'source', 'latin_name', 'instructions', 'content',
  'link', 'url', 'site_url',
])

/** json_extract's value as SQLite stores it into a text column: strings as they are, true/false as 1/0, JSON as text. */
function asText(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'boolean') return value ? '1' : '0'
  if (typeof value === 'number') return String(value)
  return JSON.stringify(value)
}

export function libraryDocText(library: string, data: string): { title: string; body: string } {
  let fields: unknown
  try {
    fields = JSON.parse(data)
  } catch {
    return { title: '', body: '' }
  }
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return { title: '', body: '' }
  const parts: string[] = []
  for (const [key, value] of Object.entries(fields)) {
    // json_tree's rows under `$.tags` are its elements (or members): their strings count, the container does not.
    if (key === 'tags' && value && typeof value === 'object') parts.push(...Object.values(value).filter((tag) => typeof tag === 'string'))
    else if (typeof value === 'string' && (BODY_KEYS.has(key) || (key === 'category' && library === 'todos'))) parts.push(value)
  }
  return { title: asText((fields as Record<string, unknown>)[TITLE_KEY[library] ?? 'title']), body: parts.join(' · ') }
}
