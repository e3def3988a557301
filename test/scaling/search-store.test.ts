/**
 * The search store (docs/api/search.md §5) behaves the same on SQLite and on a real PostgreSQL for what lives in
 * both: day notes, written through the check-in store, indexed by each engine's triggers. One suite against both
 * engines, then both at once: the same calls give the same hits and the same marked text, the migration indexes
 * the notes written before it, and the HTTP answers are the same bodies with either engine behind them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { CheckInStore, ImportChange, ImportedCheckIn } from '../../src/features/check-in/store'
import type { SearchStore } from '../../src/features/search/store'
import { TRACKERS } from '../../src/features/check-in/trackers'
import { presentHit } from '../../src/features/search/present'
import { queryWords } from '../../src/features/search/words'
import { openPostgres } from '../../src/lib/db/postgres/client'
import { migratePostgres } from '../../src/lib/db/postgres/migrate'
import { migrations as pgMigrations } from '../../src/lib/db/postgres/migrations.generated'
import type { App } from '../../src/app'
import { postgresStores } from '../../src/stores-postgres'
import { createTestApp } from '../helpers/app'
import { createUser } from '../helpers/fixtures'
import { appOnPostgres, ask, bothEngines, type Engine, postgresEngine, sqliteEngine, usePostgresServer } from './engines'

const pg = usePostgresServer()

const ENGINES = bothEngines(pg)

const NOW = Date.parse('2026-06-24T10:00:00.000Z')
const MINUTE = 60_000
const ALL_NULL = Object.fromEntries(TRACKERS.map((t) => [t.prop, null])) as ImportedCheckIn['values']

/** The days whose notes hold every word of `q` (as the route turns it into words), best first. */
const daysFor = async (search: SearchStore, user: string, q: string) => (await search.search(user, queryWords(q), 100, 0)).rows.map((r) => r.day)

