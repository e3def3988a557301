/**
 * The spike of docs/scaling.md: the check-in feature's store behaves the same on SQLite and on a real
 * PostgreSQL (one suite, run against both), both engines give the same rows for the same calls, and the HTTP
 * routes answer the same bodies on either engine.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../src/lib/db/client'
import type { PgDb } from '../../src/lib/db/postgres/client'
import { users } from '../../src/features/users/schema'
import { usersPg } from '../../src/features/users/schema-postgres'
import type { CheckInDay, CheckInStore, ImportChange, ImportedCheckIn } from '../../src/features/check-in/store'
import { importJobs, importUndo } from '../../src/features/import/schema'
import { TRACKERS } from '../../src/features/check-in/trackers'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser } from '../helpers/fixtures'
import { appOnPostgres, ask, bothEngines, type Engine, postgresEngine, sqliteEngine, usePostgresServer } from './engines'

const pg = usePostgresServer()

const ENGINES = bothEngines(pg)

const NOW = Date.parse('2026-06-24T10:00:00.000Z')
const MINUTE = 60_000
const ALL_NULL = Object.fromEntries(TRACKERS.map((t) => [t.prop, null]))
/** What an entry without a note, values or activities carries beside its trackers. */
const NO_EXTRAS = { note: null, moreSports: null, valuesJson: null, activitiesJson: null, values: {}, activities: [] }
const FULL = { mood: 4, sleep: 5, dreams: 1, foodQuality: 4, foodAmount: 3, water: 3, sports: 6, work: 3, menstruation: 2, alcohol: 1, smoking: 5, socialLife: 4 }
const HOUR = 60 * MINUTE

/** An archive's entry: the given trackers, the others null, its own times. */
const entry = (date: string, values: Partial<typeof FULL>, createdAt = NOW - 48 * HOUR): ImportedCheckIn =>
  ({ date, values: { ...ALL_NULL, ...values } as ImportedCheckIn['values'], createdAt, updatedAt: createdAt + HOUR })

/** Runs an import batch, collecting what it hands to the journal. */
async function importBatch(store: CheckInStore, userId: string, entries: ImportedCheckIn[], replace: boolean, now = NOW + HOUR) {
  const journal: ImportChange[] = []
  const counts = await store.importEntries(userId, entries, { replace, now }, (change) => { journal.push(change) })
  return { counts, journal }
}

