/**
 * The field sets of every library (docs/api/quick-add.md §8) in one place: types, limits and defaults. The
 * presenter, the response schemas, quick-add's metadata validation and the export all read these.
 */
export const LIBRARIES = ['music', 'books', 'movies', 'games', 'recipes', 'links', 'quotes', 'plants', 'feeds', 'todos', 'notes'] as const
export type LibraryName = (typeof LIBRARIES)[number]

export function isLibraryName(value: string): value is LibraryName {
  return (LIBRARIES as readonly string[]).includes(value)
}

export const URL_MAX = 2048
/** A tag holds 1–50 characters; an item at most 20 tags (docs/api/quick-add.md §6.2). */
export const TAG_MAX = 50
export const TAGS_MAX = 20

/**
 * One field. `readOnly` ones are written by the server only (a to-do's completion time, the occurrence its
 * completion created): an edit (PATCH) ignores them like unknown keys; the presenter, the export and the import
 * carry them like any other.
 */
export type FieldDef = FieldKind & { readOnly?: true }

type FieldKind =
  /** a string; `required` ones hold 1..max characters, the others may be null */
  | { kind: 'string'; max: number; required: boolean }
  /** an integer or null */
  | { kind: 'integer'; min: number; max?: number }
  | { kind: 'boolean' }
  /** an http(s) URL of at most URL_MAX characters */
  | { kind: 'url'; required: boolean }
  | { kind: 'enum'; values: readonly string[]; default: string | null }
  /** an array of strings */
  | { kind: 'tags' }
  /** YYYY-MM-DD or null */
  | { kind: 'date' }
  /** epoch ms in storage, an ISO timestamp or null on the wire */
  | { kind: 'timestamp' }

const title = { kind: 'string', max: 255, required: true } as const
const name255 = { kind: 'string', max: 255, required: false } as const
const description = { kind: 'string', max: 2000, required: false } as const
const longText = { kind: 'string', max: 10000, required: false } as const
const year = { kind: 'integer', min: 0, max: 9999 } as const
const positive = { kind: 'integer', min: 1 } as const
const flag = { kind: 'boolean' } as const
const url = { kind: 'url', required: false } as const
const requiredUrl = { kind: 'url', required: true } as const
const tags = { kind: 'tags' } as const

export const GAME_PLATFORMS = ['pc', 'playstation', 'xbox', 'nintendo', 'mobile', 'boardgame', 'other'] as const
export const RECIPE_TYPES = ['breakfast', 'lunch', 'dinner', 'snack', 'dessert', 'drink', 'other'] as const
export const PRIORITIES = ['low', 'medium', 'high'] as const
export const REPEATS = ['daily', 'weekly', 'monthly', 'yearly'] as const
/** Why a link's page could not be fetched (docs/api/quick-add.md §8): refused by the guard, the network, or the answer. */
export const FETCH_ERRORS = ['refused', 'unknown_host', 'unreachable', 'timeout', 'too_many_redirects', 'bad_status', 'not_html', 'unreadable'] as const
export type FetchError = (typeof FETCH_ERRORS)[number]

/** Per library, its fields in wire order (between `library` and `created_at`). */
export const LIBRARY_FIELDS = {
  music: { title, artist: name255, publication_year: year, wishlist: flag, link: url, cover_url: url, description },
  books: { title, author: name255, pages: positive, publication_year: year, wishlist: flag, link: url, cover_url: url, description },
  movies: {
    title, category: { kind: 'enum', values: ['movie', 'series'], default: 'movie' }, publication_year: year, wishlist: flag,
    link: url, cover_url: url, description,
  },
  games: {
    title, platform: { kind: 'enum', values: GAME_PLATFORMS, default: 'other' }, developer: name255, publisher: name255,
    publication_year: year, wishlist: flag, link: url, cover_url: url, description,
  },
  recipes: {
    title, type: { kind: 'enum', values: RECIPE_TYPES, default: null }, time_to_make: positive, ingredients: longText,
    link: url, cover_url: url, description,
  },
  links: {
    url: requiredUrl, title, description, cover_url: url, is_favorite: flag, tags,
    /** set by quick add and the refetch (docs/api/quick-add.md §9.1): the page could not be had, and why */
    fetch_failed: { kind: 'boolean', readOnly: true }, fetch_error: { kind: 'enum', values: FETCH_ERRORS, default: null, readOnly: true },
  },
  quotes: { quote: { kind: 'string', max: 65535, required: true }, author: name255, source: { kind: 'string', max: 500, required: false } },
  plants: {
    name: title, latin_name: name255, location: { kind: 'enum', values: ['indoor', 'outdoor', 'both'], default: null },
    sunlight: { kind: 'enum', values: ['full_sun', 'partial_sun', 'indirect', 'shade'], default: null },
    instructions: longText, link: url, cover_url: url,
  },
  feeds: { title, url: requiredUrl, site_url: url },
  todos: {
    title, description: longText, priority: { kind: 'enum', values: PRIORITIES, default: 'medium' }, due_at: { kind: 'date' },
    repeat: { kind: 'enum', values: REPEATS, default: null }, category: name255, tags, link: url, is_completed: flag,
    completed_at: { kind: 'timestamp', readOnly: true },
    /** the id of the next occurrence that completing this repeating to-do created (docs/api/quick-add.md §8) */
    next_id: { kind: 'string', max: 36, required: false, readOnly: true },
  },
  notes: { title, content: { kind: 'string', max: 65535, required: true } },
} as const satisfies Record<LibraryName, Record<string, FieldDef>>

export type LibraryFields = typeof LIBRARY_FIELDS

/** The value a field has when nothing set it. */
export function fieldDefault(def: FieldDef): unknown {
  switch (def.kind) {
    case 'boolean': return false
    case 'tags': return []
    case 'enum': return def.default
    case 'string': return def.required ? '' : null
    case 'url': return def.required ? '' : null
    default: return null
  }
}

/** One item's stored fields (the JSON `data` column): every field of its library, defaults filled in. */
export type ItemData = Record<string, unknown>

export function withDefaults(library: LibraryName, values: ItemData): ItemData {
  const out: ItemData = {}
  for (const [key, def] of Object.entries(LIBRARY_FIELDS[library]) as [string, FieldDef][]) {
    out[key] = values[key] === undefined || values[key] === null ? fieldDefault(def) : values[key]
  }
  return out
}
