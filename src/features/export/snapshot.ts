/**
 * A private, read-only connection holding one read transaction for the whole job, so every file of the
 * archive (the CSVs, data.json, the manifest's counts) shows the same moment even while the user keeps
 * writing. It is never shared with request handlers, so the open transaction cannot capture their writes;
 * in WAL mode it does not block them either.
 */
import { Database } from 'bun:sqlite'
import { drizzle } from 'drizzle-orm/bun-sqlite'
import type { Db } from '../../lib/db/client'
import type { ReadSnapshot } from '../../lib/db/stores'

/** `db` for the export's own reads, `read` for the feature stores' (`deps.stores.checkIns.pageByDate`): one moment. */
export interface Snapshot { db: Db; read: ReadSnapshot; close(): void }

export function openSnapshot(main: Db): Snapshot {
  const file = main.$client.filename
  // An in-memory database cannot be opened twice; read it directly.
  if (file === '' || file === ':memory:') return { db: main, read: { engine: 'sqlite', db: main }, close: () => {} }
  const sqlite = new Database(file, { readonly: true })
  try {
    sqlite.exec('PRAGMA busy_timeout = 5000')
    sqlite.exec('BEGIN')
    // The snapshot is taken by the first read of the transaction.
    sqlite.query('SELECT count(*) FROM export_jobs').get()
  } catch (err) {
    sqlite.close()
    throw err
  }
  const db = drizzle(sqlite) as Db
  return {
    db,
    read: { engine: 'sqlite', db },
    close: () => {
      try { sqlite.exec('COMMIT') } finally { sqlite.close() }
    },
  }
}
