/**
 * The PostgreSQL engine (docs/scaling.md): Bun's built-in SQL client (a connection pool, no dependency) under
 * drizzle's PostgreSQL dialect (`drizzle-orm/bun-sql`). Not wired into `serve` yet: only the stores that have a
 * PostgreSQL implementation run on it, in the tests and benches of the spike.
 */
import { SQL } from 'bun'
import { drizzle, type BunSQLDatabase } from 'drizzle-orm/bun-sql'

export type PgDb = BunSQLDatabase & { $client: SQL }

export interface PostgresOptions {
  /** connections in this process's pool; N instances need N × max ≤ the server's max_connections */
  max?: number
  /** behind PgBouncer in transaction mode: no named prepared statements */
  prepare?: boolean
}

/** A pool for `url` (`postgres://user:password@host:port/database`); connections open on first use. */
export function openPostgres(url: string, options: PostgresOptions = {}): PgDb {
  const client = new SQL({ url, max: options.max ?? 10, prepare: options.prepare ?? true, idleTimeout: 30 })
  return drizzle({ client }) as PgDb
}

/** The PostgreSQL error of a failed query (drizzle wraps the driver's error in `cause`). */
function postgresError(err: unknown): { errno?: string; constraint?: string } | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { name?: unknown }).name === 'PostgresError') return e as { errno?: string; constraint?: string }
  }
  return undefined
}

/**
 * Whether a write failed on a unique index or constraint (SQLSTATE 23505) — on the one named `constraint` when given
 * (`users_email_key_unique`, `trackers_user_name_uq`). The name comes from the error's own field: the message and its
 * detail (`Key (email_key)=(…) already exists.`) are translated by the server's `lc_messages`, so they are never read.
 * The twin of client.ts's isUniqueViolation for SQLite.
 */
export function isPgUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = postgresError(err)
  return pg?.errno === '23505' && (constraint === undefined || pg.constraint === constraint)
}
