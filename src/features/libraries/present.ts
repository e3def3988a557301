import { iso, isoOrNull } from '../../lib/clock'
import type { libraryItems } from './schema'
import { LIBRARY_FIELDS, fieldDefault, isLibraryName, type FieldDef, type ItemData, type LibraryName } from './fields'

export type LibraryItemRow = typeof libraryItems.$inferSelect

/** A library item on the wire (docs/api/quick-add.md §8): id, library, the library's fields, created_at, updated_at. */
export interface LibraryItem {
  id: string
  library: LibraryName
  created_at: string
  updated_at: string
  [field: string]: unknown
}

function wireValue(def: FieldDef, stored: unknown): unknown {
  if (stored === undefined || stored === null) return fieldDefault(def)
  if (def.kind === 'timestamp') return typeof stored === 'number' ? isoOrNull(stored) : null
  return stored
}

/** The stored fields of a row as written; a damaged data column reads as no fields (their defaults). */
export function storedData(row: LibraryItemRow): ItemData {
  try {
    const parsed: unknown = JSON.parse(row.data)
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as ItemData
  } catch {
    // A damaged data column still presents the item with its defaults rather than failing the whole list.
  }
  return {}
}

/** The §8 shape of one stored item, every key of its library present (missing ones at their default). */
export function presentLibraryItem(row: LibraryItemRow): LibraryItem {
  if (!isLibraryName(row.library)) throw new Error(`library item ${row.id} has an unknown library "${row.library}"`)
  const data = storedData(row)
  const item: Record<string, unknown> = { id: row.id, library: row.library }
  for (const [key, def] of Object.entries(LIBRARY_FIELDS[row.library]) as [string, FieldDef][]) {
    item[key] = wireValue(def, data[key])
  }
  item.created_at = iso(row.createdAt)
  item.updated_at = iso(row.updatedAt)
  return item as LibraryItem
}
