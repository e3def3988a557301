import { Database } from 'bun:sqlite'
import { drizzle, type BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite'
import * as schema from './schema'

export type Db = BunSQLiteDatabase<typeof schema> & { $client: Database }

/** Opens the database with the pragmas of config.md §4. */
export function openDatabase(path: string): Db {
  const sqlite = new Database(path, { create: true, strict: true })
  sqlite.exec('PRAGMA journal_mode = WAL')
  sqlite.exec('PRAGMA synchronous = NORMAL')
  sqlite.exec('PRAGMA foreign_keys = ON')
  sqlite.exec('PRAGMA busy_timeout = 5000')
  sqlite.exec('PRAGMA temp_store = MEMORY')
  return drizzle(sqlite, { schema }) as Db
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
