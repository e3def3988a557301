import type { SQL } from 'bun'
import type { EmbeddedMigration } from '../migrations.generated'
import { migrations as embedded } from './migrations.generated'

/** The advisory lock key migrations hold ('dayb', daybook's first four bytes, as a 32-bit number): one migrator at a time across instances. */
export const MIGRATION_LOCK = 0x6461_7962

/**
 * Applies the embedded PostgreSQL migrations newer than the last recorded one, all in one transaction
 * (PostgreSQL DDL is transactional: a failure leaves the schema as it was), recorded in drizzle's own
 * `drizzle.__drizzle_migrations` table, so drizzle-kit's tools read the same history. Several instances starting
 * at once queue on a transaction-level advisory lock: the first applies, the others then find nothing to do.
 * Returns the tags applied.
 */
export async function migratePostgres(sql: SQL, migrations: EmbeddedMigration[] = embedded): Promise<string[]> {
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`
    await tx`CREATE SCHEMA IF NOT EXISTS drizzle`
    await tx`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id serial PRIMARY KEY, hash text NOT NULL, created_at bigint)`
    const [last] = await tx`SELECT max(created_at)::text AS created_at FROM drizzle.__drizzle_migrations`
    const since = Number(last?.created_at ?? 0)
    const applied: string[] = []
    for (const m of migrations) {
      if (m.when <= since) continue
      for (const statement of m.sql.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.unsafe(statement)
      }
      await tx`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${m.hash}, ${m.when})`
      applied.push(m.tag)
    }
    return applied
  })
}
