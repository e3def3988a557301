import type { SQL } from 'bun'
import type { EmbeddedMigration } from '../migrations.generated'
import { migrations as embedded } from './migrations.generated'

/** The advisory lock key migrations hold ('dayb', daybook's first four bytes, as a 32-bit number): one migrator at a time across instances. */
export const MIGRATION_LOCK = 0x6461_7962

/**
 * How long one statement of a migration waits for a table lock. An `ALTER TABLE` queued behind a long query holds
 * every later query of that table behind it, so a busy table would stall the running instances; past this the
 * migration fails, changes nothing (it is one transaction), and the instance's start-up says so. Start it again when
 * the long query is over.
 */
export const MIGRATION_LOCK_TIMEOUT = '10s'

/**
 * The first line of a migration that must run outside a transaction: `CREATE INDEX CONCURRENTLY` builds an index
 * on a large table without blocking its writes, and PostgreSQL refuses it inside one. Such a migration holds its own
 * statements only; write each so a second run after a failure repairs it (`DROP INDEX CONCURRENTLY IF EXISTS x;`
 * then `CREATE INDEX CONCURRENTLY x …`: a failed build leaves an invalid index behind).
 */
export const OUTSIDE_TRANSACTION = '-- daybook:outside-transaction'

const statements = (m: EmbeddedMigration) => m.sql.split('--> statement-breakpoint').filter((s) => s.trim())
const outside = (m: EmbeddedMigration) => m.sql.trimStart().startsWith(OUTSIDE_TRANSACTION)

/**
 * Applies the embedded PostgreSQL migrations newer than the last recorded one, recorded in drizzle's own
 * `drizzle.__drizzle_migrations` table, so drizzle-kit's tools read the same history. Consecutive ordinary
 * migrations are applied in one transaction (PostgreSQL DDL is transactional: a failure leaves the schema as it
 * was); one marked OUTSIDE_TRANSACTION runs alone, statement by statement. Several instances starting at once take
 * turns on the advisory lock: the first applies, the others then find nothing to do. Returns the tags applied.
 */
export async function migratePostgres(sql: SQL, migrations: EmbeddedMigration[] = embedded, lockTimeout = MIGRATION_LOCK_TIMEOUT): Promise<string[]> {
  const conn = await sql.reserve()
  try {
    await takeMigrationLock(conn)
    try {
      await conn`CREATE SCHEMA IF NOT EXISTS drizzle`
      await conn`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id serial PRIMARY KEY, hash text NOT NULL, created_at bigint)`
      const [last] = await conn`SELECT max(created_at)::text AS created_at FROM drizzle.__drizzle_migrations`
      const pending = migrations.filter((m) => m.when > Number(last?.created_at ?? 0))
      const applied: string[] = []
      while (pending.length > 0) {
        const alone = outside(pending[0]!)
        const nextAlone = pending.findIndex(outside)
        const batch = pending.splice(0, alone ? 1 : nextAlone === -1 ? pending.length : nextAlone)
        await apply(conn, batch, alone, lockTimeout)
        applied.push(...batch.map((m) => m.tag))
      }
      return applied
    } finally {
      await conn`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`
    }
  } finally {
    conn.release()
  }
}

/**
 * The session-level lock, asked for again every 100 ms rather than waited for in one statement: a waiting statement
 * holds a snapshot, which `CREATE INDEX CONCURRENTLY` on the lock holder's side would wait for in turn (a deadlock).
 */
async function takeMigrationLock(conn: SQL): Promise<void> {
  for (;;) {
    const [{ locked }] = await conn`SELECT pg_try_advisory_lock(${MIGRATION_LOCK}) AS locked`
    if (locked) return
    await Bun.sleep(100)
  }
}

/** One transaction for ordinary migrations; none for one marked OUTSIDE_TRANSACTION. */
async function apply(conn: SQL, batch: EmbeddedMigration[], alone: boolean, lockTimeout: string): Promise<void> {
  await conn.unsafe(alone ? `SET lock_timeout = '${lockTimeout}'` : `BEGIN; SET LOCAL lock_timeout = '${lockTimeout}'`)
  try {
    for (const m of batch) {
      for (const statement of statements(m)) await conn.unsafe(statement)
      await conn`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${m.hash}, ${m.when})`
    }
    if (!alone) await conn.unsafe('COMMIT')
  } catch (err) {
    if (!alone) await conn.unsafe('ROLLBACK')
    throw err
  } finally {
    if (alone) await conn.unsafe('RESET lock_timeout')
  }
}
