/** The share links' store behaves the same on SQLite and on a real PostgreSQL: one suite, run against both (docs/scaling.md). */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { ShareStore } from '../../src/features/report/store'
import { bothEngines, type Engine, usePostgresServer } from '../scaling/engines'

const pg = usePostgresServer()

const ENGINES = bothEngines(pg)

let counter = 0
const share = (userId: string, more: { createdAt?: number; expiresAt?: number } = {}) => {
  counter += 1
  const createdAt = more.createdAt ?? 1_000 + counter
  return {
    userId, tokenHash: `hash-${counter}-${crypto.randomUUID()}`, label: null, trackers: '["mood",7]', fromDate: '2026-06-01', toDate: '2026-06-30',
    notes: false, createdAt, expiresAt: more.expiresAt ?? createdAt + 10_000,
  }
}

for (const spec of ENGINES) {
  describe(`share store on ${spec.name}`, () => {
    let engine: Engine
    let store: ShareStore
    beforeAll(async () => {
      engine = await spec.open('share_store')
      store = engine.stores.shares
    })
    afterAll(() => engine?.close())

    test('create, list newest first and revoke are scoped to the user; a revoked share leaves the list', async () => {
      const [alice, bob] = [await engine.addUser(), await engine.addUser()]
      const first = await store.create(share(alice, { createdAt: 5_000 }), 10)
      const second = await store.create(share(alice, { createdAt: 6_000 }), 10)
      if (first === 'limit_reached' || second === 'limit_reached') throw new Error('refused')
      expect(first).toMatchObject({ userId: alice, trackers: '["mood",7]', notes: false, accessCount: 0, lastAccessedAt: null, revokedAt: null })
      expect((await store.list(alice)).map((s) => s.id)).toEqual([second.id, first.id])
      expect(await store.list(bob)).toEqual([])
      expect(await store.revoke(bob, first.id, 7_000)).toBe(false)
      expect(await store.revoke(alice, first.id, 7_000)).toBe(true)
      expect(await store.revoke(alice, first.id, 7_001)).toBe(false)
      expect((await store.list(alice)).map((s) => s.id)).toEqual([second.id])
    })

    test('open counts a live share in the same call; a revoked or expired one comes back as it is; an unknown digest is undefined', async () => {
      const alice = await engine.addUser()
      const row = share(alice, { createdAt: 1_000, expiresAt: 2_000 })
      const created = await store.create(row, 10)
      if (created === 'limit_reached') throw new Error('refused')
      expect(await store.open('no-such-digest', 1_500)).toBeUndefined()
      expect(await store.open(row.tokenHash, 1_500)).toMatchObject({ live: true, share: { id: created.id, accessCount: 1, lastAccessedAt: 1_500 } })
      expect(await store.open(row.tokenHash, 1_600)).toMatchObject({ live: true, share: { accessCount: 2, lastAccessedAt: 1_600 } })
      expect(await store.open(row.tokenHash, 2_000)).toMatchObject({ live: false, share: { accessCount: 2, lastAccessedAt: 1_600 } })
      const other = share(alice, { createdAt: 1_000, expiresAt: 9_000 })
      const second = await store.create(other, 10)
      if (second === 'limit_reached') throw new Error('refused')
      await store.revoke(alice, second.id, 1_200)
      expect(await store.open(other.tokenHash, 1_300)).toMatchObject({ live: false, share: { revokedAt: 1_200, accessCount: 0 } })
    })

    test('prune deletes the shares that expired or were revoked before the time given, everyone\'s, and nothing else', async () => {
      const [a, b] = [await engine.addUser(), await engine.addUser()]
      const made = async (userId: string, more: { createdAt?: number; expiresAt?: number }) => {
        const row = await store.create(share(userId, more), 100)
        if (row === 'limit_reached') throw new Error(row)
        return row
      }
      const expiredLongAgo = await made(a, { createdAt: 10, expiresAt: 500 })
      const revokedLongAgo = await made(b, { createdAt: 10, expiresAt: 9_000_000 })
      await store.revoke(b, revokedLongAgo.id, 600)
      const expiredLately = await made(a, { createdAt: 10, expiresAt: 2_000 })
      const revokedLately = await made(a, { createdAt: 10, expiresAt: 9_000_000 })
      await store.revoke(a, revokedLately.id, 2_000)
      const live = await made(b, { createdAt: 10, expiresAt: 9_000_000 })
      expect(await store.prune(1_000)).toBe(2)
      expect(await store.open(expiredLongAgo.tokenHash, 5_000)).toBeUndefined()
      expect(await store.open(revokedLongAgo.tokenHash, 5_000)).toBeUndefined()
      for (const kept of [expiredLately, revokedLately]) expect(await store.open(kept.tokenHash, 5_000)).toMatchObject({ live: false })
      expect(await store.open(live.tokenHash, 5_000)).toMatchObject({ live: true })
      expect(await store.prune(1_000)).toBe(0)
    })

    test('the limit counts live shares only, and concurrent creates never pass it', async () => {
      const alice = await engine.addUser()
      const expired = await store.create(share(alice, { createdAt: 100, expiresAt: 200 }), 3)
      expect(expired).not.toBe('limit_reached')
      const results = await Promise.all(Array.from({ length: 6 }, () => store.create(share(alice, { createdAt: 1_000 }), 3)))
      expect(results.filter((r) => r === 'limit_reached')).toHaveLength(3)
      expect(await store.list(alice)).toHaveLength(4)
    })
  })
}