for (const spec of ENGINES) {
  describe(`search store on ${spec.name}`, () => {
    let engine: Engine
    let checkIns: CheckInStore
    let search: SearchStore
    beforeAll(async () => {
      engine = await spec.open('search_store')
      checkIns = engine.stores.checkIns
      search = engine.stores.search
    })
    afterAll(() => engine?.close())

    const note = (user: string, date: string, text: string | null, at = NOW) => checkIns.upsert(user, date, {}, at, { note: text })

    test('a day\'s note is found by its words, as the document the hit is made from', async () => {
      const user = await engine.addUser()
      const day = await note(user, '2026-06-20', 'Drank milk at noon', NOW - MINUTE)
      await note(user, '2026-06-21', 'Water only')
      expect(await search.search(user, ['milk'], 10, 0)).toEqual({
        rows: [{ source: 'day_note', library: null, ref: String(day.id), title: '', body: 'Drank milk at noon', at: NOW - MINUTE, day: '2026-06-20' }],
        total: 1,
      })
    })

    test('case, accents and word beginnings are folded alike; ß, Cyrillic, CJK and punctuation too', async () => {
      const user = await engine.addUser()
      await note(user, '2026-01-01', 'Café au lait with ÉCLAIRS')
      await note(user, '2026-01-02', 'Straße nach Köln')
      await note(user, '2026-01-03', 'Поездка в МОСКВУ')
      await note(user, '2026-01-04', '東京タワー at night')
      await note(user, '2026-01-05', 'e-mail from bob@example.com about x_y and 3.14')
      const cases: [string, string[]][] = [
        ['cafe', ['2026-01-01']], ['CAFÉ eclair', ['2026-01-01']], ['Éclairs', ['2026-01-01']],
        ['straße', ['2026-01-02']], ['strasse', []], ['KÖLN', ['2026-01-02']], ['koln nach', ['2026-01-02']],
        ['москву', ['2026-01-03']], ['МОСК поездка', ['2026-01-03']],
        ['東京', ['2026-01-04']], ['タワー', []],
        ['mail example com', ['2026-01-05']], ['x y', ['2026-01-05']], ['3 14', ['2026-01-05']], ['bob@example', ['2026-01-05']],
        ['ail', []], ['lait café night', []],
      ]
      for (const [q, days] of cases) expect([q, await daysFor(search, user, q)]).toEqual([q, days])
    })

    test('scoped to the user it is given', async () => {
      const [alice, bob] = [await engine.addUser(), await engine.addUser()]
      await note(alice, '2026-02-01', 'milk')
      for (let d = 1; d <= 9; d++) await note(bob, `2026-02-0${d}`, `milk ${d}`)
      expect(await search.search(alice, ['milk'], 10, 0)).toMatchObject({ total: 1, rows: [{ day: '2026-02-01', body: 'milk' }] })
      expect((await search.search(bob, ['milk'], 10, 0)).total).toBe(9)
      expect(await search.search(await engine.addUser(), ['milk'], 10, 0)).toEqual({ rows: [], total: 0 })
    })

    test('changes: a new note replaces the old words, a write without one keeps it, null removes it', async () => {
      const user = await engine.addUser()
      await note(user, '2026-03-01', 'rainy morning')
      await note(user, '2026-03-01', 'sunny evening', NOW + MINUTE)
      expect(await daysFor(search, user, 'rainy')).toEqual([])
      expect(await daysFor(search, user, 'sunny')).toEqual(['2026-03-01'])
      await checkIns.upsert(user, '2026-03-01', { mood: 3 }, NOW + 2 * MINUTE)
      expect(await daysFor(search, user, 'sunny')).toEqual(['2026-03-01'])
      await note(user, '2026-03-01', null, NOW + 3 * MINUTE)
      expect(await daysFor(search, user, 'sunny')).toEqual([])
    })

    test('the import\'s notes are found, replaced and taken back with its undo', async () => {
      const user = await engine.addUser()
      await note(user, '2026-04-02', 'own words')
      const entry = (date: string, text: string): ImportedCheckIn =>
        ({ date, values: ALL_NULL, createdAt: NOW - 60 * MINUTE, updatedAt: NOW - 59 * MINUTE, extras: { values: new Map(), activities: new Map(), note: text } })
      const journal: ImportChange[] = []
      await checkIns.importEntries(user, [entry('2026-04-01', 'imported words'), entry('2026-04-02', 'archived words')], { replace: true, now: NOW }, (c) => { journal.push(c) })
      expect((await daysFor(search, user, 'words')).sort()).toEqual(['2026-04-01', '2026-04-02'])
      expect(await daysFor(search, user, 'own')).toEqual([])
      expect(await daysFor(search, user, 'archived')).toEqual(['2026-04-02'])
      await checkIns.undoImported(user, journal, () => {})
      expect(await daysFor(search, user, 'imported')).toEqual([])
      expect(await daysFor(search, user, 'archived')).toEqual([])
      expect(await daysFor(search, user, 'own words')).toEqual(['2026-04-02'])
    })

    test('order: more of the word first, a short note before a long one, then the newest; pages and the total', async () => {
      const user = await engine.addUser()
      await note(user, '2026-05-01', 'a very long note about the whole day that mentions milk once among many other words here')
      await note(user, '2026-05-02', 'milk and bread')
      await note(user, '2026-05-03', 'milk', NOW)
      await note(user, '2026-05-04', 'milk', NOW + MINUTE)
      await note(user, '2026-05-05', 'milk milk milk')
      const order = ['2026-05-05', '2026-05-04', '2026-05-03', '2026-05-02', '2026-05-01']
      expect(await daysFor(search, user, 'milk')).toEqual(order)
      const pages = [await search.search(user, ['milk'], 2, 0), await search.search(user, ['milk'], 2, 2), await search.search(user, ['milk'], 2, 4), await search.search(user, ['milk'], 2, 6)]
      expect(pages.map((p) => [p.rows.map((r) => r.day), p.total])).toEqual([[order.slice(0, 2), 5], [order.slice(2, 4), 5], [order.slice(4), 5], [[], 5]])
    })

    test('words from any text reach the engine as words: no query fails', async () => {
      const user = await engine.addUser()
      await note(user, '2026-06-01', `near the door: milk ${'y'.repeat(300)}`)
      const hostile = ['"', '*', 'NEAR(milk door)', '-milk', 'milk AND', ':', "'; DROP TABLE search_docs; --", '\\\' " \\', 'x'.repeat(10_240), 'é'.repeat(3000)]
      for (const q of hostile) {
        const words = queryWords(q)
        if (words.length > 0) expect((await search.search(user, words, 10, 0)).total).toBeGreaterThanOrEqual(0)
      }
      expect(await daysFor(search, user, 'NEAR(milk door)')).toEqual(['2026-06-01'])
      expect(await daysFor(search, user, "door: 'milk'")).toEqual(['2026-06-01'])
      // A word longer than 200 characters counts by its first 200.
      expect(await daysFor(search, user, 'y'.repeat(5000))).toEqual(['2026-06-01'])
    })
  })
}

