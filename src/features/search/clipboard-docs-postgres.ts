/**
 * The search index's clipboard documents on PostgreSQL, written by the clipboard store
 * (src/features/clipboard/store-postgres.ts): what SQLite's triggers on `clipboard_entries` and its
 * `search_clipboard_docs` view do there (migrations/0011_search_index.sql), in the same unit of work as the entry's
 * write. A text entry that is not empty is a document: no title, its content as the body, its creation time.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { PgDb } from '../../lib/db/postgres/client'
import type { ClipboardRow } from '../clipboard/schema'
import { searchDocsPg as d } from './schema-postgres'

/** Indexes a new entry (a text that is not empty; anything else has no document). */
export async function indexClipboardEntry(tx: Pick<PgDb, 'insert'>, entry: ClipboardRow): Promise<void> {
  if (entry.type !== 'text' || entry.content === '') return
  await tx.insert(d).values({ userId: entry.userId, source: 'clipboard', library: null, ref: String(entry.id), title: '', body: entry.content, at: entry.createdAt, day: null })
}

/**
 * The statement that forgets the documents of the entries a data-modifying CTE named `deleted` has just deleted
 * (its rows carry their `id`): one part of the entries' own DELETE statement, so both go together whatever their number.
 */
export function unindexDeletedClipboardEntries(deleted: string): SQL {
  const cte = sql.identifier(deleted)
  return sql`DELETE FROM ${d} WHERE ${d.source} = 'clipboard' AND ${d.ref} IN (SELECT ${cte}.id::text FROM ${cte})`
}
