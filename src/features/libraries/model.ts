import { t, type TSchema } from 'elysia'
import { Type } from '@sinclair/typebox'
import type { TUnsafe } from '@sinclair/typebox'
import { Envelope, NullEnvelope, PagedEnvelope, PathParams, UuidParam } from '../../lib/http/schemas'
import { pageFields } from '../../lib/http/pagination'
import { Field, f, queryRules, rules, type Schema } from '../../lib/validation'
import { editRules } from './field-rules'
import { LIBRARIES, LIBRARY_FIELDS, type FieldDef, type LibraryName } from './fields'
import type { LibraryItem } from './present'

function fieldSchema(def: FieldDef): TSchema {
  switch (def.kind) {
    case 'string': return def.required ? t.String() : t.Nullable(t.String())
    // No `format: 'uri'`: stored URLs may hold non-ASCII characters the format check would reject.
    case 'url': return def.required ? t.String({ description: 'http(s) URL' }) : t.Nullable(t.String({ description: 'http(s) URL' }))
    case 'integer': return t.Nullable(Type.Integer())
    case 'boolean': return t.Boolean()
    case 'tags': return t.Array(t.String())
    case 'date': return t.Nullable(t.String({ format: 'date' }))
    case 'timestamp': return t.Nullable(t.String({ format: 'date-time' }))
    case 'enum': {
      const values = t.Union(def.values.map((v) => t.Literal(v)))
      return def.default === null ? t.Nullable(values) : values
    }
  }
}

/**
 * Statically the item as the presenter builds it (present.ts `LibraryItem`: the common keys and any field); each
 * library's own keys and their types are in the schema, from the field table.
 */
type TLibraryItem = TUnsafe<LibraryItem>

/** The §8 object of one library; `library` is a literal so the union below is discriminated. */
export function libraryItemSchema(library: LibraryName): TLibraryItem {
  const fields: Record<string, TSchema> = {}
  for (const [key, def] of Object.entries(LIBRARY_FIELDS[library]) as [string, FieldDef][]) fields[key] = fieldSchema(def)
  return t.Object({
    id: t.String({ format: 'uuid' }),
    library: t.Literal(library),
    ...fields,
    created_at: t.String({ format: 'date-time' }),
    updated_at: t.String({ format: 'date-time' }),
  }, { title: `${library} item` }) as unknown as TLibraryItem
}

export const LibraryItemSchemas = LIBRARIES.map(libraryItemSchema) as [TLibraryItem, ...TLibraryItem[]]

/** Any library item. */
export const LibraryItemSchema = t.Union(LibraryItemSchemas)

export const LibraryItemEnvelope = Envelope(LibraryItemSchema)
export const LibraryItemPage = PagedEnvelope(LibraryItemSchema)
export const LibraryDeleted = NullEnvelope

/**
 * docs/api/quick-add.md §9 inputs. `type` is a free segment: an unknown library is answered 404 by the verb, before the
 * query is validated.
 */
const LibraryType = t.String({ description: LIBRARIES.join(', ') })
export const LibraryParams = PathParams({ type: LibraryType })
export const LibraryItemParams = PathParams({ type: LibraryType, itemId: UuidParam })
export const LibraryListQuery = queryRules({
  ...pageFields(100),
  status: f.string().oneOf(['open', 'done', 'all'] as const).describe('to-dos only: open, done or all (default)'),
  sort: f.string().oneOf(['created', 'due'] as const).describe('to-dos only: created (newest first, default) or due (due date ascending, undated last)'),
  due_until: f.string().date().describe('to-dos only: those due on or before this date'),
})

/** Each editable key once, documented with the libraries that have it (and its rule, or each library's). */
function patchFields(): Schema {
  const docs = new Map<string, { libraries: LibraryName[]; schemas: Map<string, object> }>()
  for (const library of LIBRARIES) {
    for (const [key, rule] of Object.entries(editRules(library))) {
      const entry = docs.get(key) ?? { libraries: [] as LibraryName[], schemas: new Map<string, object>() }
      entry.libraries.push(library)
      const schema = rule.jsonSchema()
      entry.schemas.set(JSON.stringify(schema), schema)
      docs.set(key, entry)
    }
  }
  const fields: Schema = {}
  for (const [key, { libraries, schemas }] of docs) {
    const [only, ...others] = [...schemas.values()]
    const doc = others.length === 0 ? only! : { anyOf: [only, ...others] }
    fields[key] = new Field<unknown>([], undefined, { ...doc, description: `in ${libraries.join(', ')}` })
  }
  return fields
}

/**
 * docs/api/quick-add.md §10: any editable field of any library. The document lists them all; the verb checks the
 * ones of the item's library with their own rules and ignores the rest.
 */
export const LibraryItemPatch = rules(patchFields())
