/**
 * The PostgreSQL schema of docs/scaling.md: derived from the SQLite tables, migrated by the embedded migrator
 * (once, also with several instances starting together), kept in step with the SQLite schema, and able to carry
 * every table of today's schema (the rest of the plan), on a real PostgreSQL server.
 */
import { describe, expect, test } from 'bun:test'
import { getTableName, is } from 'drizzle-orm'
import { SQLiteTable, getTableConfig } from 'drizzle-orm/sqlite-core'
import { getTableConfig as getPgTableConfig, type PgTable } from 'drizzle-orm/pg-core'
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { SQL } from 'bun'
import * as sqliteTables from '../../src/tables'
import * as pgTables from '../../src/tables-postgres'
import { toPgTable, type Twins } from '../../src/lib/db/postgres/derive'
import { isPgUniqueViolation, openPostgres } from '../../src/lib/db/postgres/client'
import { migratePostgres } from '../../src/lib/db/postgres/migrate'
import { migrations as pgMigrations } from '../../src/lib/db/postgres/migrations.generated'
import { isUniqueViolation } from '../../src/lib/db/client'
import { users } from '../../src/features/users/schema'
import { usersPg } from '../../src/features/users/schema-postgres'
import { postgresEngine, sqliteEngine, usePostgresServer } from './engines'

const pg = usePostgresServer()
const ROOT = join(import.meta.dir, '../..')

/** The newest drizzle-kit snapshot of migrations-postgres/. */
function latestSnapshot(): Parameters<typeof generateMigration>[0] {
  const meta = join(ROOT, 'migrations-postgres/meta')
  const newest = readdirSync(meta).filter((f) => f.endsWith('_snapshot.json')).sort().at(-1)!
  return JSON.parse(readFileSync(join(meta, newest), 'utf8'))
}

/** Every SQLite table of src/tables.ts, referenced tables first. */
function sqliteTablesInOrder(): SQLiteTable[] {
  const pending = Object.values(sqliteTables as Record<string, unknown>).filter((t): t is SQLiteTable => is(t, SQLiteTable))
  const done = new Set<SQLiteTable>()
  const order: SQLiteTable[] = []
  while (pending.length > 0) {
    const i = pending.findIndex((t) => getTableConfig(t).foreignKeys.every((fk) => fk.reference().foreignTable === t || done.has(fk.reference().foreignTable)))
    if (i < 0) throw new Error('circular foreign keys')
    const [t] = pending.splice(i, 1)
    done.add(t!)
    order.push(t!)
  }
  return order
}

test('the committed PostgreSQL migrations are up to date with the tables derived from the SQLite schema', async () => {
  const snapshot = latestSnapshot()
  const current = generateDrizzleJson(pgTables, (snapshot as { id: string }).id)
  // `npm run db:generate` produces a new migration whenever this is not empty.
  expect(await generateMigration(snapshot, current)).toEqual([])
})

test('every derived table has the SQLite table\'s name, columns (names, nullability, defaults, keys) and indexes', () => {
  for (const [name, derived] of Object.entries(pgTables)) {
    const sqliteTable = (sqliteTables as Record<string, unknown>)[name.replace(/Pg$/, '')] as SQLiteTable
    const a = getTableConfig(sqliteTable)
    const b = getPgTableConfig(derived as PgTable)
    expect(b.name).toBe(a.name)
    expect(b.columns.map((c) => [c.name, c.notNull, c.primary, c.hasDefault, c.isUnique])).toEqual(a.columns.map((c) => [c.name, c.notNull, c.primary, c.hasDefault, c.isUnique]))
    expect(b.indexes.map((i) => [i.config.name, i.config.unique])).toEqual(a.indexes.map((i) => [i.config.name, i.config.unique]))
    expect(b.foreignKeys.map((f) => f.getName())).toEqual(a.foreignKeys.map((f) => f.getName()))
  }
})

