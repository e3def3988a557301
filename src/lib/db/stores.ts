/**
 * The data-access ports of the features (docs/scaling.md): each feature that has one adds its store here by
 * declaration merging (`declare module '…/lib/db/stores' { interface Stores { checkIns: CheckInStore } }`), so
 * lib/ names no feature while `deps.stores` is typed with every store. Each store is one interface with one
 * implementation per engine (SQLite, PostgreSQL), chosen once at start-up (src/stores.ts).
 */
import type { Db } from './client'
import type { PgDb } from './postgres/client'

export interface Stores {}

/**
 * One moment of the database, held open across many store calls: a long read (the export, page by page) sees
 * the data as it was when the snapshot was opened, whatever is written meanwhile. Each engine opens its own:
 * SQLite a read-only connection holding one read transaction (src/features/export/snapshot.ts), PostgreSQL a
 * `REPEATABLE READ, READ ONLY` transaction (its `tx`, which reads like the pool). A store method that takes one
 * reads through it only; given another engine's snapshot it throws.
 */
export type ReadSnapshot =
  | { engine: 'sqlite'; db: Db }
  | { engine: 'postgres'; db: Pick<PgDb, 'select'> }

/** The snapshot's handle for the store of `engine` (a snapshot of the other engine is a programming error). */
export function snapshotHandle(snapshot: ReadSnapshot, engine: 'sqlite'): Db
export function snapshotHandle(snapshot: ReadSnapshot, engine: 'postgres'): Pick<PgDb, 'select'>
export function snapshotHandle(snapshot: ReadSnapshot, engine: ReadSnapshot['engine']): ReadSnapshot['db'] {
  if (snapshot.engine !== engine) throw new Error(`a ${snapshot.engine} snapshot was given to the ${engine} store`)
  return snapshot.db
}
