/**
 * The two engines of docs/scaling.md as the scaling tests use them: a migrated SQLite database (a copy of the
 * test template, as every test app) and a migrated PostgreSQL database on the file's own server
 * (test/helpers/postgres.ts), each with the stores the app would build for it and a way to add a user row.
 * The PostgreSQL server starts once per test file; without the Debian package the file fails, naming it.
 */
import { afterAll, beforeAll } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase, type Db } from '../../src/lib/db/client'
import { openPostgres, type PgDb } from '../../src/lib/db/postgres/client'
import { migratePostgres } from '../../src/lib/db/postgres/migrate'
import { sql } from 'drizzle-orm'
import type { ReadSnapshot, Stores } from '../../src/lib/db/stores'
import { openSnapshot } from '../../src/features/export/snapshot'
import { sqliteStores } from '../../src/stores'
import { postgresStores } from '../../src/stores-postgres'
import { users } from '../../src/features/users/schema'
import { usersPg } from '../../src/features/users/schema-postgres'
import { seedDatabase } from '../helpers/template-db'
import { requirePostgresBin, startPostgres, type TestPostgres } from '../helpers/postgres'
import type { TestApp } from '../helpers/app'
import { createApp, type App } from '../../src/app'

export type EngineName = 'sqlite' | 'postgres'

export interface Engine {
  name: EngineName
  stores: Stores
  /** inserts a user row (the foreign key of every per-user table); its id */
  addUser(row?: Partial<typeof users.$inferInsert>): Promise<string>
  /** a read snapshot of the database as of now (ReadSnapshot), held until `close` */
  openSnapshot(): Promise<{ snapshot: ReadSnapshot; close(): Promise<void> }>
  close(): Promise<void>
}

let counter = 0

function userRow(row: Partial<typeof users.$inferInsert>): typeof users.$inferInsert {
  counter += 1
  const id = row.id ?? `user-${counter}-${crypto.randomUUID()}`
  const email = row.email ?? `${id}@example.com`
  return { id, name: `User ${counter}`, email, emailKey: email.toLowerCase(), passwordHash: 'x', createdAt: 1, updatedAt: 1, ...row }
}

export function sqliteEngine(): Engine & { db: Db } {
  const dir = mkdtempSync(join(tmpdir(), 'daybook-scaling-'))
  const path = join(dir, 'daybook.db')
  seedDatabase(path)
  const db = openDatabase(path)
  return {
    name: 'sqlite',
    db,
    stores: sqliteStores(db),
    async addUser(row = {}) {
      const values = userRow(row)
      db.insert(users).values(values).run()
      return values.id
    },
    async openSnapshot() {
      // The export's own snapshot: a read-only connection in one read transaction.
      const snapshot = openSnapshot(db)
      return { snapshot: snapshot.read, close: async () => snapshot.close() }
    },
    async close() {
      db.$client.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A migrated database `name` on `server`, with its pool. */
export async function postgresEngine(server: TestPostgres, name: string): Promise<Engine & { db: PgDb }> {
  const db = openPostgres(await server.createDatabase(name), { max: 8 })
  await migratePostgres(db.$client)
  return {
    name: 'postgres',
    db,
    stores: postgresStores(db),
    async addUser(row = {}) {
      const values = userRow(row)
      await db.insert(usersPg).values(values)
      return values.id
    },
    // What the export will open on PostgreSQL (docs/scaling.md, plan step 10): a REPEATABLE READ, READ ONLY
    // transaction kept open on one pooled connection. Its snapshot is taken by its first statement, so it reads once
    // before it is handed over, as the SQLite one does.
    async openSnapshot() {
      let release!: () => void
      const released = new Promise<void>((resolve) => { release = resolve })
      type Reader = Extract<ReadSnapshot, { engine: 'postgres' }>['db']
      let handOver!: (tx: Reader) => void
      const opened = new Promise<Reader>((resolve) => { handOver = resolve })
      const finished = db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`)
        handOver(tx)
        await released
      }, { isolationLevel: 'repeatable read', accessMode: 'read only' })
      const tx = await Promise.race([opened, finished.then(() => { throw new Error('the snapshot transaction ended early') })])
      return {
        snapshot: { engine: 'postgres', db: tx },
        close: async () => { release(); await finished },
      }
    },
    close: () => db.$client.close(),
  }
}

/**
 * The file's PostgreSQL server, started in beforeAll and stopped in afterAll. Without the package, beforeAll fails
 * with a message naming it, and so does every test of the file.
 */
export function usePostgresServer(): { server: () => TestPostgres } {
  let server: TestPostgres | undefined
  beforeAll(async () => {
    server = await startPostgres(requirePostgresBin())
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
  }, 60_000)
  return {
    server: () => {
      if (!server) throw new Error('the PostgreSQL server is not running')
      return server
    },
  }
}

/**
 * The test app's twin over `engine`'s PostgreSQL stores, for tests that compare whole HTTP answers. The token lookup
 * (auth) is still on SQLite, so both apps share the test app's accounts, and the PostgreSQL database gets the same
 * user rows (its tables reference them): call it once the users exist.
 */
export async function appOnPostgres(base: TestApp, engine: Engine & { db: PgDb }): Promise<App> {
  await engine.db.insert(usersPg).values(base.deps.db.select().from(users).all())
  return createApp({ ...base.deps, stores: postgresStores(engine.db) })
}

/** One request to `app` as the bearer of `token`, a body sent as JSON: its status and JSON answer. */
export async function ask(app: App, method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const res = await app.handle(new Request(`http://daybook.test${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }))
  return { status: res.status, body: await res.json() }
}

/** Both engines by name, for a suite that runs its tests on each: SQLite a template copy, PostgreSQL database `db` on `pg`'s server. */
export function bothEngines(pg: ReturnType<typeof usePostgresServer>): { name: EngineName; open: (db: string) => Promise<Engine> }[] {
  return [
    { name: 'sqlite', open: async () => sqliteEngine() },
    { name: 'postgres', open: (db) => postgresEngine(pg.server(), db) },
  ]
}
