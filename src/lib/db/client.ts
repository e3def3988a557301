import { Database } from 'bun:sqlite'
import { drizzle, type BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite'
import { chmodSync, closeSync, openSync } from 'node:fs'
import { PRIVATE_FILE_MODE } from '../../data-dir'

export type Db = BunSQLiteDatabase & { $client: Database }

/**
 * The database holds password hashes and tokens, so it is owner-only: created 0600 before SQLite opens it, and
 * tightened when an older version left it 0644. SQLite creates -wal and -shm with the database file's own mode
 * (whatever the umask), so that covers them too; only a -wal/-shm left behind by an older version's crash keeps
 * its mode when SQLite reuses it, hence the second pass once WAL mode is on.
 */
function restrictToOwner(path: string): void {
  try {
    chmodSync(path, PRIVATE_FILE_MODE)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
}

/** Opens the database with the pragmas of docs/configuration.md §4. */
export function openDatabase(path: string): Db {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE))
  restrictToOwner(path)
  const sqlite = new Database(path, { create: true, strict: true })
  sqlite.exec('PRAGMA journal_mode = WAL')
  restrictToOwner(`${path}-wal`)
  restrictToOwner(`${path}-shm`)
  sqlite.exec('PRAGMA synchronous = NORMAL')
  sqlite.exec('PRAGMA foreign_keys = ON')
  sqlite.exec('PRAGMA busy_timeout = 5000')
  sqlite.exec('PRAGMA temp_store = MEMORY')
  return drizzle(sqlite) as Db
}

/** Rows changed by a write (drizzle types bun:sqlite's run() result as void, but Bun returns the count). */
export function changes(result: unknown): number {
  return (result as { changes?: number } | undefined)?.changes ?? 0
}

/**
 * Whether a write failed on a UNIQUE index — on `column` (`table.column`) when given. Drizzle wraps driver
 * errors, so the cause chain is walked; SQLite names the indexed columns in the message.
 */
export function isUniqueViolation(err: unknown, column?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    const text = typeof message === 'string' ? message : ''
    if (code !== 'SQLITE_CONSTRAINT_UNIQUE' && !text.includes('UNIQUE constraint failed')) continue
    return column === undefined || text.includes(column)
  }
  return false
}