describe('both engines at once', () => {
  test('the same calls give the same hits, totals and marked text on SQLite and PostgreSQL', async () => {
    const script = async (engine: Engine) => {
      const [alice, bob] = [await engine.addUser({ id: 'alice' }), await engine.addUser({ id: 'bob' })]
      const c = engine.stores.checkIns
      await c.upsert(alice, '2026-06-20', { mood: 4 }, NOW, { note: 'Walked to the Café; **milk** and croissants' })
      await c.upsert(alice, '2026-06-21', {}, NOW + MINUTE, { note: `A long day. ${'Nothing much happened. '.repeat(20)}Then milk at the end.` })
      await c.upsert(bob, '2026-06-20', {}, NOW, { note: 'milk for bob' })
      await c.upsert(alice, '2026-06-22', {}, NOW + 2 * MINUTE, { note: 'Milky way, ÉCLAIRS, 東京タワー' })
      await c.upsert(alice, '2026-06-22', {}, NOW + 3 * MINUTE, { note: 'Milky way again, éclairs' })
      const out: unknown[] = []
      for (const q of ['milk', 'MILK cafe', 'eclair', '東京', 'happened', 'nothing', 'bob']) {
        const words = queryWords(q)
        for (const [user, offset] of [[alice, 0], [alice, 1], [bob, 0]] as const) {
          const { rows, total } = await engine.stores.search.search(user, words, 2, offset)
          // The check-in ids (refs) are each engine's own; everything else is compared.
          out.push(q, total, rows.map((row) => ({ ...presentHit(row, words), id: undefined, at: row.at })))
        }
      }
      return out
    }
    const [sqlite, postgres] = [sqliteEngine(), await postgresEngine(pg.server(), 'search_compare')]
    try {
      expect(await script(postgres)).toEqual(await script(sqlite))
    } finally {
      await sqlite.close()
      await postgres.close()
    }
  })

  test('PostgreSQL: the migration indexes the notes written before it', async () => {
    const index = pgMigrations.findIndex((m) => m.tag === '0005_search_index')
    expect(index).toBeGreaterThan(0)
    const db = openPostgres(await pg.server().createDatabase('search_rebuild'), { max: 2 })
    try {
      await migratePostgres(db.$client, pgMigrations.slice(0, index))
      await db.$client`INSERT INTO users (id, name, email, email_key, password_hash, created_at, updated_at) VALUES ('u', 'U', 'u@x', 'u@x', 'x', 1, 1)`
      await db.$client`INSERT INTO check_ins (user_id, date, note, created_at, updated_at) VALUES ('u', '2026-01-01', 'Before the index', 5, 5), ('u', '2026-01-02', NULL, 6, 6), ('u', '2026-01-03', '', 7, 7)`
      expect(await migratePostgres(db.$client)).toEqual(['0005_search_index', ...pgMigrations.slice(index + 1).map((m) => m.tag)])
      const store = postgresStores(db).search
      expect(await store.search('u', ['index'], 10, 0)).toMatchObject({ total: 1, rows: [{ day: '2026-01-01', body: 'Before the index', at: 5 }] })
      const [{ n }] = await db.$client`SELECT count(*)::int AS n FROM search_docs`
      expect(n).toBe(1)
    } finally {
      await db.$client.close()
    }
  })

  test('HTTP: the search answers the same bodies with either engine behind it', async () => {
    // Only day notes are written: on PostgreSQL the index holds those so far.
    const base = createTestApp()
    const pgEngine = await postgresEngine(pg.server(), 'search_http')
    try {
      const alice = await createUser(base)
      const bob = await createUser(base)
      const pgApp = await appOnPostgres(base, pgEngine)
      const conversation = async (app: App) => [
        await ask(app, 'POST', '/api/v1/check-in', alice.token, { date: '2026-06-20', note: 'Walked to the Café for milk' }),
        await ask(app, 'POST', '/api/v1/check-in', alice.token, { date: '2026-06-21', note: 'milk milk, and <b>more</b> milk' }),
        await ask(app, 'POST', '/api/v1/check-in', bob.token, { date: '2026-06-21', note: 'milk of bob' }),
        await ask(app, 'GET', `/api/v1/search?q=${encodeURIComponent('MILK')}`, alice.token),
        await ask(app, 'GET', `/api/v1/search?q=${encodeURIComponent('"cafe" -milk*')}&per_page=1`, alice.token),
        await ask(app, 'GET', `/api/v1/search?q=${encodeURIComponent('NEAR(')}`, alice.token),
        await ask(app, 'GET', '/api/v1/search?q=%20', alice.token),
        await ask(app, 'GET', '/api/v1/search?q=milk', bob.token),
      ]
      const onPostgres = await conversation(pgApp)
      const onSqlite = await conversation(base.app)
      expect(onPostgres).toEqual(onSqlite)
      expect(onSqlite.map((r) => r.status)).toEqual([201, 201, 201, 200, 200, 200, 422, 200])
      expect(onSqlite[3]!.body.data.map((h: { date: string }) => h.date)).toEqual(['2026-06-21', '2026-06-20'])
      expect(onSqlite[7]!.body.meta.pagination.total).toBe(1)
    } finally {
      base.close()
      await pgEngine.close()
    }
  })
})