describe('on a PostgreSQL server', () => {
  test('migrations apply once; a second run and three instances starting together change nothing more', async () => {
    const url = await pg.server().createDatabase('migrate_once')
    const pools = [0, 1, 2].map(() => new SQL({ url, max: 2 }))
    try {
      const results = await Promise.all(pools.map((p) => migratePostgres(p)))
      // each migration once over the three instances together
      expect(results.flat()).toEqual(pgMigrations.map((m) => m.tag))
      expect(await migratePostgres(pools[0]!)).toEqual([])
      const tables = await pools[0]!`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`
      expect(tables.map((r: { table_name: string }) => r.table_name)).toEqual(Object.values(pgTables).map((t) => getTableName(t as PgTable)).sort())
      const [history] = await pools[0]!`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`
      expect(history.n).toBe(pgMigrations.length)
    } finally {
      await Promise.all(pools.map((p) => p.close()))
    }
  })

  test("a database made with a language's collation sorts text as SQLite does: every text column is declared COLLATE \"C\"", async () => {
    // ICU German: lower case before upper case, accents beside their letter (what a hosting provider's default may be).
    const admin = new SQL({ url: pg.server().url(), max: 1 })
    await admin.unsafe(`CREATE DATABASE "icu_german" TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'de-DE' LOCALE 'C'`)
    await admin.close()
    const db = new SQL({ url: pg.server().url('icu_german'), max: 1 })
    const sqlite = sqliteEngine()
    try {
      await migratePostgres(db)
      const names = ['zoe', 'Zoe', 'émile', 'Emil', 'anna', 'Zürich']
      const [german] = await db.unsafe(`SELECT array_agg(n ORDER BY n) AS sorted FROM unnest($1::text[]) AS n`, [names])
      const bytes = [...names].sort()
      expect(german.sorted).not.toEqual(bytes) // the database's own default would reorder them
      for (const [i, name] of names.entries()) {
        const row = { id: `u${i}`, name, email: `u${i}@example.com`, emailKey: `u${i}@example.com`, passwordHash: 'x', createdAt: 1, updatedAt: 1 }
        await db.unsafe('INSERT INTO users (id, name, email, email_key, password_hash, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 1, 1)', [row.id, name, row.email, row.emailKey, 'x'])
        await sqlite.addUser({ id: row.id, name, email: row.email, emailKey: row.emailKey })
      }
      const fromPg = (await db.unsafe('SELECT name FROM users ORDER BY name')).map((r: { name: string }) => r.name)
      const fromSqlite = sqlite.db.$client.query<{ name: string }, []>('SELECT name FROM users ORDER BY name').all().map((r) => r.name)
      expect(fromPg).toEqual(bytes)
      expect(fromSqlite).toEqual(bytes)
      // Every table's text columns (the views that build a day's JSON sort nothing).
      const uncollated = await db.unsafe(`SELECT c.table_name || '.' || c.column_name AS col FROM information_schema.columns c
        JOIN information_schema.tables t USING (table_schema, table_name)
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.data_type = 'text' AND c.collation_name IS DISTINCT FROM 'C'`)
      expect(uncollated.map((r: { col: string }) => r.col)).toEqual([])
    } finally {
      await db.close()
      await sqlite.close()
    }
  })

  test('the migrated tables have the SQLite tables\' columns, nullability and defaults (as the databases report them)', async () => {
    const sqlite = sqliteEngine()
    const postgres = await postgresEngine(pg.server(), 'compare_columns')
    try {
      for (const table of Object.values(pgTables).map((t) => getTableName(t as PgTable))) {
        const fromSqlite = sqlite.db.$client.query<{ name: string; notnull: number; dflt_value: string | null; pk: number }, []>(`PRAGMA table_info("${table}")`).all()
          .map((c) => ({ name: c.name, notNull: c.notnull === 1 || c.pk > 0, hasDefault: c.dflt_value !== null }))
        const fromPg = (await postgres.db.$client`SELECT column_name, is_nullable, column_default, is_identity FROM information_schema.columns WHERE table_name = ${table} ORDER BY ordinal_position`)
          .map((c: { column_name: string; is_nullable: string; column_default: string | null }) => ({ name: c.column_name, notNull: c.is_nullable === 'NO', hasDefault: c.column_default !== null }))
        expect(fromPg).toEqual(fromSqlite)
      }
    } finally {
      await sqlite.close()
      await postgres.close()
    }
  })

  test('every table of today\'s SQLite schema derives to PostgreSQL DDL that the server accepts', async () => {
    // Its own registry: this derives the whole schema apart from the app's twins.
    const registry: Twins = new WeakMap()
    const derived: Record<string, unknown> = {}
    for (const table of sqliteTablesInOrder()) derived[getTableConfig(table).name] = toPgTable(table as never, registry)
    const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(derived))
    const db = new SQL({ url: await pg.server().createDatabase('whole_schema'), max: 1 })
    try {
      await db.begin(async (tx) => {
        for (const s of statements) await tx.unsafe(s)
      })
      const [count] = await db`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`
      expect(count.n).toBe(Object.keys(derived).length)
      expect(Object.keys(derived).length).toBe(Object.values(sqliteTables as Record<string, unknown>).filter((t) => is(t, SQLiteTable)).length)
      // a boolean, a blob, a composite primary key and a partial unique index survive the trip
      const types = await db`SELECT table_name || '.' || column_name AS c, data_type AS t FROM information_schema.columns
        WHERE (table_name, column_name) IN (('passkeys', 'public_key'), ('passkeys', 'backed_up'), ('users', 'weather_latitude'))`
      expect(Object.fromEntries(types.map((r: { c: string; t: string }) => [r.c, r.t]))).toEqual({
        'passkeys.public_key': 'bytea', 'passkeys.backed_up': 'boolean', 'users.weather_latitude': 'double precision',
      })
      const [partial] = await db`SELECT indexdef FROM pg_indexes WHERE indexname = 'friend_requests_pending_pair_uq'`
      expect(partial.indexdef).toContain("WHERE (status = 'pending'::text)")
      const [pk] = await db`SELECT count(*)::int AS n FROM information_schema.key_column_usage WHERE constraint_name = 'notification_deliveries_user_id_channel_kind_local_date_pk'`
      expect(pk.n).toBe(4)
    } finally {
      await db.close()
    }
  })

  test('a unique key folded in code (users.email_key) conflicts alike on both engines, and both errors are recognised', async () => {
    const sqlite = sqliteEngine()
    const postgres = await postgresEngine(pg.server(), 'unique_keys')
    try {
      // Case-insensitive matching is done in JavaScript (full Unicode folding), never by the database's lower():
      // SQLite folds ASCII only and PostgreSQL follows the database's locale.
      const key = 'Ärger.Ölmann@Example.com'.toLowerCase()
      await sqlite.addUser({ email: 'Ärger.Ölmann@Example.com', emailKey: key })
      await postgres.addUser({ email: 'Ärger.Ölmann@Example.com', emailKey: key })
      const dup = { id: 'second', name: 'x', email: 'ÄRGER.ÖLMANN@EXAMPLE.COM', emailKey: 'ÄRGER.ÖLMANN@EXAMPLE.COM'.toLowerCase(), passwordHash: 'x', createdAt: 1, updatedAt: 1 }
      let sqliteError: unknown
      try { sqlite.db.insert(users).values(dup).run() } catch (err) { sqliteError = err }
      let pgError: unknown
      try { await postgres.db.insert(usersPg).values(dup) } catch (err) { pgError = err }
      expect(isUniqueViolation(sqliteError, 'users.email_key')).toBe(true)
      expect(isPgUniqueViolation(pgError, 'users_email_key_unique')).toBe(true)
      expect(isPgUniqueViolation(pgError, 'users_pkey')).toBe(false)
      expect(isPgUniqueViolation(new Error('other'))).toBe(false)
      // Recognised by the constraint's name, not by the text: a server with lc_messages = 'de_DE' words the same
      // error `doppelter Schlüsselwert verletzt Unique-Constraint …` with `Schlüssel »(email_key)=(…)« existiert bereits.`
      const driverError = (function cause(e: any): any { return e?.name === 'PostgresError' ? e : cause(e?.cause) })(pgError)
      driverError.message = 'doppelter Schlüsselwert verletzt Unique-Constraint »users_email_key_unique«'
      driverError.detail = 'Schlüssel »(email_key)=(ärger.ölmann@example.com)« existiert bereits.'
      expect(isPgUniqueViolation(pgError, 'users_email_key_unique')).toBe(true)
    } finally {
      await sqlite.close()
      await postgres.close()
    }
  })
})
