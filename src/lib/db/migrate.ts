import type { Database } from 'bun:sqlite'
import { migrations as embedded, type EmbeddedMigration } from './migrations.generated'

/**
 * Applies the embedded drizzle-kit migrations that are newer than the last recorded one, each in its own
 * transaction, recording them in drizzle's `__drizzle_migrations` table. Returns the tags applied.
 */
export function migrate(sqlite: Database, migrations: EmbeddedMigration[] = embedded): string[] {
  sqlite.exec(`CREATE TABLE IF NOT EXISTS "__drizzle_migrations" (id INTEGER PRIMARY KEY AUTOINCREMENT, hash text NOT NULL, created_at numeric)`)
  const last = sqlite.query<{ created_at: number | null }, []>('SELECT max(created_at) AS created_at FROM "__drizzle_migrations"').get()
  const since = Number(last?.created_at ?? 0)
  const applied: string[] = []
  for (const m of migrations) {
    if (m.when <= since) continue
    sqlite.transaction(() => {
      for (const statement of m.sql.split('--> statement-breakpoint')) {
        if (statement.trim()) sqlite.exec(statement)
      }
      sqlite.query('INSERT INTO "__drizzle_migrations" (hash, created_at) VALUES (?, ?)').run(m.hash, m.when)
    })()
    applied.push(m.tag)
  }
  return applied
}