for (const spec of ENGINES) {
  describe(`check-in store on ${spec.name}`, () => {
    let engine: Engine
    let store: CheckInStore
    beforeAll(async () => {
      engine = await spec.open('check_in_store')
      store = engine.stores.checkIns
    })
    afterAll(() => engine?.close())

    const dates = async (userId: string, from?: string, to?: string) => (await store.list(userId, from, to)).map((r) => r.date)

    test('list: empty, then every entry newest date first whatever the order written', async () => {
      const user = await engine.addUser()
      expect(await store.list(user)).toEqual([])
      for (const date of ['2026-06-02', '2025-12-31', '2026-06-24', '2026-01-01', '2026-06-03']) await store.upsert(user, date, { mood: 3 }, NOW)
      expect(await dates(user)).toEqual(['2026-06-24', '2026-06-03', '2026-06-02', '2026-01-01', '2025-12-31'])
    })

    test('list by range: from and to are inclusive, each optional', async () => {
      const user = await engine.addUser()
      for (const date of ['2026-05-31', '2026-06-01', '2026-06-15', '2026-06-30', '2026-07-01']) await store.upsert(user, date, {}, NOW)
      expect(await dates(user, '2026-06-01')).toEqual(['2026-07-01', '2026-06-30', '2026-06-15', '2026-06-01'])
      expect(await dates(user, undefined, '2026-06-15')).toEqual(['2026-06-15', '2026-06-01', '2026-05-31'])
      expect(await dates(user, '2026-06-01', '2026-06-30')).toEqual(['2026-06-30', '2026-06-15', '2026-06-01'])
      expect(await dates(user, '2026-06-15', '2026-06-15')).toEqual(['2026-06-15'])
      expect(await dates(user, '2026-06-02', '2026-06-14')).toEqual([])
      // a year: 365 entries, all returned (the list is not paginated)
      const year = await engine.addUser()
      for (let d = 0; d < 365; d++) await store.upsert(year, new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10), { water: 1 + (d % 5) }, NOW)
      const all = await store.list(year)
      expect(all).toHaveLength(365)
      expect(all[0]!.date).toBe('2025-12-31')
      expect(all[364]!.date).toBe('2025-01-01')
      expect(await store.list(year, '2025-12-02', '2025-12-31')).toHaveLength(30)
    })

    test('upsert creates the entry: unsent trackers null, both times now, the row as stored', async () => {
      const user = await engine.addUser()
      const row = await store.upsert(user, '2026-06-24', { mood: 4, sports: 2 }, NOW)
      expect(row).toEqual({ id: expect.any(Number), userId: user, date: '2026-06-24', ...ALL_NULL, mood: 4, sports: 2, ...NO_EXTRAS, createdAt: NOW, updatedAt: NOW } as unknown as CheckInDay)
      expect(await store.list(user)).toEqual([row])
    })

    test('upsert updates in place: partial merge, null clears, absent keeps, updated_at moves, created_at stays', async () => {
      const user = await engine.addUser()
      const created = await store.upsert(user, '2026-06-24', { mood: 4, sleep: 5, water: 2 }, NOW)
      const updated = await store.upsert(user, '2026-06-24', { mood: 2, sleep: null }, NOW + 5 * MINUTE)
      expect(updated).toEqual({ ...created, mood: 2, sleep: null, water: 2, updatedAt: NOW + 5 * MINUTE })
      // only a date: nothing changes but updated_at
      const touched = await store.upsert(user, '2026-06-24', {}, NOW + 6 * MINUTE)
      expect(touched).toEqual({ ...updated, updatedAt: NOW + 6 * MINUTE })
      expect(await store.list(user)).toEqual([touched])
    })

    test('one row per user and date under concurrent upserts; every tracker keeps its write', async () => {
      const user = await engine.addUser()
      const value = (i: number) => (TRACKERS[i]!.prop === 'sports' ? 6 : (i % 5) + 1)
      const writes = Array.from({ length: 24 }, (_, i) => {
        const tr = TRACKERS[i % TRACKERS.length]!
        return store.upsert(user, '2026-06-24', { [tr.prop]: value(i % TRACKERS.length) }, NOW + i)
      })
      const rows = await Promise.all(writes)
      expect(new Set(rows.map((r) => r.id)).size).toBe(1)
      const [entry, ...rest] = await store.list(user)
      expect(rest).toEqual([])
      TRACKERS.forEach((tr, i) => expect(entry![tr.prop]).toBe(value(i)))

      // many users and dates at once never collide
      const others = await Promise.all([engine.addUser(), engine.addUser(), engine.addUser()])
      await Promise.all(others.flatMap((u) => [1, 2, 3, 4, 5].flatMap((day) =>
        ['mood', 'water', 'sleep'].map((prop) => store.upsert(u, `2026-06-0${day}`, { [prop]: day }, NOW)))))
      for (const u of others) {
        const entries = await store.list(u)
        expect(entries.map((e) => e.date)).toEqual(['2026-06-05', '2026-06-04', '2026-06-03', '2026-06-02', '2026-06-01'])
        for (const e of entries) expect([e.mood, e.water, e.sleep]).toEqual([Number(e.date.slice(-1)), Number(e.date.slice(-1)), Number(e.date.slice(-1))])
      }
    })

    test('scoped to the owner: the same date for two users is two entries; nobody sees another\'s', async () => {
      const [alice, bob] = [await engine.addUser(), await engine.addUser()]
      const a = await store.upsert(alice, '2026-06-24', { mood: 1 }, NOW)
      const b = await store.upsert(bob, '2026-06-24', { mood: 5 }, NOW)
      expect(a.id).not.toBe(b.id)
      expect(await store.list(alice)).toEqual([a])
      expect(await store.list(bob)).toEqual([b])
      expect(await store.hasOn(alice, '2026-06-24')).toBe(true)
      expect(await store.hasOn(alice, '2026-06-23')).toBe(false)
      const carol = await engine.addUser()
      expect(await store.hasOn(carol, '2026-06-24')).toBe(false)
      expect(await store.list(carol)).toEqual([])
    })

    test('every field round-trips with its JS type: 12 trackers, extreme dates, epoch ms past 2^32', async () => {
      const user = await engine.addUser()
      const far = Date.parse('2999-12-31T23:59:59.999Z') // 32,503,679,999,999: needs 64-bit integers
      const rows = [
        await store.upsert(user, '0001-01-01', FULL, far),
        await store.upsert(user, '2024-02-29', {}, 0),
        await store.upsert(user, '9999-12-31', { ...FULL, mood: null, sports: 1 }, NOW + 1),
      ]
      expect(await store.list(user)).toEqual([rows[2]!, rows[1]!, rows[0]!])
      expect(rows[0]).toMatchObject({ ...FULL, createdAt: far, updatedAt: far })
      expect(rows[1]).toMatchObject({ ...ALL_NULL, createdAt: 0 })
      for (const row of rows) {
        expect(Object.keys(row).sort()).toEqual(['id', 'userId', 'date', ...TRACKERS.map((t) => t.prop), 'note', 'moreSports', 'valuesJson', 'activitiesJson', 'createdAt', 'updatedAt', 'values', 'activities'].sort())
        expect([typeof row.id, typeof row.createdAt, typeof row.updatedAt, typeof row.date]).toEqual(['number', 'number', 'number', 'string'])
        for (const tr of TRACKERS) expect(row[tr.prop] === null || Number.isInteger(row[tr.prop])).toBe(true)
      }
    })

    test('own sports: ids from 101; a day\'s further sports are kept apart from `sports`, and a deleted sport leaves every day (the trigger)', async () => {
      const [alice, bob] = [await engine.addUser(), await engine.addUser()]
      const sport = async (userId: string, name: string) => {
        const row = await engine.stores.sports.create({ userId, name, nameKey: name.toLowerCase(), createdAt: NOW, updatedAt: NOW }, 10)
        if (typeof row === 'string') throw new Error(row)
        return row.id
      }
      const [climbing, tennis, rowing] = [await sport(alice, 'Climbing'), await sport(alice, 'Tennis'), await sport(bob, 'Rowing')]
      expect(Math.min(climbing, tennis, rowing)).toBeGreaterThan(100)
      expect((await store.upsert(alice, '2026-06-01', { sports: 2 }, NOW, { moreSports: [climbing, 3, tennis] })).moreSports).toBe(JSON.stringify([climbing, 3, tennis]))
      await store.upsert(alice, '2026-06-02', {}, NOW, { moreSports: [climbing] })
      await store.upsert(alice, '2026-06-03', { sports: 1 }, NOW, { moreSports: [] })
      await store.upsert(bob, '2026-06-01', {}, NOW, { moreSports: [rowing] })
      // a post of trackers alone keeps them
      expect((await store.upsert(alice, '2026-06-01', { sports: 5 }, NOW)).moreSports).toBe(JSON.stringify([climbing, 3, tennis]))
      expect(await engine.stores.sports.remove(alice, climbing)).toBe(true)
      const days = await store.list(alice)
      expect(days.map((d) => [d.date, d.sports, d.moreSports === null ? null : JSON.parse(d.moreSports)])).toEqual([
        ['2026-06-03', 1, null], ['2026-06-02', null, null], ['2026-06-01', 5, [3, tennis]],
      ])
      expect((await store.list(bob))[0]!.moreSports).toBe(JSON.stringify([rowing]))
    })

    test('a write for a user that does not exist fails on the foreign key; nothing is stored', async () => {
      await expect(store.upsert('no-such-user', '2026-06-24', { mood: 3 }, NOW)).rejects.toThrow()
      await expect(importBatch(store, 'no-such-user', [entry('2026-06-01', { mood: 1 }), entry('2026-06-02', { mood: 2 })], false)).rejects.toThrow()
      expect(await store.list('no-such-user')).toEqual([])
    })

    test('pageByDate: oldest first in pages after the cursor, only the user\'s, as of the snapshot', async () => {
      const [user, other] = [await engine.addUser(), await engine.addUser()]
      const dates = ['2026-06-05', '2026-06-01', '2026-06-07', '2026-06-03', '2026-06-02', '2026-06-06', '2025-12-31']
      for (const date of dates) await store.upsert(user, date, { mood: 2 }, NOW)
      await store.upsert(other, '2026-06-04', { mood: 5 }, NOW)
      const { snapshot, close } = await engine.openSnapshot()
      const pages = async (userId: string) => {
        const out: CheckInDay[][] = []
        for (let after: string | undefined; ;) {
          const page = await store.pageByDate(snapshot, userId, after, 3)
          out.push(page)
          if (page.length < 3) return out
          after = page.at(-1)!.date
        }
      }
      try {
        // written after the snapshot was taken: a new date, a changed entry, another user's first
        await store.upsert(user, '2026-06-04', { mood: 1 }, NOW + MINUTE)
        await store.upsert(user, '2026-06-01', { mood: 5 }, NOW + MINUTE)
        const late = await engine.addUser()
        await store.upsert(late, '2026-06-01', { mood: 3 }, NOW + MINUTE)
        const seen = await pages(user)
        expect(seen.map((p) => p.map((r) => r.date))).toEqual([['2025-12-31', '2026-06-01', '2026-06-02'], ['2026-06-03', '2026-06-05', '2026-06-06'], ['2026-06-07']])
        expect(seen.flat().every((r) => r.userId === user && r.mood === 2 && r.updatedAt === NOW)).toBe(true)
        expect((await pages(other)).flat().map((r) => r.date)).toEqual(['2026-06-04'])
        expect(await pages(late)).toEqual([[]])
      } finally {
        await close()
      }
      // a new snapshot sees them, rows as the list returns them
      const again = await engine.openSnapshot()
      try {
        expect(await store.pageByDate(again.snapshot, user, '2026-06-03', 500)).toEqual((await store.list(user, '2026-06-04')).reverse())
      } finally {
        await again.close()
      }
    })

    test('importEntries: new dates inserted with the archive\'s times, an existing date keeps its values; inserts journaled', async () => {
      const user = await engine.addUser()
      const existing = await store.upsert(user, '2026-06-02', { mood: 2 }, NOW)
      const entries = [entry('2026-06-01', { mood: 4 }), entry('2026-06-02', { mood: 5, water: 1 }), entry('2026-06-03', FULL, 0)]
      const { counts, journal } = await importBatch(store, user, entries, false)
      expect(counts).toEqual({ imported: 2, skipped: 1, ownValues: 0 })
      const [third, second, first] = await store.list(user)
      expect(second).toEqual(existing)
      expect(first).toEqual({ id: expect.any(Number), userId: user, date: '2026-06-01', ...ALL_NULL, mood: 4, ...NO_EXTRAS, createdAt: NOW - 48 * HOUR, updatedAt: NOW - 47 * HOUR } as unknown as CheckInDay)
      expect(third).toEqual({ id: expect.any(Number), userId: user, date: '2026-06-03', ...FULL, ...NO_EXTRAS, createdAt: 0, updatedAt: HOUR })
      expect(journal).toEqual([{ kind: 'inserted', id: first!.id }, { kind: 'inserted', id: third!.id }])
      // the same batch again changes nothing
      expect(await importBatch(store, user, entries, false)).toEqual({ counts: { imported: 0, skipped: 3, ownValues: 0 }, journal: [] })
    })

    test('importEntries with replace: a differing entry takes the archive\'s trackers at now, an equal one is skipped; what it had is journaled', async () => {
      const user = await engine.addUser()
      const differs = await store.upsert(user, '2026-06-01', { mood: 2, water: 3 }, NOW)
      const equal = await store.upsert(user, '2026-06-02', { mood: 4 }, NOW)
      const { counts, journal } = await importBatch(store, user, [entry('2026-06-01', { mood: 5 }), entry('2026-06-02', { mood: 4 }), entry('2026-06-03', { sleep: 1 })], true)
      expect(counts).toEqual({ imported: 2, skipped: 1, ownValues: 0 })
      const [added, kept, replaced] = await store.list(user)
      expect(replaced).toEqual({ ...differs, ...ALL_NULL, mood: 5, updatedAt: NOW + HOUR })
      expect(kept).toEqual(equal)
      expect(journal).toEqual([
        { kind: 'replaced', id: differs.id, previous: { ...entry('', { mood: 2, water: 3 }).values, updatedAt: NOW } },
        { kind: 'inserted', id: added!.id },
      ])
    })

    test('importEntries and undoImported carry a day\'s further sports: written when the archive speaks of them, kept when it does not, put back', async () => {
      const user = await engine.addUser()
      const made = await engine.stores.sports.create({ userId: user, name: 'Climbing', nameKey: 'climbing', createdAt: NOW, updatedAt: NOW }, 10)
      if (typeof made === 'string') throw new Error(made)
      const climbing = made.id
      const withSports = (date: string, values: Partial<typeof FULL>, moreSports?: number[]): ImportedCheckIn =>
        ({ ...entry(date, values), extras: { values: new Map(), activities: new Map(), ...(moreSports && { moreSports }) } })
      await store.upsert(user, '2026-06-01', { sports: 1 }, NOW, { moreSports: [climbing] })
      await store.upsert(user, '2026-06-02', { sports: 4 }, NOW, { moreSports: [climbing, 3] })
      await store.upsert(user, '2026-06-03', { sports: 2 }, NOW, { moreSports: [5] })
      const before = await store.list(user)
      const more = async () => Object.fromEntries((await store.list(user)).map((d) => [d.date, [d.sports, d.moreSports]]))

      // merge: an existing date keeps its sports; a new one takes the archive's
      const merged = await importBatch(store, user, [withSports('2026-06-01', { sports: 2 }, [climbing, 6]), withSports('2026-06-04', { sports: 3 }, [climbing])], false)
      expect(merged.counts).toEqual({ imported: 1, skipped: 1, ownValues: 0 })
      expect(await more()).toMatchObject({ '2026-06-01': [1, `[${climbing}]`], '2026-06-04': [3, `[${climbing}]`] })

      // replace: the archive's list replaces the day's (none clears it); without sport_ids the day keeps its own; an equal day is skipped
      const { counts, journal } = await importBatch(store, user, [
        withSports('2026-06-01', { sports: 2 }, [climbing, 6]), withSports('2026-06-02', { sports: 5 }), withSports('2026-06-03', { sports: 2 }, []),
        withSports('2026-06-04', { sports: 3 }, [climbing]),
      ], true)
      expect(counts).toEqual({ imported: 3, skipped: 1, ownValues: 0 })
      expect(await more()).toEqual({
        '2026-06-01': [2, `[${climbing},6]`], '2026-06-02': [5, `[${climbing},3]`], '2026-06-03': [2, null], '2026-06-04': [3, `[${climbing}]`],
      })
      expect(journal.map((c) => (c.kind === 'replaced' ? c.previous.moreSports : c.kind))).toEqual([`[${climbing}]`, undefined, '[5]'])

      await store.undoImported(user, [...journal].reverse(), () => {})
      expect(await store.list(user, '2026-06-01', '2026-06-03')).toEqual(before)
    })

    test('upserts of the same dates while an import batch runs: no error, one entry per date, each write kept', async () => {
      const user = await engine.addUser()
      const dates = Array.from({ length: 200 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10))
      const [{ counts, journal }] = await Promise.all([
        importBatch(store, user, dates.map((date) => entry(date, { mood: 1 })), false),
        ...dates.map((date) => store.upsert(user, date, { water: 2 }, NOW)),
      ])
      const rows = await store.list(user)
      expect(rows).toHaveLength(200)
      expect(rows.every((r) => r.water === 2)).toBe(true)
      // an entry the import inserted kept its mood (the upsert only set water); one the person wrote first was skipped
      const imported = rows.filter((r) => r.mood === 1).map((r) => r.id).sort((x, y) => x - y)
      expect(counts).toEqual({ imported: imported.length, skipped: 200 - imported.length, ownValues: 0 })
      expect(journal.map((c) => c.id).sort((x, y) => x - y)).toEqual(imported)
    })

    test('undoImported: inserted entries go, replaced ones get their values back, only the user\'s; each change reaches the journal', async () => {
      const [user, other] = [await engine.addUser(), await engine.addUser()]
      await store.upsert(user, '2026-06-01', { mood: 2, water: 3 }, NOW)
      await store.upsert(user, '2026-06-02', { mood: 4 }, NOW)
      const before = await store.list(user)
      const { journal } = await importBatch(store, user, [entry('2026-06-01', { mood: 5 }), entry('2026-06-02', FULL), entry('2026-06-03', { sleep: 1 })], true)
      expect(journal.map((c) => c.kind)).toEqual(['replaced', 'replaced', 'inserted'])
      // another user's undo cannot touch these rows
      await store.undoImported(other, journal, () => {})
      expect(await store.list(user)).not.toEqual(before)
      const undone: number[] = []
      await store.undoImported(user, journal.map((change, entryId) => ({ ...change, entryId })).reverse(), (change) => { undone.push(change.entryId) })
      expect(undone).toEqual([2, 1, 0])
      expect(await store.list(user)).toEqual(before)
    })

    test('a journal that throws undoes the import\'s unit of work; on SQLite the undo\'s too, on PostgreSQL the undo has committed first', async () => {
      const user = await engine.addUser()
      await store.upsert(user, '2026-06-02', { mood: 1 }, NOW)
      const before = await store.list(user)
      const entries = [entry('2026-06-01', { mood: 4 }), entry('2026-06-02', { mood: 5 }), entry('2026-06-03', { mood: 3 })]
      let calls = 0
      const failing = () => { if (++calls === 3) throw new Error('journal full') }
      await expect(store.importEntries(user, entries, { replace: true, now: NOW + HOUR }, failing)).rejects.toThrow('journal full')
      expect(calls).toBe(3)
      expect(await store.list(user)).toEqual(before)

      const { journal } = await importBatch(store, user, entries, true)
      const imported = await store.list(user)
      calls = 0
      await expect(store.undoImported(user, journal, failing)).rejects.toThrow('journal full')
      expect(await store.list(user)).toEqual(spec.name === 'sqlite' ? imported : before)
    })
  })
}

