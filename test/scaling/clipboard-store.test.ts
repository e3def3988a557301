/**
 * The clipboard's store (docs/scaling.md, plan step 5) behaves the same on SQLite and on a real PostgreSQL (one
 * suite, run against both): pages and their totals, the type filter, newest first with ties by id, scoping by user,
 * deletions that hand back the files' paths, the retention cutoff, the export's keyset pages on a snapshot and the
 * search index kept in step. Then both at once: the same calls give the same rows, and the clipboard and search
 * routes answer the same bodies with either engine's store behind them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { ClipboardRow } from '../../src/features/clipboard/schema'
import type { ClipboardStore } from '../../src/features/clipboard/store'
import { queryWords } from '../../src/features/search/words'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser } from '../helpers/fixtures'
import { appOnPostgres, ask, bothEngines, type Engine, postgresEngine, sqliteEngine, usePostgresServer } from './engines'

const pg = usePostgresServer()

const ENGINES = bothEngines(pg)

const NOW = Date.parse('2026-06-24T10:00:00.000Z')
const MINUTE = 60_000

/** An image entry's stored file, as the verb would have written it. */
const image = (userId: string, n: number) =>
  ({ filePath: `${userId}/clipboard/${n.toString(16).padStart(32, '0')}.png`, mimeType: 'image/png', sizeBytes: 1000 + n })

const ids = (rows: ClipboardRow[]) => rows.map((row) => row.id)

/** The clipboard documents the user's search finds for `q`, as (ref, body). */
async function found(engine: Engine, userId: string, q: string) {
  const { rows } = await engine.stores.search.search(userId, queryWords(q), 50, 0)
  return rows.filter((row) => row.source === 'clipboard').map((row) => [row.ref, row.body])
}

