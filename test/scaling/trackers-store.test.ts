/**
 * The trackers feature's definition stores (trackers and activities) behave the same on SQLite and on a real
 * PostgreSQL: one suite, run against both (docs/scaling.md).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { TrackerStore } from '../../src/features/trackers/store'
import type { NewTracker } from '../../src/features/trackers/schema'
import { bothEngines, type Engine, usePostgresServer } from './engines'

const pg = usePostgresServer()

const ENGINES = bothEngines(pg)

let counter = 0
const tracker = (userId: string, name: string, more: Partial<NewTracker> = {}) => ({
  userId, name, nameKey: name.toLowerCase(), kind: 'scale' as const, min: 1, max: 5, createdAt: 1_000 + ++counter, updatedAt: 1_000 + counter, ...more,
})

for (const spec of ENGINES) {
  describe(`definition stores on ${spec.name}`, () => {
    let engine: Engine
    let store: TrackerStore
    beforeAll(async () => {
      engine = await spec.open('trackers_store')
      store = engine.stores.trackers
    })
    afterAll(() => engine?.close())

    test('create appends to the order; list, find and update are scoped to the user', async () => {
      const [alice, bob] = [await engine.addUser(), await engine.addUser()]
      const energy = await store.create(tracker(alice, 'Energy'), 10)
      const weight = await store.create(tracker(alice, 'Weight', { kind: 'number', min: 2.5, max: null, unit: 'kg', decimals: 1 }), 10)
      if (typeof energy === 'string' || typeof weight === 'string') throw new Error(`refused: ${energy} ${weight}`)
      expect([energy.position, weight.position]).toEqual([0, 1])
      expect(weight).toMatchObject({ kind: 'number', min: 2.5, max: null, unit: 'kg', decimals: 1, archived: false, shared: false })
      expect((await store.list(alice)).map((r) => r.name)).toEqual(['Energy', 'Weight'])
      expect(await store.list(bob)).toEqual([])
      expect(await store.find(bob, energy.id)).toBeUndefined()
      expect(await store.update(bob, energy.id, { name: 'Mine' })).toBeUndefined()
      expect(await store.update(alice, energy.id, { position: 5, archived: true })).toMatchObject({ position: 5, archived: true })
      expect((await store.list(alice)).map((r) => r.name)).toEqual(['Weight', 'Energy'])
      expect(await store.remove(bob, energy.id)).toBe(false)
      expect(await store.remove(alice, energy.id)).toBe(true)
      expect(await store.find(alice, energy.id)).toBeUndefined()
    })

    test('a taken name is refused on create and update, per user', async () => {
      const [alice, bob] = [await engine.addUser(), await engine.addUser()]
      const reading = await store.create(tracker(alice, 'Reading'), 10)
      expect(await store.create(tracker(alice, 'READING', { nameKey: 'reading' }), 10)).toBe('name_taken')
      expect(typeof (await store.create(tracker(bob, 'Reading'), 10))).toBe('object')
      const walks = await store.create(tracker(alice, 'Walks'), 10)
      if (typeof walks === 'string' || typeof reading === 'string') throw new Error('refused')
      expect(await store.update(alice, walks.id, { name: 'reading', nameKey: 'reading' })).toBe('name_taken')
    })

    test('concurrent creates never pass the limit, and positions stay distinct', async () => {
      const alice = await engine.addUser()
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => store.create(tracker(alice, `T${i}`), 8)))
      expect(results.filter((r) => r === 'limit_reached')).toHaveLength(4)
      const positions = (await store.list(alice)).map((r) => r.position)
      expect(positions).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    })

    test('activities: the same store over their own table', async () => {
      const alice = await engine.addUser()
      const activities = engine.stores.activities
      const family = await activities.create({ userId: alice, name: 'Family', nameKey: 'family', groupName: 'People', createdAt: 1, updatedAt: 1 }, 5)
      expect(family).toMatchObject({ name: 'Family', groupName: 'People', position: 0, archived: false })
      expect(await activities.create({ userId: alice, name: 'FAMILY', nameKey: 'family', createdAt: 1, updatedAt: 1 }, 5)).toBe('name_taken')
      expect((await activities.list(alice)).map((a) => a.name)).toEqual(['Family'])
    })

    test('list as of a snapshot: definitions created or deleted after it was opened are seen as they were', async () => {
      const alice = await engine.addUser()
      const first = await store.create(tracker(alice, 'First'), 10)
      if (typeof first === 'string') throw new Error(first)
      const { snapshot, close } = await engine.openSnapshot()
      try {
        await store.create(tracker(alice, 'Later'), 10)
        await store.remove(alice, first.id)
        expect((await store.list(alice, snapshot)).map((r) => r.name)).toEqual(['First'])
        expect((await store.list(alice)).map((r) => r.name)).toEqual(['Later'])
      } finally {
        await close()
      }
    })

    test('create hands the new row to its journal inside the unit of work: a journal that throws creates nothing', async () => {
      const alice = await engine.addUser()
      const journaled: number[] = []
      const made = await store.create(tracker(alice, 'Kept'), 3, (row) => { journaled.push(row.id) })
      if (typeof made === 'string') throw new Error(made)
      expect(journaled).toEqual([made.id])
      await expect(store.create(tracker(alice, 'Dropped'), 3, () => { throw new Error('journal full') })).rejects.toThrow('journal full')
      expect((await store.list(alice)).map((r) => r.name)).toEqual(['Kept'])
      // refused creates hand nothing to the journal
      expect(await store.create(tracker(alice, 'KEPT', { nameKey: 'kept' }), 3, (row) => { journaled.push(row.id) })).toBe('name_taken')
      await store.create(tracker(alice, 'Two'), 3)
      await store.create(tracker(alice, 'Three'), 3)
      expect(await store.create(tracker(alice, 'Four'), 3, (row) => { journaled.push(row.id) })).toBe('limit_reached')
      expect(journaled).toEqual([made.id])
    })
  })
}