describe('both engines at once', () => {
  let sqlite: Engine
  let postgres: Engine
  beforeAll(async () => {
    sqlite = sqliteEngine()
    postgres = await postgresEngine(pg.server(), 'check_in_compare')
  })
  afterAll(async () => {
    await sqlite?.close()
    await postgres?.close()
  })

  test('the same calls give the same rows (ids included) on SQLite and PostgreSQL', async () => {
    const script = async (engine: Engine) => {
      const [alice, bob] = [await engine.addUser({ id: 'alice' }), await engine.addUser({ id: 'bob' })]
      const s = engine.stores.checkIns
      const out: unknown[] = []
      out.push(await s.upsert(alice, '2026-06-24', { mood: 4, sports: 2 }, NOW))
      out.push(await s.upsert(bob, '2026-06-24', FULL, NOW))
      out.push(await s.upsert(alice, '2026-06-24', { mood: null, water: 5 }, NOW + MINUTE))
      out.push(await s.upsert(alice, '2026-06-01', {}, NOW + 2 * MINUTE))
      out.push(await s.list(alice), await s.list(alice, '2026-06-02'), await s.list(bob, undefined, '2026-06-23'))
      out.push(await s.hasOn(alice, '2026-06-01'), await s.hasOn(bob, '2026-06-01'))
      const undo = await importBatch(s, alice, [entry('2026-05-31', FULL), entry('2026-06-01', { mood: 1 }), entry('2026-06-24', { sleep: 2 })], true)
      out.push(undo)
      out.push(await importBatch(s, bob, [entry('2026-06-24', { mood: 1 }), entry('2026-06-25', {})], false))
      const sports = { values: new Map(), activities: new Map(), moreSports: [5, 1] }
      out.push(await importBatch(s, bob, [{ ...entry('2026-06-24', { sports: 2 }), extras: sports }, { ...entry('2026-06-26', { sports: 3 }), extras: sports }], true))
      const { snapshot, close } = await engine.openSnapshot()
      try {
        out.push(await s.pageByDate(snapshot, alice, undefined, 2), await s.pageByDate(snapshot, alice, '2026-06-01', 2))
      } finally {
        await close()
      }
      await s.undoImported(alice, undo.journal, () => {})
      out.push(await s.list(alice), await s.list(bob))
      return out
    }
    expect(await script(postgres)).toEqual(await script(sqlite))
  })

  test('SQLite: a journal writing through deps.db writes into the import\'s transaction, and fails with it', async () => {
    const db = (sqlite as Engine & { db: Db }).db
    const user = await sqlite.addUser()
    const jobId = db.insert(importJobs).values({ userId: user, status: 'in-progress', mode: 'replace', sizeBytes: 1, createdAt: NOW }).returning().get().id
    const record = (change: ImportChange) => { db.insert(importUndo).values({ jobId, kind: change.kind === 'inserted' ? 'check_in' : 'check_in_values', target: String(change.id) }).run() }
    const forget = (change: ImportChange) => { db.delete(importUndo).where(and(eq(importUndo.jobId, jobId), eq(importUndo.target, String(change.id)))).run() }
    const journaled = () => db.select().from(importUndo).where(eq(importUndo.jobId, jobId)).all().length
    const store = sqlite.stores.checkIns
    await expect(store.importEntries(user, [entry('2026-06-01', {}), entry('2026-06-02', {})], { replace: false, now: NOW }, record)).resolves.toEqual({ imported: 2, skipped: 0, ownValues: 0 })
    expect(journaled()).toBe(2)
    // a crash while journaling the second entry: the first entry and its journal entry go with it
    let calls = 0
    await expect(store.importEntries(user, [entry('2026-06-04', {}), entry('2026-06-05', {})], { replace: false, now: NOW }, (change) => {
      record(change)
      if (++calls === 2) throw new Error('crash')
    })).rejects.toThrow('crash')
    expect(journaled()).toBe(2)
    const rows = await store.list(user)
    expect(rows.map((r) => r.date)).toEqual(['2026-06-02', '2026-06-01'])
    // undoing: the journal forgets each entry in the undo's transaction, so a crash keeps rows and entries together
    const changes: ImportChange[] = rows.map((r) => ({ kind: 'inserted', id: r.id }))
    calls = 0
    await expect(store.undoImported(user, changes, (change) => {
      forget(change)
      if (++calls === 2) throw new Error('crash')
    })).rejects.toThrow('crash')
    expect([journaled(), await store.list(user)]).toEqual([2, rows])
    await store.undoImported(user, changes, forget)
    expect([journaled(), await store.list(user)]).toEqual([0, []])
  })

  test('JSON kept in text columns (check-in settings) comes back byte for byte on both engines', async () => {
    const lists = { enabledTrackers: JSON.stringify(['mood', 'social_life', 'sports']), selectedSports: JSON.stringify(['yoga', 'bike', 'waves_ladder', 'mountain', 'dumbbell']) }
    const sqliteDb = (sqlite as Engine & { db: Db }).db
    const pgDb = (postgres as Engine & { db: PgDb }).db
    const read = async (id: string) => [
      sqliteDb.select({ e: users.enabledTrackers, s: users.selectedSports }).from(users).where(eq(users.id, id)).all(),
      await pgDb.select({ e: usersPg.enabledTrackers, s: usersPg.selectedSports }).from(usersPg).where(eq(usersPg.id, id)),
    ]
    for (const engine of [sqlite, postgres]) {
      await engine.addUser({ id: 'json', ...lists })
      await engine.addUser({ id: 'defaults' })
    }
    const [fromSqlite, fromPg] = await read('json')
    expect(fromPg).toEqual([{ e: lists.enabledTrackers, s: lists.selectedSports }])
    expect(fromPg).toEqual(fromSqlite!)
    // the migrations' defaults are the same JSON text on both
    const [d1, d2] = await read('defaults')
    expect(d2).toEqual(d1!)
    expect(JSON.parse(d2![0]!.e)).toContain('mood')
  })

  test('HTTP: the check-in routes answer the same bodies with either engine behind them', async () => {
    const base: TestApp = createTestApp()
    const postgres = await postgresEngine(pg.server(), 'check_in_http')
    try {
      const alice = await createUser(base)
      const bob = await createUser(base)
      const pgApp = await appOnPostgres(base, postgres)
      const conversation = async (app: typeof pgApp) => [
        await ask(app, 'POST', '/api/v1/check-in', alice.token, { date: '2026-06-24', mood: 4, sports: 2, unknown: 'ignored' }),
        await ask(app, 'POST', '/api/v1/check-in', alice.token, { date: '2026-06-24', mood: null, water: '', sleep: 5 }),
        await ask(app, 'POST', '/api/v1/check-in', alice.token, { date: '2026-06-01' }),
        await ask(app, 'POST', '/api/v1/check-in', bob.token, { date: '2026-06-24', social_life: 5 }),
        await ask(app, 'POST', '/api/v1/check-in', alice.token, { date: '2026-02-30', mood: 9 }),
        await ask(app, 'GET', '/api/v1/check-in', alice.token),
        await ask(app, 'GET', '/api/v1/check-in?from=2026-06-02&to=2026-06-30', alice.token),
        await ask(app, 'GET', '/api/v1/check-in?from=2026-06-24&to=2026-06-23', alice.token),
        await ask(app, 'GET', '/api/v1/check-in', bob.token),
      ]
      const onPostgres = await conversation(pgApp)
      const onSqlite = await conversation(base.app)
      expect(onPostgres).toEqual(onSqlite)
      expect(onSqlite.map((r) => r.status)).toEqual([201, 201, 201, 201, 422, 200, 200, 422, 200])
      expect(onPostgres[5]!.body.data.map((e: { date: string }) => e.date)).toEqual(['2026-06-24', '2026-06-01'])
      expect(onPostgres[1]!.body.data).toMatchObject({ mood: null, sports: 2, sleep: 5, water: null })
    } finally {
      base.close()
      await postgres.close()
    }
  })
})