for (const spec of ENGINES) {
  describe(`clipboard store on ${spec.name}`, () => {
    let engine: Engine
    let store: ClipboardStore
    beforeAll(async () => {
      engine = await spec.open('clipboard_store')
      store = engine.stores.clipboard
    })
    afterAll(() => engine?.close())

    test('createText and createImage: the row as stored, both times now', async () => {
      const user = await engine.addUser()
      const text = await store.createText(user, '  as sent, not trimmed \n', NOW)
      expect(text).toEqual({
        id: expect.any(Number), userId: user, type: 'text', content: '  as sent, not trimmed \n',
        filePath: null, mimeType: null, sizeBytes: null, createdAt: NOW, updatedAt: NOW,
      })
      const picture = await store.createImage(user, image(user, 1), NOW + MINUTE)
      expect(picture).toEqual({ id: expect.any(Number), userId: user, type: 'image', content: '', ...image(user, 1), createdAt: NOW + MINUTE, updatedAt: NOW + MINUTE })
      expect(picture.id).toBeGreaterThan(text.id)
      expect(await store.find(user, text.id)).toEqual(text)
      expect(await store.find(user, picture.id)).toEqual(picture)
    })

    test('page: newest first, ties by the higher id first; limit, offset and the total', async () => {
      const user = await engine.addUser()
      expect(await store.page(user, undefined, 10, 0)).toEqual({ rows: [], total: 0 })
      // written out of order, three at the same instant
      const written: ClipboardRow[] = []
      for (const at of [NOW + 2 * MINUTE, NOW, NOW + MINUTE, NOW + MINUTE, NOW + MINUTE, NOW + 3 * MINUTE]) written.push(await store.createText(user, `at ${at}`, at))
      const [a, b, c, d, e, f] = written.map((row) => row.id) as [number, number, number, number, number, number]
      const newestFirst = [f, a, e, d, c, b]
      expect(ids((await store.page(user, undefined, 10, 0)).rows)).toEqual(newestFirst)
      expect((await store.page(user, undefined, 10, 0)).total).toBe(6)
      // pages of 4: the total on every page, a short last page, and past the end no rows but still the total
      expect(await store.page(user, undefined, 4, 0)).toEqual({ rows: [f, a, e, d].map((id) => written.find((r) => r.id === id)!), total: 6 })
      expect(ids((await store.page(user, undefined, 4, 4)).rows)).toEqual([c, b])
      expect(await store.page(user, undefined, 4, 4)).toMatchObject({ total: 6 })
      expect(await store.page(user, undefined, 4, 8)).toEqual({ rows: [], total: 6 })
      expect(await store.page(user, undefined, 1, 6)).toEqual({ rows: [], total: 6 })
    })

    test('page by type: only that type, its own total', async () => {
      const user = await engine.addUser()
      const t1 = await store.createText(user, 'one', NOW)
      const i1 = await store.createImage(user, image(user, 1), NOW + MINUTE)
      const t2 = await store.createText(user, 'two', NOW + 2 * MINUTE)
      const i2 = await store.createImage(user, image(user, 2), NOW + 2 * MINUTE)
      expect(await store.page(user, 'text', 10, 0)).toEqual({ rows: [t2, t1], total: 2 })
      expect(await store.page(user, 'image', 10, 0)).toEqual({ rows: [i2, i1], total: 2 })
      expect(await store.page(user, 'image', 1, 1)).toEqual({ rows: [i1], total: 2 })
      expect(await store.page(user, 'image', 1, 2)).toEqual({ rows: [], total: 2 })
      expect(await store.page(user, undefined, 10, 0)).toEqual({ rows: [i2, t2, i1, t1], total: 4 })
      const textOnly = await engine.addUser()
      await store.createText(textOnly, 'words', NOW)
      expect(await store.page(textOnly, 'image', 10, 0)).toEqual({ rows: [], total: 0 })
    })

    test('scoped to the owner: another user\'s entries are never listed, found or deleted', async () => {
      const [alice, bob] = [await engine.addUser(), await engine.addUser()]
      const mine = await store.createImage(alice, image(alice, 7), NOW)
      const theirs = await store.createText(bob, 'bob\'s', NOW)
      expect(await store.page(alice, undefined, 10, 0)).toEqual({ rows: [mine], total: 1 })
      expect(await store.find(alice, theirs.id)).toBeUndefined()
      expect(await store.find(bob, mine.id)).toBeUndefined()
      expect(await store.find(alice, 999_999_999)).toBeUndefined()
      expect(await store.delete(bob, [mine.id])).toEqual([])
      expect(await store.delete(alice, [theirs.id, 999_999_999])).toEqual([])
      expect(await store.find(alice, mine.id)).toEqual(mine)
      expect(await store.find(bob, theirs.id)).toEqual(theirs)
      // asked for both, alice deletes only her own
      expect(await store.delete(alice, [mine.id, theirs.id])).toEqual([mine.filePath])
      expect(await store.find(bob, theirs.id)).toEqual(theirs)
    })

    test('delete: the file path of each entry deleted (null for a text); a second delete finds nothing', async () => {
      const user = await engine.addUser()
      const text = await store.createText(user, 'gone soon', NOW)
      const picture = await store.createImage(user, image(user, 3), NOW)
      const kept = await store.createImage(user, image(user, 4), NOW)
      expect(await store.delete(user, [])).toEqual([])
      expect(await store.delete(user, [text.id])).toEqual([null])
      expect(await store.delete(user, [picture.id, text.id])).toEqual([picture.filePath])
      expect(await store.delete(user, [picture.id])).toEqual([])
      expect(await store.page(user, undefined, 10, 0)).toEqual({ rows: [kept], total: 1 })
    })

    test('one entry deleted by 8 calls at once: exactly one of them gets its path', async () => {
      const user = await engine.addUser()
      const picture = await store.createImage(user, image(user, 5), NOW)
      const answers = await Promise.all(Array.from({ length: 8 }, () => store.delete(user, [picture.id])))
      expect(answers.flat()).toEqual([picture.filePath])
    })

    test('pruneOlderThan: every user\'s entries created before the cutoff go, the cutoff itself stays; their paths', async () => {
      const [alice, bob] = [await engine.addUser(), await engine.addUser()]
      const cutoff = NOW + 1_000_000_000
      const old = await store.createImage(alice, image(alice, 8), cutoff - 1)
      const oldText = await store.createText(bob, 'old', cutoff - 10 * MINUTE)
      const atCutoff = await store.createText(alice, 'at the cutoff', cutoff)
      const young = await store.createImage(bob, image(bob, 9), cutoff + 1)
      // the entries of the tests before are older still and go too: what this test wrote is looked for among them
      const removed = await store.pruneOlderThan(cutoff)
      expect(removed).toContain(old.filePath)
      expect(removed).not.toContain(young.filePath)
      expect(removed).toContain(null)
      expect(await store.find(alice, old.id)).toBeUndefined()
      expect(await store.find(bob, oldText.id)).toBeUndefined()
      expect(await store.page(alice, undefined, 10, 0)).toEqual({ rows: [atCutoff], total: 1 })
      expect(await store.page(bob, undefined, 10, 0)).toEqual({ rows: [young], total: 1 })
      expect(await store.pruneOlderThan(cutoff)).toEqual([])
      // the order of a deletion's paths is the engine's own
      expect((await store.pruneOlderThan(cutoff + 2)).map(String).sort()).toEqual([null, young.filePath].map(String).sort())
    })

    test('pageByCreated: oldest first, ties by id, after the cursor, only images when asked, only the user\'s, as of the snapshot', async () => {
      const [user, other] = [await engine.addUser(), await engine.addUser()]
      const rows: ClipboardRow[] = []
      for (let i = 0; i < 7; i++) {
        const at = NOW + Math.floor(i / 3) * MINUTE // three at each instant
        rows.push(i % 2 === 0 ? await store.createText(user, `text ${i}`, at) : await store.createImage(user, image(user, 10 + i), at))
      }
      await store.createText(other, 'not theirs', NOW)
      const { snapshot, close } = await engine.openSnapshot()
      try {
        await store.createText(user, 'written after the snapshot', NOW - MINUTE)
        const cursor = (row: ClipboardRow) => ({ createdAt: row.createdAt, id: row.id })
        const first = await store.pageByCreated(snapshot, user, undefined, 3, false)
        expect(first).toEqual(rows.slice(0, 3))
        expect(await store.pageByCreated(snapshot, user, cursor(first[2]!), 3, false)).toEqual(rows.slice(3, 6))
        expect(await store.pageByCreated(snapshot, user, cursor(rows[1]!), 100, false)).toEqual(rows.slice(2))
        expect(await store.pageByCreated(snapshot, user, cursor(rows[6]!), 3, false)).toEqual([])
        const images = rows.filter((row) => row.type === 'image')
        expect(await store.pageByCreated(snapshot, user, undefined, 100, true)).toEqual(images)
        expect(await store.pageByCreated(snapshot, user, cursor(images[0]!), 1, true)).toEqual([images[1]!])
      } finally {
        await close()
      }
    })

    test('the search index follows: a text is found once written, an image is no document, deletion and retention forget them', async () => {
      const user = await engine.addUser()
      const text = await store.createText(user, 'Buy oat milk', NOW)
      const other = await store.createText(user, 'oat bars', NOW)
      await store.createImage(user, image(user, 20), NOW)
      expect((await found(engine, user, 'oat')).sort()).toEqual([[String(text.id), 'Buy oat milk'], [String(other.id), 'oat bars']].sort())
      await store.delete(user, [text.id])
      expect(await found(engine, user, 'oat')).toEqual([[String(other.id), 'oat bars']])
      await store.pruneOlderThan(NOW + 1)
      expect(await found(engine, user, 'oat')).toEqual([])
    })

    test('a write for a user that does not exist fails on the foreign key; nothing is stored', async () => {
      await expect(store.createText('nobody', 'x', NOW)).rejects.toThrow()
      await expect(store.createImage('nobody', image('nobody', 1), NOW)).rejects.toThrow()
      expect(await store.page('nobody', undefined, 10, 0)).toEqual({ rows: [], total: 0 })
    })
  })
}

