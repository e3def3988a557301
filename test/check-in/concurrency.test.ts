import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { checkIns } from '../../src/features/check-in/schema'
import { TRACKER_KEYS, list, post } from './helpers'

const t = useTestApp()
let alice: TestUser
beforeEach(async () => {
  alice = await createUser(t)
})

/** The value request i sends: each tracker always gets the same value, so the merged result is deterministic. */
const valueFor = (key: string) => (key === 'sports' ? 6 : (TRACKER_KEYS.indexOf(key as never) % 5) + 1)

describe('concurrent upserts', () => {
  test('20 concurrent posts for one date give exactly one entry holding every merged value', async () => {
    const bodies = Array.from({ length: 20 }, (_, i) => {
      const key = TRACKER_KEYS[i % TRACKER_KEYS.length]!
      return { date: '2026-06-24', [key]: valueFor(key) }
    })
    const responses = await Promise.all(bodies.map((body) => post(t, alice, body)))
    expect(responses.map((r) => r.status)).toEqual(new Array(20).fill(201))
    const ids = new Set(responses.map((r) => r.body.data.id))
    expect(ids.size).toBe(1)

    const entries = (await list(t, alice)).body.data
    expect(entries).toHaveLength(1)
    for (const key of TRACKER_KEYS) expect(entries[0][key]).toBe(valueFor(key))
    expect(t.deps.db.select().from(checkIns).all()).toHaveLength(1)
  })

  test('concurrent posts for many dates and users never collide', async () => {
    const bob = await createUser(t)
    const posts = []
    for (let day = 1; day <= 5; day++) {
      for (const user of [alice, bob]) {
        for (const key of ['mood', 'water', 'sleep']) posts.push(post(t, user, { date: `2026-06-0${day}`, [key]: day }))
      }
    }
    const responses = await Promise.all(posts)
    expect(responses.every((r) => r.status === 201)).toBe(true)
    for (const user of [alice, bob]) {
      const entries = (await list(t, user)).body.data
      expect(entries.map((e: any) => e.date)).toEqual(['2026-06-05', '2026-06-04', '2026-06-03', '2026-06-02', '2026-06-01'])
      for (const e of entries) {
        const day = Number(e.date.slice(-1))
        expect([e.mood, e.water, e.sleep]).toEqual([day, day, day])
      }
    }
    expect(t.deps.db.select().from(checkIns).all()).toHaveLength(10)
  })
})
