/**
 * The rule chain of each kind of library field (docs/api/quick-add.md §8), built from the field table: quick add checks
 * commit metadata with it, an edit checks every field it changes with it, and the import checks every field of an
 * imported item with it.
 */
import { f, type Field, type Schema } from '../../lib/validation'
import { codePoints } from '../../lib/values'
import { cleanTags } from '../quick-add/todo-parser'
import { LIBRARY_FIELDS, TAG_MAX, TAGS_MAX, URL_MAX, fieldDefault, type FieldDef, type LibraryName } from './fields'

/** The limits of one field; tags and timestamps are left to the caller (`storedFieldRule` checks them). */
export function fieldRule(def: FieldDef): Field<any, any> {
  switch (def.kind) {
    case 'string': return f.string().max(def.max)
    case 'integer': {
      const rule = f.integer()
      return def.max === undefined ? rule.atLeast(def.min) : rule.between(def.min, def.max)
    }
    case 'boolean': return f.boolean()
    case 'url': return f.string().url().max(URL_MAX)
    case 'enum': return f.string().oneOf(def.values)
    // A date is its own type (docs/api/conventions.md §2.5): a number or array fails with the date message.
    case 'date': return f.any().date()
    case 'tags': case 'timestamp': return f.any()
  }
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/

/** A stored tag list: at most 20 strings of 1–50 characters. */
const tagList = (v: unknown, a: string) => {
  if (!Array.isArray(v)) return `The ${a} field must be an array.`
  if (v.length > TAGS_MAX) return `The ${a} field must not have more than ${TAGS_MAX} items.`
  for (const tag of v) {
    if (typeof tag !== 'string' || codePoints(tag) < 1 || codePoints(tag) > TAG_MAX) return `The ${a} field must hold tags of 1 to ${TAG_MAX} characters.`
  }
  return undefined
}

/**
 * A field of an item as presented on the wire (docs/api/quick-add.md §8): the field's rule, required ones required,
 * tags a list of tags, timestamps ISO 8601 (converted to epoch ms, as stored).
 */
export function storedFieldRule(def: FieldDef): Field<any, any> {
  if (def.kind === 'tags') return f.any().check(tagList, { type: 'array', maxItems: TAGS_MAX })
  if (def.kind === 'timestamp') {
    return f.string().check((v: string, a) => ISO_TIMESTAMP.test(v) && Number.isFinite(Date.parse(v)) ? { value: Date.parse(v) } : `The ${a} field must be a valid timestamp.`,
      { format: 'date-time' })
  }
  // Strings are kept verbatim (an item's text is stored as it was written), URLs are trimmed like any input.
  const rule = def.kind === 'string' ? fieldRule(def).raw() : fieldRule(def)
  return (def.kind === 'string' || def.kind === 'url') && def.required ? rule.required() : rule
}

/** A to-do's category may be written like quick add's text token: it loses one leading `/` (docs/api/quick-add.md §6.2). */
export const todoCategoryRule = f.string()
  .check((v: string) => ({ value: v.replace(/^\//, '') }))
  .max(255)

/** Tags as a person writes them: a leading `#` dropped, then the stored rule, duplicates dropped ignoring case. */
const writtenTags = f.any().check((v: unknown, a) => {
  const tags = Array.isArray(v) ? v.map((tag) => typeof tag === 'string' ? tag.replace(/^#/, '').trim() : tag) : v
  return tagList(tags, a) ?? { value: cleanTags(tags as string[]) }
}, { type: 'array', maxItems: TAGS_MAX, items: { type: 'string', minLength: 1, maxLength: TAG_MAX } })

/**
 * One field of an edit (docs/api/quick-add.md §10): the commit's rule; `null` clears a field whose default is
 * `null`, and counts as absent on the others (docs/api/conventions.md §2.4), so a title is never emptied.
 */
function editRule(library: LibraryName, key: string, def: FieldDef): Field<any, any, any> {
  if (def.kind === 'tags') return writtenTags
  const rule = library === 'todos' && key === 'category' ? todoCategoryRule : fieldRule(def)
  return fieldDefault(def) === null ? rule.nullable() : rule
}

const editSchemas = new Map<LibraryName, Schema>()

/** The rules of an edit of `library`: every field but the read-only ones, none required. */
export function editRules(library: LibraryName): Schema {
  let schema = editSchemas.get(library)
  if (!schema) {
    schema = {}
    for (const [key, def] of Object.entries(LIBRARY_FIELDS[library]) as [string, FieldDef][]) {
      if (!def.readOnly) schema[key] = editRule(library, key, def)
    }
    editSchemas.set(library, schema)
  }
  return schema
}