describe('both engines at once', () => {
  test('the same calls give the same rows (ids included) on SQLite and PostgreSQL', async () => {
    const sqlite = sqliteEngine()
    const postgres = await postgresEngine(pg.server(), 'clipboard_compare')
    try {
      const script = async (engine: Engine) => {
        const [alice, bob] = [await engine.addUser({ id: 'alice' }), await engine.addUser({ id: 'bob' })]
        const s = engine.stores.clipboard
        const out: unknown[] = []
        out.push(await s.createText(alice, 'first', NOW), await s.createImage(alice, image('alice', 1), NOW))
        out.push(await s.createText(bob, 'bob', NOW + MINUTE), await s.createText(alice, 'third', NOW + MINUTE))
        out.push(await s.page(alice, undefined, 2, 0), await s.page(alice, undefined, 2, 2), await s.page(alice, 'image', 5, 0))
        out.push(await s.find(alice, 3), await s.delete(alice, [1, 2, 3]), await s.page(bob, undefined, 5, 0))
        out.push(await s.pruneOlderThan(NOW + 2 * MINUTE), await s.page(alice, undefined, 5, 0))
        return out
      }
      expect(await script(postgres)).toEqual(await script(sqlite))
    } finally {
      await sqlite.close()
      await postgres.close()
    }
  })

  test('HTTP: the clipboard and search routes answer the same bodies with either engine behind them', async () => {
    const base: TestApp = createTestApp()
    const postgres = await postgresEngine(pg.server(), 'clipboard_http')
    try {
      const alice = await createUser(base)
      const bob = await createUser(base)
      const pgApp = await appOnPostgres(base, postgres)
      const conversation = async (app: typeof pgApp) => {
        const out = [
          await ask(app, 'POST', '/api/v1/clipboard', alice.token, { content: '  Café au lait ' }),
          await ask(app, 'POST', '/api/v1/clipboard', alice.token, { content: 'second note' }),
          await ask(app, 'POST', '/api/v1/clipboard', bob.token, { content: 'bob\'s café' }),
          await ask(app, 'POST', '/api/v1/clipboard', alice.token, { content: '   ' }),
          await ask(app, 'GET', '/api/v1/clipboard', alice.token),
          await ask(app, 'GET', '/api/v1/clipboard?per_page=1&page=2', alice.token),
          await ask(app, 'GET', '/api/v1/clipboard?per_page=1&page=9', alice.token),
          await ask(app, 'GET', '/api/v1/clipboard?type=image', alice.token),
          await ask(app, 'GET', '/api/v1/clipboard?type=video', alice.token),
          await ask(app, 'GET', `/api/v1/search?q=${encodeURIComponent('cafe')}`, alice.token),
        ]
        const [first] = out
        const id = first!.body.data.id as number
        out.push(
          await ask(app, 'DELETE', `/api/v1/clipboard/${id}`, bob.token),
          await ask(app, 'DELETE', `/api/v1/clipboard/${id}`, alice.token),
          await ask(app, 'DELETE', `/api/v1/clipboard/${id}`, alice.token),
          await ask(app, 'DELETE', '/api/v1/clipboard/99999999999999999999', alice.token),
          await ask(app, 'GET', `/api/v1/search?q=${encodeURIComponent('cafe')}`, alice.token),
          await ask(app, 'GET', '/api/v1/clipboard', alice.token),
        )
        return out
      }
      const onPostgres = await conversation(pgApp)
      const onSqlite = await conversation(base.app)
      expect(onPostgres).toEqual(onSqlite)
      expect(onSqlite.map((r) => r.status)).toEqual([200, 200, 200, 422, 200, 200, 200, 200, 422, 200, 404, 200, 404, 404, 200, 200])
      expect(onPostgres[9]!.body.data.map((hit: { kind: string }) => hit.kind)).toEqual(['clipboard'])
      expect(onPostgres[14]!.body.data).toEqual([])
      expect(onPostgres[15]!.body.data.map((e: { content: string }) => e.content)).toEqual(['second note'])
    } finally {
      base.close()
      await postgres.close()
    }
  })
})
