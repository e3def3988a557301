/**
 * The PostgreSQL migrator (src/lib/db/postgres/migrate.ts) against a real server: an index built concurrently
 * outside a transaction by several instances starting at once, a statement that cannot get its table lock in time
 * failing without changing anything, and an upgrade of a database holding data at an earlier schema.
 */
import { describe, expect, test } from 'bun:test'
import { SQL } from 'bun'
import { OUTSIDE_TRANSACTION, migratePostgres } from '../../src/lib/db/postgres/migrate'
import { migrations } from '../../src/lib/db/postgres/migrations.generated'
import type { EmbeddedMigration } from '../../src/lib/db/migrations.generated'
import { usePostgresServer } from './engines'

const pg = usePostgresServer()
const last = migrations.at(-1)!
const extra = (tag: string, sql: string, step = 1): EmbeddedMigration => ({ tag, when: last.when + step, hash: tag, sql })
const userRow = (i: number) => [`u${i}`, `User ${i}`, `u${i}@example.com`, `u${i}@example.com`, 'x']

async function seedUsers(db: SQL, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await db.unsafe('INSERT INTO users (id, name, email, email_key, password_hash, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 1, 1)', userRow(i))
  }
}

describe('the PostgreSQL migrator', () => {
  test('a migration marked to run outside a transaction builds its index concurrently, once, with three instances starting together', async () => {
    const url = await pg.server().createDatabase('concurrent_index')
    const pools = [0, 1, 2].map(() => new SQL({ url, max: 2 }))
    try {
      await migratePostgres(pools[0]!)
      await seedUsers(pools[0]!, 50)
      const index = extra('9998_users_by_name', `${OUTSIDE_TRANSACTION}
DROP INDEX CONCURRENTLY IF EXISTS "users_name_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "users_name_idx" ON "users" ("name");`)
      const after = extra('9999_after_it', 'CREATE TABLE "after_index" (id bigint PRIMARY KEY);', 2)
      const results = await Promise.all(pools.map((p) => migratePostgres(p, [...migrations, index, after])))
      expect(results.flat().sort()).toEqual([index.tag, after.tag])
      const [built] = await pools[0]!`SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = 'users_name_idx'`
      expect(built).toEqual({ valid: true })
      const [history] = await pools[0]!`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`
      expect(history.n).toBe(migrations.length + 2)
      // The same statement inside a transaction is refused by PostgreSQL: the mark is what makes it possible.
      const inside = extra('9997_inside', 'CREATE INDEX CONCURRENTLY "users_email_idx" ON "users" ("email");', 3)
      expect(migratePostgres(pools[0]!, [...migrations, index, after, inside])).rejects.toThrow(/cannot run inside a transaction block/)
    } finally {
      await Promise.all(pools.map((p) => p.close()))
    }
  })

  test('a statement that cannot get its table lock in time fails, changes nothing, and the next start applies it', async () => {
    const url = await pg.server().createDatabase('lock_timeout')
    const db = new SQL({ url, max: 2 })
    const reader = new SQL({ url, max: 1 })
    try {
      await migratePostgres(db)
      await seedUsers(db, 3)
      const change = [...migrations, extra('9999_users_nickname', 'ALTER TABLE "users" ADD COLUMN "nickname" text;')]
      // A long read of users holds a lock the ALTER must wait for.
      const held = await reader.reserve()
      await held`BEGIN`
      await held`SELECT count(*) FROM users`
      await expect(migratePostgres(db, change, '200ms')).rejects.toThrow(/lock timeout/)
      const columns = await db`SELECT column_name FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'nickname'`
      expect(columns.length).toBe(0)
      const [history] = await db`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`
      expect(history.n).toBe(migrations.length)
      await held`COMMIT`
      held.release()
      expect(await migratePostgres(db, change, '200ms')).toEqual(['9999_users_nickname'])
    } finally {
      await reader.close()
      await db.close()
    }
  })

  test("an earlier release's database with data is upgraded to today's schema and keeps every row", async () => {
    const url = await pg.server().createDatabase('upgrade')
    const db = new SQL({ url, max: 1 })
    try {
      // The schema before this release's PostgreSQL migrations (0008 onwards), with a family's data in it.
      const earlier = migrations.filter((m) => Number(m.tag.slice(0, 4)) <= 7)
      expect(await migratePostgres(db, earlier)).toEqual(earlier.map((m) => m.tag))
      await seedUsers(db, 3)
      await db.unsafe(`UPDATE users SET name = CASE id WHEN 'u0' THEN 'zoe' WHEN 'u1' THEN 'Zoe' ELSE 'émile' END`)
      await db.unsafe(`INSERT INTO trackers (user_id, name, name_key, kind, position, created_at, updated_at) VALUES ('u0', 'Gym', 'gym', 'yesno', 0, 1, 1)`)
      const [tracker] = await db`SELECT id FROM trackers`
      const [day] = await db.unsafe(`INSERT INTO check_ins (user_id, date, mood, note, created_at, updated_at) VALUES ('u0', '2026-06-01', 4, 'a good day', 1, 1) RETURNING id`)
      await db.unsafe('INSERT INTO check_in_values (check_in_id, tracker_id, value) VALUES ($1, $2, 1)', [day.id, tracker.id])
      const before = await db`SELECT id, name, email FROM users ORDER BY id`

      expect(await migratePostgres(db)).toEqual(migrations.filter((m) => !earlier.includes(m)).map((m) => m.tag))
      expect(await db`SELECT id, name, email FROM users ORDER BY id`).toEqual(before)
      const [entry] = await db`SELECT mood::int AS mood, note, values_json FROM check_ins`
      expect(entry).toEqual({ mood: 4, note: 'a good day', values_json: `{"${tracker.id}":1}` })
      // Text now compares by its bytes, whatever the database's default.
      expect((await db`SELECT name FROM users ORDER BY name`).map((r: { name: string }) => r.name)).toEqual(['Zoe', 'zoe', 'émile'])
      // The triggers made again around the change of check_ins.note still feed the search index.
      await db.unsafe(`UPDATE check_ins SET note = 'a better day'`)
      const docs = await db`SELECT body FROM search_docs WHERE user_id = 'u0'`
      expect(docs.map((d: { body: string }) => d.body)).toEqual(['a better day'])
    } finally {
      await db.close()
    }
  })
})
