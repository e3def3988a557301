/**
 * What a person can change on an item of each library, and with which control: one declaration that the edit form
 * is drawn from. It mirrors the server's field table (src/features/libraries/fields.ts): the type below derives from
 * that table what each library's declaration must be — every field a client may write, of the matching kind, an
 * enum's values in order, a text's being required — so a field added, removed or changed there fails the typecheck
 * here until the form follows. Read-only fields (a to-do's completion time, a link's fetch failure) are left out.
 */
import type { LibraryFields } from '../../../features/libraries/fields'
import type { LibraryItem } from './item'
import type { LibraryName } from './names'

/** A string is a one-line text, a multi-line one, or Markdown (a note's text); the rest are the server's kinds. */
type TextControl = 'text' | 'longText' | 'markdown'

/** The control one server field asks for. */
type Control<D> =
  D extends { kind: 'string'; required: infer R } ? { kind: TextControl; required: R }
  : D extends { kind: 'url'; required: infer R } ? { kind: 'url'; required: R }
  : D extends { kind: 'enum'; values: infer V; default: infer Default } ? { kind: 'enum'; values: V; nullable: Default extends null ? true : false }
  : D extends { kind: infer K extends 'integer' | 'boolean' | 'tags' | 'date' } ? { kind: K }
  : never

type Editable<Fields> = { [K in keyof Fields as Fields[K] extends { readOnly: true } ? never : K]: Control<Fields[K]> }
type Mirror = { [L in keyof LibraryFields]: Editable<LibraryFields[L]> }

export type EditField =
  | { kind: TextControl | 'url'; required: boolean }
  | { kind: 'enum'; values: readonly string[]; nullable: boolean }
  | { kind: 'integer' | 'boolean' | 'tags' | 'date' }

const title = { kind: 'text', required: true } as const
const text = { kind: 'text', required: false } as const
const long = { kind: 'longText', required: false } as const
const link = { kind: 'url', required: false } as const
const integer = { kind: 'integer' } as const
const flag = { kind: 'boolean' } as const
const tags = { kind: 'tags' } as const
const either = <const V extends readonly string[]>(values: V) => ({ kind: 'enum', values, nullable: true }) as const
const oneOf = <const V extends readonly string[]>(values: V) => ({ kind: 'enum', values, nullable: false }) as const

/** Per library, its fields in the form's order: the item's name first, as the item shows it. */
export const EDIT_FIELDS = {
  music: { title, artist: text, publication_year: integer, wishlist: flag, link, cover_url: link, description: long },
  books: { title, author: text, pages: integer, publication_year: integer, wishlist: flag, link, cover_url: link, description: long },
  movies: { title, category: oneOf(['movie', 'series']), publication_year: integer, wishlist: flag, link, cover_url: link, description: long },
  games: {
    title, platform: oneOf(['pc', 'playstation', 'xbox', 'nintendo', 'mobile', 'boardgame', 'other']), developer: text, publisher: text,
    publication_year: integer, wishlist: flag, link, cover_url: link, description: long,
  },
  recipes: {
    title, type: either(['breakfast', 'lunch', 'dinner', 'snack', 'dessert', 'drink', 'other']), time_to_make: integer,
    ingredients: long, link, cover_url: link, description: long,
  },
  links: { title, url: { kind: 'url', required: true }, description: long, cover_url: link, is_favorite: flag, tags },
  quotes: { quote: { kind: 'longText', required: true }, author: text, source: text },
  plants: {
    name: title, latin_name: text, location: either(['indoor', 'outdoor', 'both']),
    sunlight: either(['full_sun', 'partial_sun', 'indirect', 'shade']), instructions: long, link, cover_url: link,
  },
  feeds: { title, url: { kind: 'url', required: true }, site_url: link },
  todos: {
    title, due_at: { kind: 'date' }, priority: oneOf(['low', 'medium', 'high']), repeat: either(['daily', 'weekly', 'monthly', 'yearly']),
    category: text, tags, description: long, link, is_completed: flag,
  },
  notes: { title, content: { kind: 'markdown', required: true } },
} as const satisfies Mirror

/** What a form holds for a field: a check box's state, or the text in its control. */
export type DraftValue = string | boolean
export type Draft = Record<string, DraftValue>

export const editFields = (library: LibraryName) => Object.entries(EDIT_FIELDS[library]) as [string, EditField][]

/** Tags are typed as one text: "a, b, c". */
const TAG_SEPARATOR = ', '

/** The form's starting point: the item's values as its controls show them. */
export function draftOf(item: LibraryItem): Draft {
  const draft: Draft = {}
  for (const [key, field] of editFields(item.library)) {
    const value = item[key]
    if (field.kind === 'boolean') draft[key] = value === true
    else if (field.kind === 'tags') draft[key] = Array.isArray(value) ? value.join(TAG_SEPARATOR) : ''
    else draft[key] = value === null || value === undefined ? '' : String(value)
  }
  return draft
}

/**
 * The value to send for what the control holds. An emptied optional field is `null`, which clears it; an emptied
 * required one is '' (the form says it is required; the API would take it as not sent). A number that is not a
 * whole number goes as typed, so the API's message about it is shown at the field.
 */
export function wireValue(field: EditField, value: DraftValue): unknown {
  if (field.kind === 'boolean') return value === true
  const typed = String(value)
  if (field.kind === 'tags') return typed.split(',').map((tag) => tag.trim()).filter((tag) => tag !== '')
  if (typed.trim() === '') return 'required' in field && field.required ? '' : null
  if (field.kind === 'integer') return /^\s*-?\d+\s*$/.test(typed) ? Number(typed) : typed
  return typed
}

/** The fields whose value differs from the item's, with their new values: all a save sends. */
export function changedFields(item: LibraryItem, draft: Draft): Record<string, unknown> {
  const before = draftOf(item)
  const changes: Record<string, unknown> = {}
  for (const [key, field] of editFields(item.library)) {
    const now = wireValue(field, draft[key] ?? '')
    if (JSON.stringify(now) !== JSON.stringify(wireValue(field, before[key] ?? ''))) changes[key] = now
  }
  return changes
}

/** The required fields the person emptied. */
export function emptiedRequired(item: LibraryItem, draft: Draft): string[] {
  return editFields(item.library)
    .filter(([key, field]) => 'required' in field && field.required && String(draft[key] ?? '').trim() === '')
    .map(([key]) => key)
}
