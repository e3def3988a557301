/**
 * The JSON text a day's row keeps of its values and activities (migration day_extras_as_json) for the days written
 * before it existed: a database at the schema before it, holding values and activity marks, is migrated, and each
 * row then holds what JSON.stringify writes of its day, on SQLite and on PostgreSQL.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/lib/db/client'
import { migrate } from '../../src/lib/db/migrate'
import { migrations } from '../../src/lib/db/migrations.generated'
import { migrations as postgresMigrations } from '../../src/lib/db/postgres/migrations.generated'
import { migratePostgres } from '../../src/lib/db/postgres/migrate'
import { openPostgres } from '../../src/lib/db/postgres/client'
import { sqliteStores } from '../../src/stores'
import { postgresStores } from '../../src/stores-postgres'
import type { Stores } from '../../src/lib/db/stores'
import { usePostgresServer } from './engines'

const TAG = 'day_extras_as_json'
const before = <M extends { tag: string }>(all: M[]) => {
  const index = all.findIndex((m) => m.tag.endsWith(TAG))
  expect(index).toBeGreaterThan(0)
  return { earlier: all.slice(0, index), rest: all }
}

/** Statements both engines run alike: a person, two trackers, two activities, three days (one without extras). */
type Run = (sql: string, params: (string | number)[]) => Promise<Record<string, number>[]>
async function seed(run: Run): Promise<{ days: number[] }> {
  await run(`INSERT INTO users (id, name, email, email_key, password_hash, created_at, updated_at) VALUES ('u-1', 'Ada', 'ada@example.com', 'ada@example.com', 'x', 1, 1)`, [])
  const tracker = async (name: string) => (await run(`INSERT INTO trackers (user_id, name, name_key, kind, position, decimals, created_at, updated_at)
    VALUES ('u-1', $1, $1, 'number', 0, 3, 1, 1) RETURNING id`, [name]))[0]!.id!
  const activity = async (name: string) => (await run(`INSERT INTO activities (user_id, name, name_key, position, created_at, updated_at)
    VALUES ('u-1', $1, $1, 0, 1, 1) RETURNING id`, [name]))[0]!.id!
  const [weight, steps, family, reading] = [await tracker('weight'), await tracker('steps'), await activity('family'), await activity('reading')]
  const day = async (date: string) => (await run(`INSERT INTO check_ins (user_id, date, created_at, updated_at) VALUES ('u-1', $1, 1, 1) RETURNING id`, [date]))[0]!.id!
  const days = [await day('2026-01-01'), await day('2026-01-02'), await day('2026-01-03')]
  const value = (id: number, tracker: number, v: number) => run('INSERT INTO check_in_values (check_in_id, tracker_id, value) VALUES ($1, $2, $3)', [id, tracker, v])
  const mark = (id: number, activity: number) => run('INSERT INTO check_in_activities (check_in_id, activity_id) VALUES ($1, $2)', [id, activity])
  await value(days[0]!, steps, 12000)
  await value(days[0]!, weight, 72.125)
  await mark(days[0]!, reading)
  await mark(days[0]!, family)
  await value(days[1]!, weight, -0.5)
  return { days }
}

async function expectBackfilled(stores: Stores): Promise<void> {
  const rows = await stores.checkIns.listStored('u-1')
  const days = await stores.checkIns.list('u-1')
  expect(rows.map((r) => [r.date, r.valuesJson, r.activitiesJson])).toEqual([
    ['2026-01-03', null, null],
    ['2026-01-02', JSON.stringify(days[1]!.values), null],
    ['2026-01-01', JSON.stringify(days[2]!.values), JSON.stringify(days[2]!.activities)],
  ])
  expect(Object.values(days[2]!.values)).toEqual([72.125, 12000])
  expect(days[2]!.activities).toHaveLength(2)
}

describe('days written before the JSON text existed get it when daybook migrates', () => {
  const pg = usePostgresServer()
  let close: (() => unknown) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
  })

  test('on SQLite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'daybook-day-extras-backfill-'))
    const db = openDatabase(join(dir, 'daybook.db'))
    close = () => {
      db.$client.close()
      rmSync(dir, { recursive: true, force: true })
    }
    const { earlier, rest } = before(migrations)
    migrate(db.$client, earlier)
    await seed(async (sql, params) => db.$client.query(sql.replaceAll(/\$(\d)/g, '?$1')).all(...params) as Record<string, number>[])
    migrate(db.$client, rest)
    await expectBackfilled(sqliteStores(db))
  })

  test('on PostgreSQL', async () => {
    const db = openPostgres(await pg.server().createDatabase('day_extras_backfill'), { max: 2 })
    close = () => db.$client.close()
    const { earlier, rest } = before(postgresMigrations)
    await migratePostgres(db.$client, earlier)
    await seed(async (sql, params) => (await db.$client.unsafe(sql, params)).map((row: Record<string, unknown>) => ({ ...row, id: Number(row.id) })))
    await migratePostgres(db.$client, rest)
    await expectBackfilled(postgresStores(db))
  })
})
