/**
 * The search index's library documents on PostgreSQL, written by the libraries store on its own transaction handle
 * (src/features/libraries/store-postgres.ts): what SQLite's triggers on `library_items` do there
 * (migrations/0011_search_index.sql), in the same unit of work as the item's write. As the triggers do, a changed
 * item's document is deleted and inserted again (its id grows with each write, the search's tie-break), and an
 * unchanged `data` leaves it as it is.
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { PgDb } from '../../lib/db/postgres/client'
import type { LibraryItemRow } from '../libraries/present'
import { libraryDocText } from './library-doc'
import { searchDocsPg as d } from './schema-postgres'

type Writer = Pick<PgDb, 'insert' | 'delete'>

/** Indexes a new item. */
export async function indexLibraryItem(tx: Writer, item: LibraryItemRow): Promise<void> {
  const { title, body } = libraryDocText(item.library, item.data)
  await tx.insert(d).values({ userId: item.userId, source: 'library', library: item.library, ref: item.id, title, body, at: item.createdAt, day: null })
}

/** Forgets deleted items' documents. */
export async function unindexLibraryItems(tx: Writer, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await tx.delete(d).where(and(eq(d.source, 'library'), inArray(d.ref, [...ids])))
}

/** Indexes an item again after a write, when its `data` changed. */
export async function reindexLibraryItem(tx: Writer, before: LibraryItemRow, after: LibraryItemRow): Promise<void> {
  if (before.data === after.data) return
  await unindexLibraryItems(tx, [after.id])
  await indexLibraryItem(tx, after)
}
