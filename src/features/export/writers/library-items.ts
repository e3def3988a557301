/** Library items (docs/api/quick-add.md §8) of one library, presented page by page, for the library-based features. */
import { presentLibraryItem, type LibraryItem } from '../../libraries/present'
import type { LibraryName } from '../../libraries/fields'
import { libraryPages, mapPages } from '../readers'
import type { ExportScope, FeatureData } from '../scope'

export function libraryItemPages(scope: ExportScope, library: LibraryName): AsyncGenerator<LibraryItem[]> {
  return mapPages(libraryPages(scope, library), presentLibraryItem)
}

export function libraryData(library: LibraryName) {
  return (scope: ExportScope): FeatureData => ({ pages: libraryItemPages(scope, library) })
}

/** Typed reads of a presented item's fields (the presenter guarantees every key of its library). */
export const str = (item: LibraryItem, key: string): string | null => typeof item[key] === 'string' ? item[key] as string : null
export const num = (item: LibraryItem, key: string): number | null => typeof item[key] === 'number' ? item[key] as number : null
export const bool = (item: LibraryItem, key: string): boolean => item[key] === true
export const tags = (item: LibraryItem, key = 'tags'): string[] =>
  Array.isArray(item[key]) ? (item[key] as unknown[]).filter((t): t is string => typeof t === 'string') : []
