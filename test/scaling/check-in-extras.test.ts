/**
 * An entry's own-tracker values, activities and note, through the check-in store on SQLite and on a real
 * PostgreSQL (one suite, run against both, docs/scaling.md): written by a post, and by the import's batches.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { CheckInStore, ImportChange, ImportedCheckIn, ImportedExtras } from '../../src/features/check-in/store'
import { TRACKERS } from '../../src/features/check-in/trackers'
import { bothEngines, type Engine, usePostgresServer } from './engines'

const pg = usePostgresServer()

const ENGINES = bothEngines(pg)

const NOW = Date.parse('2026-06-24T10:00:00.000Z')
const HOUR = 3600_000
const ALL_NULL = Object.fromEntries(TRACKERS.map((t) => [t.prop, null])) as ImportedCheckIn['values']

/** An archive's entry as the import hands it to the store: its mood, the others null, and its extras if any. */
const entry = (date: string, extras?: Partial<ImportedExtras>, mood: number | null = null): ImportedCheckIn => ({
  date, values: { ...ALL_NULL, mood }, createdAt: NOW - 48 * HOUR, updatedAt: NOW - 47 * HOUR,
  extras: extras && { values: new Map(), activities: new Map(), ...extras },
})

for (const spec of ENGINES) {
  describe(`check-in values, activities and note on ${spec.name}`, () => {
    let engine: Engine
    let store: CheckInStore
    beforeAll(async () => {
      engine = await spec.open('check_in_extras')
      store = engine.stores.checkIns
    })
    afterAll(() => engine?.close())

    /** A user with two trackers and two activities; their ids. */
    async function person() {
      const user = await engine.addUser()
      const make = async (name: string) => {
        const row = await engine.stores.trackers.create({ userId: user, name, nameKey: name.toLowerCase(), kind: 'number', createdAt: NOW, updatedAt: NOW }, 50)
        if (typeof row === 'string') throw new Error(row)
        return row.id
      }
      const mark = async (name: string) => {
        const row = await engine.stores.activities.create({ userId: user, name, nameKey: name.toLowerCase(), createdAt: NOW, updatedAt: NOW }, 50)
        if (typeof row === 'string') throw new Error(row)
        return row.id
      }
      return { user, weight: await make('Weight'), steps: await make('Steps'), family: await mark('Family'), reading: await mark('Reading') }
    }

    test('values, activities and note are written with the entry and read back by list', async () => {
      const p = await person()
      const day = await store.upsert(p.user, '2026-06-24', { mood: 4 }, NOW, { values: new Map<number, number | null>([[p.weight, 71.5], [p.steps, 9000]]), activities: [p.reading, p.family], note: 'A good day' })
      expect(day).toMatchObject({ mood: 4, note: 'A good day', values: { [p.weight]: 71.5, [p.steps]: 9000 }, activities: [p.family, p.reading].sort((a, b) => a - b) })
      expect(await store.list(p.user)).toEqual([day])
    })

    test('partial: an absent key keeps, null clears one value, values: null clears all, activities replace, note clears', async () => {
      const p = await person()
      await store.upsert(p.user, '2026-06-24', {}, NOW, { values: new Map<number, number | null>([[p.weight, 70], [p.steps, 5000]]), activities: [p.family], note: 'x' })
      let day = await store.upsert(p.user, '2026-06-24', { sleep: 3 }, NOW + 1)
      expect(day).toMatchObject({ sleep: 3, note: 'x', values: { [p.weight]: 70, [p.steps]: 5000 }, activities: [p.family] })
      day = await store.upsert(p.user, '2026-06-24', {}, NOW + 2, { values: new Map<number, number | null>([[p.weight, null], [p.steps, 6000]]), activities: [p.reading] })
      expect(day).toMatchObject({ values: { [p.steps]: 6000 }, activities: [p.reading], note: 'x' })
      day = await store.upsert(p.user, '2026-06-24', {}, NOW + 3, { values: null, activities: null, note: null })
      expect(day).toMatchObject({ values: {}, activities: [], note: null, sleep: 3 })
    })

    test('another person\'s tracker or activity ids are never written', async () => {
      const [alice, bob] = [await person(), await person()]
      const day = await store.upsert(alice.user, '2026-06-24', {}, NOW, { values: new Map<number, number | null>([[bob.weight, 1], [alice.weight, 2]]), activities: [bob.family, alice.family] })
      expect(day).toMatchObject({ values: { [alice.weight]: 2 }, activities: [alice.family] })
    })

    test('deleting a tracker or an activity removes it from every day; other days and people keep theirs', async () => {
      const [alice, bob] = [await person(), await person()]
      await store.upsert(alice.user, '2026-06-23', {}, NOW, { values: new Map<number, number | null>([[alice.weight, 70], [alice.steps, 1]]), activities: [alice.family, alice.reading] })
      await store.upsert(alice.user, '2026-06-24', {}, NOW, { values: new Map<number, number | null>([[alice.weight, 71]]), activities: [alice.family] })
      await store.upsert(bob.user, '2026-06-24', {}, NOW, { values: new Map<number, number | null>([[bob.weight, 90]]), activities: [bob.family] })
      expect(await engine.stores.trackers.remove(alice.user, alice.weight)).toBe(true)
      expect(await engine.stores.activities.remove(alice.user, alice.family)).toBe(true)
      expect((await store.list(alice.user)).map((d) => [d.values, d.activities])).toEqual([[{}, []], [{ [alice.steps]: 1 }, [alice.reading]]])
      expect((await store.list(bob.user))[0]).toMatchObject({ values: { [bob.weight]: 90 }, activities: [bob.family] })
    })

    test('each row keeps its values and activities as the JSON text JavaScript writes of them, through writes and deletions', async () => {
      const p = await person()
      // A tracker and an activity with an id one digit longer than the person's first: text order is not id order.
      async function longer<T extends 'trackers' | 'activities'>(kind: T, first: number): Promise<number> {
        for (;;) {
          const name = `Longer ${Math.random()}`
          const fields = { userId: p.user, name, nameKey: name.toLowerCase(), createdAt: NOW, updatedAt: NOW }
          const row = kind === 'trackers' ? await engine.stores.trackers.create({ ...fields, kind: 'number' }, 50) : await engine.stores.activities.create(fields, 50)
          if (typeof row === 'string') throw new Error(row)
          if (String(row.id).length > String(first).length) return row.id
          await engine.stores[kind].remove(p.user, row.id)
        }
      }
      const big = await longer('trackers', p.weight)
      const bigActivity = await longer('activities', p.family)
      const values = [0, -0, 1, -1, 0.001, -0.001, 0.5, 72.5, 3, 10, 123456.789, -98765.4, 999999999.999, -999999999.999, 1e9, -1e9, 0.1, 0.07, 4.25, 100000.001]
      for (const [i, v] of values.entries()) {
        const date = `2026-03-${String(i + 1).padStart(2, '0')}`
        await store.upsert(p.user, date, {}, NOW, { values: new Map([[big, v], [p.weight, Number((v / 3).toFixed(3))], [p.steps, i]]), activities: [bigActivity, p.reading, p.family] })
      }
      // What JSON.stringify writes of the day's values and activities, and null for none.
      const expected = ({ values, activities }: { values: Record<number, number>; activities: number[] }) =>
        [Object.keys(values).length ? JSON.stringify(values) : null, activities.length ? JSON.stringify(activities) : null]
      const check = async () => {
        const days = await store.list(p.user, '2026-03-01', '2026-03-31')
        const rows = await store.listStored(p.user, '2026-03-01', '2026-03-31')
        expect(rows.map((r) => [r.valuesJson, r.activitiesJson])).toEqual(days.map(expected))
        return days
      }
      const days = await check()
      expect(days.reverse().map((d) => d.values[big])).toEqual(values.map((v) => v + 0))
      expect(days[0]!.activities).toEqual([p.family, p.reading, bigActivity].sort((a, b) => a - b))
      // A value cleared, every value cleared, a tracker and an activity deleted (their rows go by cascade).
      await store.upsert(p.user, '2026-03-01', {}, NOW, { values: new Map([[p.steps, null]]), activities: null })
      await store.upsert(p.user, '2026-03-02', {}, NOW, { values: null })
      await engine.stores.trackers.remove(p.user, big)
      await engine.stores.activities.remove(p.user, p.reading)
      const after = (await check()).reverse()
      expect(after[0]).toMatchObject({ values: { [p.weight]: 0 }, activities: [] })
      expect(after[1]).toMatchObject({ values: {}, activities: [p.family, bigActivity] })
      expect((await store.listStored(p.user, '2026-03-02', '2026-03-02'))[0]).toMatchObject({ valuesJson: null })
    })

    test('fill sets only what the day has no value for; of concurrent fills of one tracker the first one\'s value stays', async () => {
      const p = await person()
      await store.upsert(p.user, '2026-06-24', { mood: 2 }, NOW, { values: new Map<number, number | null>([[p.weight, 70]]) })
      const day = await store.upsert(p.user, '2026-06-24', { mood: 5, sleep: 4 }, NOW + 1, { values: new Map<number, number | null>([[p.weight, 80], [p.steps, 9000]]) }, { fill: true })
      expect(day).toMatchObject({ mood: 2, sleep: 4, values: { [p.weight]: 70, [p.steps]: 9000 } })
      const fills = await Promise.all(Array.from({ length: 5 }, (_, i) =>
        store.upsert(p.user, '2026-06-25', { water: 1 + (i % 5) }, NOW + i, { values: new Map([[p.weight, 60 + i]]) }, { fill: true })))
      const [stored] = await store.list(p.user, '2026-06-25', '2026-06-25')
      // the first to run wrote both; every later one found them taken and answers the stored day
      expect(fills.map((f) => [f.water, f.values[p.weight]])).toEqual(fills.map(() => [stored!.water, stored!.values[p.weight]]))
      expect(stored!.values[p.weight]! - 60).toBe(stored!.water! - 1)
    })

    test('concurrent posts of one date with different values lose nothing', async () => {
      const p = await person()
      const trackers = [p.weight, p.steps]
      await Promise.all(Array.from({ length: 20 }, (_, i) =>
        store.upsert(p.user, '2026-06-24', { mood: (i % 5) + 1 }, NOW + i, { values: new Map([[trackers[i % 2]!, i]]) })))
      const [day] = await store.list(p.user)
      expect(Object.keys(day!.values).map(Number).sort()).toEqual([...trackers].sort())
      expect(await store.list(p.user)).toHaveLength(1)
    })

    test('an export\'s pages carry each day\'s values and activities as the list does', async () => {
      const p = await person()
      for (const date of ['2026-06-01', '2026-06-02', '2026-06-03']) await store.upsert(p.user, date, {}, NOW, { values: new Map<number, number | null>([[p.steps, Number(date.slice(8))]]), activities: [p.family] })
      const { snapshot, close } = await engine.openSnapshot()
      try {
        const first = await store.pageByDate(snapshot, p.user, undefined, 2)
        const second = await store.pageByDate(snapshot, p.user, first.at(-1)!.date, 2)
        expect([...first, ...second]).toEqual((await store.list(p.user)).reverse())
        expect(second[0]).toMatchObject({ values: { [p.steps]: 3 }, activities: [p.family] })
      } finally {
        await close()
      }
    })

    test('the year list carries each day\'s own values only', async () => {
      const p = await person()
      for (let d = 1; d <= 28; d++) {
        const date = `2026-02-${String(d).padStart(2, '0')}`
        await store.upsert(p.user, date, { mood: 3 }, NOW, d % 2 ? { values: new Map<number, number | null>([[p.steps, d * 100]]) } : { note: `day ${d}` })
      }
      const days = await store.list(p.user, '2026-02-01', '2026-02-28')
      expect(days).toHaveLength(28)
      for (const day of days) {
        const d = Number(day.date.slice(8))
        expect(day.values).toEqual(d % 2 ? { [p.steps]: d * 100 } : {})
        expect(day.note).toBe(d % 2 ? null : `day ${d}`)
      }
    })

    // The import's batches (ImportedExtras): a new date takes them, merge keeps a date's, replace takes what the
    // archive speaks for and keeps the rest, and the undo puts the day back as it was.
    async function run(userId: string, entries: ImportedCheckIn[], replace: boolean) {
      const journal: ImportChange[] = []
      const counts = await store.importEntries(userId, entries, { replace, now: NOW + HOUR }, (change) => { journal.push(change) })
      return { counts, journal }
    }

    test('a new date takes the archive\'s note, values (none where it has none) and activities; another person\'s ids write nothing', async () => {
      const [p, other] = [await person(), await person()]
      const { counts, journal } = await run(p.user, [
        entry('2026-06-01', { values: new Map([[p.weight, 71.5], [p.steps, null], [other.weight, 3]]), activities: new Map([[p.reading, true], [p.family, false], [other.family, true]]), note: 'From the file' }, 4),
        entry('2026-06-02', { values: new Map([[p.weight, 70]]), note: null }),
        entry('2026-06-03'),
      ], false)
      expect(counts).toEqual({ imported: 3, skipped: 0, ownValues: 3 })
      const [third, second, first] = await store.list(p.user)
      expect(first).toMatchObject({ date: '2026-06-01', mood: 4, note: 'From the file', values: { [p.weight]: 71.5 }, activities: [p.reading], createdAt: NOW - 48 * HOUR, updatedAt: NOW - 47 * HOUR })
      expect(second).toMatchObject({ note: null, values: { [p.weight]: 70 }, activities: [] })
      expect(third).toMatchObject({ note: null, values: {}, activities: [] })
      expect(journal).toEqual([first, second, third].map((d) => ({ kind: 'inserted', id: d!.id })))
      expect(await store.list(other.user)).toEqual([])
    })

    test('merge: a date that has an entry keeps its values, activities and note', async () => {
      const p = await person()
      const before = await store.upsert(p.user, '2026-06-01', { mood: 2 }, NOW, { values: new Map([[p.weight, 70]]), activities: [p.family], note: 'mine' })
      const { counts, journal } = await run(p.user, [entry('2026-06-01', { values: new Map([[p.weight, 80]]), activities: new Map([[p.reading, true]]), note: 'theirs' }, 5)], false)
      expect(counts).toEqual({ imported: 0, skipped: 1, ownValues: 0 })
      expect(journal).toEqual([])
      expect(await store.list(p.user)).toEqual([before])
    })

    test('fill: a date that has an entry takes only what it has none of; again changes nothing; undo puts the day back', async () => {
      const p = await person()
      const before = await store.upsert(p.user, '2026-06-01', { mood: 2 }, NOW, { values: new Map([[p.weight, 70]]), activities: [p.family], note: 'mine' })
      const archive = [entry('2026-06-01', { values: new Map<number, number | null>([[p.weight, 80], [p.steps, 5000]]), activities: new Map([[p.reading, true], [p.family, false]]), note: 'theirs' }, 5)]
      archive[0]!.values.sleep = 4
      const journal: ImportChange[] = []
      const fill = (into: ImportChange[]) => store.importEntries(p.user, archive, { replace: false, fill: true, now: NOW + HOUR }, (change) => { into.push(change) })
      expect(await fill(journal)).toEqual({ imported: 1, skipped: 0, ownValues: 1 })
      const [day] = await store.list(p.user)
      expect(day).toMatchObject({ mood: 2, sleep: 4, note: 'mine', values: { [p.weight]: 70, [p.steps]: 5000 }, activities: [p.family, p.reading].sort((a, b) => a - b), updatedAt: NOW + HOUR })
      expect(await fill([])).toEqual({ imported: 0, skipped: 1, ownValues: 0 })
      await store.undoImported(p.user, journal.map((change) => JSON.parse(JSON.stringify(change)) as ImportChange), () => {})
      expect(await store.list(p.user)).toEqual([before])
    })

    test('replace: the archive\'s trackers, note and the values and activities it speaks for; the others stay; undo puts the day back', async () => {
      const p = await person()
      const before = await store.upsert(p.user, '2026-06-01', { mood: 2 }, NOW, { values: new Map([[p.weight, 70], [p.steps, 5000]]), activities: [p.family], note: 'mine' })
      const second = await store.upsert(p.user, '2026-06-02', {}, NOW, { values: new Map([[p.steps, 4000]]), activities: [p.family, p.reading] })
      const { counts, journal } = await run(p.user, [
        // speaks for weight and reading only: steps and family keep theirs
        entry('2026-06-01', { values: new Map([[p.weight, 72.5]]), activities: new Map([[p.reading, true]]), note: 'theirs' }, 2),
        // its day has no steps and no reading: they go; the note is not spoken of
        entry('2026-06-02', { values: new Map([[p.steps, null]]), activities: new Map([[p.reading, false]]) }),
      ], true)
      expect(counts).toEqual({ imported: 2, skipped: 0, ownValues: 1 })
      const [two, one] = await store.list(p.user)
      const [values, activities] = [{ [p.weight]: 72.5, [p.steps]: 5000 }, [p.family, p.reading].sort((a, b) => a - b)]
      expect(one).toEqual({ ...before, note: 'theirs', values, activities, valuesJson: JSON.stringify(values), activitiesJson: JSON.stringify(activities), updatedAt: NOW + HOUR })
      expect(two).toEqual({ ...second, values: {}, activities: [p.family], valuesJson: null, activitiesJson: `[${p.family}]`, updatedAt: NOW + HOUR })
      expect(journal).toEqual([
        { kind: 'replaced', id: before.id, previous: { ...ALL_NULL, mood: 2, updatedAt: NOW, note: 'mine', values: before.values, activities: before.activities } },
        { kind: 'replaced', id: second.id, previous: { ...ALL_NULL, updatedAt: NOW, note: null, values: second.values, activities: second.activities } },
      ])
      // the journal as the import stores it: JSON
      const stored = journal.map((change) => JSON.parse(JSON.stringify(change)) as ImportChange)
      await store.undoImported(p.user, stored.reverse(), () => {})
      expect(await store.list(p.user)).toEqual([second, before])
    })

    test('replace: an entry that would not change is skipped, also when only its extras are compared', async () => {
      const p = await person()
      const before = await store.upsert(p.user, '2026-06-01', { mood: 3 }, NOW, { values: new Map([[p.weight, 70]]), activities: [p.family], note: 'same' })
      const same = entry('2026-06-01', { values: new Map([[p.weight, 70], [p.steps, null]]), activities: new Map([[p.family, true], [p.reading, false]]), note: 'same' }, 3)
      expect(await run(p.user, [same], true)).toEqual({ counts: { imported: 0, skipped: 1, ownValues: 0 }, journal: [] })
      // one value differs: replaced
      const { counts } = await run(p.user, [{ ...same, extras: { ...same.extras!, values: new Map([[p.weight, 70.5]]) } }], true)
      expect(counts).toEqual({ imported: 1, skipped: 0, ownValues: 1 })
      expect((await store.list(p.user))[0]).toMatchObject({ values: { [p.weight]: 70.5 }, activities: before.activities, note: 'same' })
    })

    test('undo of an inserted entry removes its values and marks with it', async () => {
      const p = await person()
      const { journal } = await run(p.user, [entry('2026-06-05', { values: new Map([[p.weight, 1]]), activities: new Map([[p.family, true]]), note: 'x' })], false)
      await store.undoImported(p.user, journal, () => {})
      expect(await store.list(p.user)).toEqual([])
      // the definitions are untouched
      expect((await engine.stores.trackers.list(p.user)).map((t) => t.id)).toEqual([p.weight, p.steps])
    })
  })
}
