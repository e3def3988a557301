/**
 * The libraries store (docs/scaling.md, plan step 6) behaves the same on SQLite and on a real PostgreSQL: one suite
 * against both (pages and their order, to-do filters, edits as one unit of work, the feed URL's unique key, scoping by
 * user, the search index kept in step), then both at once: the same items give the same search documents, and the
 * HTTP routes of the libraries, quick add and search answer the same bodies with either engine's store behind them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { Db } from '../../src/lib/db/client'
import type { PgDb } from '../../src/lib/db/postgres/client'
import type { LibraryName } from '../../src/features/libraries/fields'
import type { LibraryItemRow } from '../../src/features/libraries/present'
import { DUPLICATE, type LibrariesStore, type NewLibraryItem } from '../../src/features/libraries/store'
import { searchDocs } from '../../src/features/search/schema'
import { searchDocsPg } from '../../src/features/search/schema-postgres'
import { queryWords } from '../../src/features/search/words'
import type { App } from '../../src/app'
import { createTestApp } from '../helpers/app'
import { createUser } from '../helpers/fixtures'
import { appOnPostgres, ask, bothEngines, type Engine, postgresEngine, sqliteEngine, usePostgresServer } from './engines'

const pg = usePostgresServer()

const ENGINES = bothEngines(pg)

const NOW = Date.parse('2026-06-24T10:00:00.000Z')
const MINUTE = 60_000

let counter = 0
/** An item with a fresh lower-case UUID-shaped id (ids sort in creation order) and its fields as JSON text. */
const item = (library: LibraryName, fields: Record<string, unknown>, dedupeKey: string | null = null): NewLibraryItem => {
  counter += 1
  return { id: `00000000-0000-7000-8000-${String(counter).padStart(12, '0')}`, library, data: JSON.stringify(fields), dedupeKey }
}

/** Creates and expects a row. */
async function created(store: LibrariesStore, userId: string, next: NewLibraryItem, now = NOW): Promise<LibraryItemRow> {
  const row = await store.create(userId, next, now)
  if (row === DUPLICATE) throw new Error(`${next.id} refused as a duplicate`)
  return row
}

const titles = (rows: LibraryItemRow[]) => rows.map((r) => JSON.parse(r.data).title)
/** The library documents the user's search finds for `q`, as (ref, title). */
const found = async (engine: Engine, userId: string, q: string) =>
  (await engine.stores.search.search(userId, queryWords(q), 50, 0)).rows.filter((r) => r.source === 'library').map((r) => [r.ref, r.title])

for (const spec of ENGINES) {
  describe(`libraries store on ${spec.name}`, () => {
    let engine: Engine
    let store: LibrariesStore
    beforeAll(async () => {
      engine = await spec.open('libraries_store')
      store = engine.stores.libraries
    })
    afterAll(() => engine?.close())

    test('create stores the row as given, created and updated at now; get finds it by its id in any case', async () => {
      const user = await engine.addUser()
      const next = item('books', { title: 'Dune', author: 'Herbert' })
      const row = await created(store, user, next)
      expect(row).toEqual({ ...next, userId: user, createdAt: NOW, updatedAt: NOW })
      expect(await store.get(user, 'books', next.id)).toEqual(row)
      expect(await store.get(user, 'books', next.id.toUpperCase())).toEqual(row)
      expect(await store.get(user, 'movies', next.id)).toBeUndefined()
    })

    test('list: newest first, ties by id descending; pages with the total, a page past the end counted too', async () => {
      const user = await engine.addUser()
      const [a, b, c, d] = [item('notes', { title: 'a' }), item('notes', { title: 'b' }), item('notes', { title: 'c' }), item('notes', { title: 'd' })]
      // written out of order; b and c share their millisecond
      await created(store, user, c, NOW + MINUTE)
      await created(store, user, a, NOW)
      await created(store, user, d, NOW + 2 * MINUTE)
      await created(store, user, b, NOW + MINUTE)
      await created(store, user, item('books', { title: 'not a note' }))
      const page = async (limit: number, offset: number) => {
        const { rows, total } = await store.list(user, 'notes', limit, offset)
        return [titles(rows), total]
      }
      expect(await page(10, 0)).toEqual([['d', 'c', 'b', 'a'], 4])
      expect(await page(2, 1)).toEqual([['c', 'b'], 4])
      expect(await page(2, 4)).toEqual([[], 4])
      expect(await store.list(user, 'music', 10, 0)).toEqual({ rows: [], total: 0 })
      expect(titles(await store.all(user, 'notes'))).toEqual(['d', 'c', 'b', 'a'])
    })

    test('to-dos: by state, up to a due date, in due-date order with undated ones last; the open ones alone', async () => {
      const user = await engine.addUser()
      const todo = (title: string, due: string | null, done = false) => item('todos', { title, due_at: due, is_completed: done })
      const rows = [todo('A', '2026-07-01'), todo('B', null), todo('C', '2026-06-25'), todo('D', '2026-07-01'), todo('E', null), todo('F', '2026-06-20', true)]
      for (const [i, next] of rows.entries()) await created(store, user, next, NOW + i * MINUTE)
      // an item whose data has no is_completed at all counts as open, as on SQLite
      await created(store, user, { ...item('todos', {}), data: '{"title":"G","due_at":"2026-06-30"}' }, NOW + 10 * MINUTE)
      const list = async (status: 'open' | 'done' | 'all', sort: 'created' | 'due', dueUntil: string | null = null) =>
        titles((await store.list(user, 'todos', 50, 0, { status, sort, dueUntil })).rows)
      expect(await list('all', 'created')).toEqual(['G', 'F', 'E', 'D', 'C', 'B', 'A'])
      expect(await list('open', 'due')).toEqual(['C', 'G', 'A', 'D', 'B', 'E'])
      expect(await list('done', 'due')).toEqual(['F'])
      expect(await list('all', 'due', '2026-06-30')).toEqual(['F', 'C', 'G'])
      expect(await list('open', 'created', '2026-07-01')).toEqual(['G', 'D', 'C', 'A'])
      expect((await store.list(user, 'todos', 2, 1, { status: 'open', sort: 'due', dueUntil: null })).total).toBe(6)
      expect(titles(await store.openTodos(user))).toEqual(['C', 'G', 'A', 'D', 'B', 'E'])
    })

    test('update writes the plan on the item as read; no plan writes nothing; a plan that throws writes nothing', async () => {
      const user = await engine.addUser()
      const row = await created(store, user, item('books', { title: 'Dune' }))
      let seen: LibraryItemRow | undefined
      const written = await store.update(user, 'books', row.id.toUpperCase(), NOW + MINUTE, (current) => {
        seen = current
        return { data: '{"title":"Dune Messiah"}', dedupeKey: null, updatedAt: NOW + MINUTE }
      })
      expect(seen).toEqual(row)
      expect(written).toEqual({ ...row, data: '{"title":"Dune Messiah"}', updatedAt: NOW + MINUTE })
      expect(await store.update(user, 'books', row.id, NOW + 2 * MINUTE, () => undefined)).toEqual(written)
      await expect(store.update(user, 'books', row.id, NOW + 3 * MINUTE, () => { throw new Error('refused') })).rejects.toThrow('refused')
      expect(await store.get(user, 'books', row.id) as unknown).toEqual(written)
    })

    test('update with a linked item: it is read with the item; the plan creates and deletes in the same unit of work', async () => {
      const user = await engine.addUser()
      const first = await created(store, user, item('todos', { title: 'Water', next_id: null }))
      const next = item('todos', { title: 'Water again' })
      const linkOf = (r: LibraryItemRow) => JSON.parse(r.data).next_id ?? undefined
      // complete: no next occurrence yet, so one is created and linked
      const done = await store.update(user, 'todos', first.id, NOW + MINUTE, (current, linked) => {
        expect(linked).toBeUndefined()
        return { data: JSON.stringify({ title: 'Water', next_id: next.id }), dedupeKey: null, updatedAt: NOW + MINUTE, create: next }
      }, linkOf)
      expect(await store.get(user, 'todos', next.id)).toEqual({ ...next, userId: user, createdAt: NOW + MINUTE, updatedAt: NOW + MINUTE })
      // reopen: the linked item is handed over and taken back
      let linkedSeen: LibraryItemRow | undefined
      await store.update(user, 'todos', first.id, NOW + 2 * MINUTE, (current, linked) => {
        linkedSeen = linked
        return { data: JSON.stringify({ title: 'Water', next_id: null }), dedupeKey: null, updatedAt: NOW + 2 * MINUTE, remove: linked!.id }
      }, linkOf)
      expect(linkedSeen?.id).toBe(next.id)
      expect(done).not.toBe(DUPLICATE)
      expect(titles(await store.all(user, 'todos'))).toEqual(['Water'])
    })

    test('concurrent completions of one to-do create its next occurrence once', async () => {
      const user = await engine.addUser()
      const first = await created(store, user, item('todos', { title: 'Daily', next_id: null }))
      const complete = () => {
        const next = item('todos', { title: 'Daily, next' })
        return store.update(user, 'todos', first.id, NOW + MINUTE, (current, linked) => linked ? undefined
          : { data: JSON.stringify({ title: 'Daily', next_id: next.id }), dedupeKey: null, updatedAt: NOW + MINUTE, create: next },
        (r) => JSON.parse(r.data).next_id ?? undefined)
      }
      await Promise.all(Array.from({ length: 12 }, complete))
      expect(titles(await store.all(user, 'todos')).sort()).toEqual(['Daily', 'Daily, next'])
    })

    test('delete: true once, then false; the item is gone', async () => {
      const user = await engine.addUser()
      const row = await created(store, user, item('quotes', { quote: 'Less is more' }))
      expect(await store.delete(user, 'quotes', row.id.toUpperCase())).toBe(true)
      expect(await store.delete(user, 'quotes', row.id)).toBe(false)
      expect(await store.get(user, 'quotes', row.id)).toBeUndefined()
    })

    test('a feed URL is followed once per user and library: create and update answer duplicate and write nothing', async () => {
      const [alice, bob] = [await engine.addUser(), await engine.addUser()]
      const url = 'https://example.com/feed.xml'
      await created(store, alice, item('feeds', { title: 'One' }, url))
      expect(await store.create(alice, item('feeds', { title: 'Two' }, url), NOW)).toBe(DUPLICATE)
      expect(await store.hasDedupeKey(alice, 'feeds', url)).toBe(true)
      expect(await store.hasDedupeKey(bob, 'feeds', url)).toBe(false)
      await created(store, bob, item('feeds', { title: 'Bob' }, url))
      // items without a key never conflict
      await created(store, alice, item('notes', { title: 'n1' }))
      await created(store, alice, item('notes', { title: 'n2' }))
      const other = await created(store, alice, item('feeds', { title: 'Other' }, 'https://example.com/other.xml'))
      expect(await store.update(alice, 'feeds', other.id, NOW + MINUTE, () => ({ data: '{"title":"Moved"}', dedupeKey: url, updatedAt: NOW + MINUTE }))).toBe(DUPLICATE)
      expect(await store.get(alice, 'feeds', other.id)).toEqual(other)
      expect(titles(await store.all(alice, 'feeds'))).toEqual(['Other', 'One'])
    })

    test('concurrent subscriptions to one feed URL: one is stored, the others are duplicates', async () => {
      const user = await engine.addUser()
      const url = 'https://example.com/race.xml'
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => store.create(user, item('feeds', { title: `try ${i}` }, url), NOW)))
      expect(answers.filter((a) => a === DUPLICATE).length).toBe(7)
      expect((await store.all(user, 'feeds')).length).toBe(1)
    })

    test('scoped by user: another user\'s ids are never found, changed or deleted', async () => {
      const [alice, bob] = [await engine.addUser(), await engine.addUser()]
      const row = await created(store, alice, item('todos', { title: 'Mine' }))
      let planned = false
      expect(await store.get(bob, 'todos', row.id)).toBeUndefined()
      expect(await store.update(bob, 'todos', row.id, NOW, () => { planned = true; return { data: '{}', dedupeKey: null, updatedAt: NOW } })).toBeUndefined()
      expect(planned).toBe(false)
      expect(await store.delete(bob, 'todos', row.id)).toBe(false)
      expect(await store.list(bob, 'todos', 10, 0)).toEqual({ rows: [], total: 0 })
      expect(await store.openTodos(bob)).toEqual([])
      // a linked id of another user's item is not read either
      const hers = await created(store, alice, item('todos', { title: 'Hers' }))
      const own = await created(store, bob, item('todos', { title: 'Own', next_id: hers.id }))
      await store.update(bob, 'todos', own.id, NOW, (current, linked) => { expect(linked).toBeUndefined(); return undefined }, () => hers.id)
      expect(await store.get(alice, 'todos', row.id)).toEqual(row)
    })

    test('the search index follows every write: create, edit, a created and a deleted next occurrence, delete', async () => {
      const [alice, bob] = [await engine.addUser(), await engine.addUser()]
      const book = await created(store, alice, item('books', { title: 'Zanzibar Nights', author: 'Quill', tags: ['tropic', 3, 'spice'] }))
      expect(await found(engine, alice, 'zanzibar')).toEqual([[book.id, 'Zanzibar Nights']])
      expect(await found(engine, alice, 'quill spice')).toEqual([[book.id, 'Zanzibar Nights']])
      expect(await found(engine, bob, 'zanzibar')).toEqual([])
      await store.update(alice, 'books', book.id, NOW + MINUTE, () => ({ data: '{"title":"Kilimanjaro"}', dedupeKey: null, updatedAt: NOW + MINUTE }))
      expect(await found(engine, alice, 'zanzibar')).toEqual([])
      expect(await found(engine, alice, 'kilimanjaro')).toEqual([[book.id, 'Kilimanjaro']])
      const todo = await created(store, alice, item('todos', { title: 'Yodel practice' }))
      const next = item('todos', { title: 'Yodel again' })
      await store.update(alice, 'todos', todo.id, NOW, () => ({ data: JSON.stringify({ title: 'Yodel practice', next_id: next.id }), dedupeKey: null, updatedAt: NOW + 1, create: next }))
      expect((await found(engine, alice, 'yodel')).sort()).toEqual([[todo.id, 'Yodel practice'], [next.id, 'Yodel again']].sort())
      await store.update(alice, 'todos', todo.id, NOW, () => ({ data: JSON.stringify({ title: 'Yodel practice', next_id: null }), dedupeKey: null, updatedAt: NOW + 2, remove: next.id }))
      expect(await found(engine, alice, 'yodel')).toEqual([[todo.id, 'Yodel practice']])
      expect(await store.delete(alice, 'todos', todo.id)).toBe(true)
      expect(await store.delete(alice, 'books', book.id)).toBe(true)
      expect(await found(engine, alice, 'yodel')).toEqual([])
      expect(await found(engine, alice, 'kilimanjaro')).toEqual([])
    })

    test('a write that fails leaves the index as it was', async () => {
      const user = await engine.addUser()
      const url = 'https://example.com/indexed.xml'
      await created(store, user, item('feeds', { title: 'Walrus weekly' }, url))
      expect(await store.create(user, item('feeds', { title: 'Walrus daily' }, url), NOW)).toBe(DUPLICATE)
      const row = await created(store, user, item('books', { title: 'Walrus tales' }))
      await expect(store.update(user, 'books', row.id, NOW, () => { throw new Error('no') })).rejects.toThrow('no')
      expect((await found(engine, user, 'walrus')).map(([, title]) => title).sort()).toEqual(['Walrus tales', 'Walrus weekly'])
    })
  })
}

describe('both engines at once', () => {
  let sqlite: Engine & { db: Db }
  let postgres: Engine & { db: PgDb }
  beforeAll(async () => {
    sqlite = sqliteEngine()
    postgres = await postgresEngine(pg.server(), 'libraries_compare')
  })
  afterAll(async () => {
    await sqlite?.close()
    await postgres?.close()
  })

  test('the same items give the same search documents (SQLite\'s view, PostgreSQL\'s store)', async () => {
    const data: [LibraryName, string][] = [
      ['books', JSON.stringify({ title: 'Dune', author: 'Frank Herbert', description: 'Sand · spice', tags: ['scifi', 'classic'], publication_year: 1965 })],
      ['quotes', JSON.stringify({ quote: 'Less is more', author: 'Mies', source: 'lecture', tags: [] })],
      ['plants', JSON.stringify({ name: 'Monstera', latin_name: 'Monstera deliciosa', instructions: 'Water weekly' })],
      // category is text of to-dos only; the order is the stored object's, tags where they stand
      ['todos', JSON.stringify({ tags: ['home'], title: 'Fix tap', category: 'house', description: 'Kitchen', link: 'https://example.com/t', priority: 'high' })],
      ['recipes', JSON.stringify({ title: 'Soup', category: 'dinner', ingredients: 'Leeks', instructions: 'Boil' })],
      ['links', JSON.stringify({ title: 'Ünïcödé 東京', url: 'https://example.com/ü', site_url: 'https://example.com', cover_url: 'https://example.com/c.png' })],
      ['notes', JSON.stringify({ title: 42, content: 'A number for a title' })],
      ['notes', JSON.stringify({ title: { nested: true }, content: ['not', 'text'], tags: { a: 'x', b: 1 } })],
      ['notes', JSON.stringify({ title: null, content: '' })],
      ['notes', JSON.stringify({ title: true, content: 'flag' })],
      ['notes', 'not json'],
      ['notes', '[1, "two"]'],
      ['notes', '"just text"'],
      ['games', '{}'],
    ]
    const docs = async (engine: Engine & { db: Db | PgDb }) => {
      const user = await engine.addUser({ id: 'docs' })
      for (const [i, [library, text]] of data.entries()) {
        await created(engine.stores.libraries, user, { id: `00000000-0000-7000-8000-0000000000${String(i).padStart(2, '0')}`, library, data: text, dedupeKey: null }, NOW + i)
      }
      const rows = engine.name === 'sqlite'
        ? (engine.db as Db).select().from(searchDocs).where(eq(searchDocs.userId, user)).all()
        : await (engine.db as PgDb).select().from(searchDocsPg).where(eq(searchDocsPg.userId, user))
      return rows.map(({ id: _, ...doc }) => doc).sort((a, b) => a.ref.localeCompare(b.ref))
    }
    const onSqlite = await docs(sqlite)
    expect(onSqlite.length).toBe(data.length)
    expect(onSqlite.find((d) => d.library === 'todos')).toMatchObject({ title: 'Fix tap', body: 'home · house · Kitchen · https://example.com/t' })
    expect(await docs(postgres)).toEqual(onSqlite)
  })

  test('HTTP: the libraries, quick add and search answer the same bodies with either engine behind them', async () => {
    const base = createTestApp()
    const pgEngine = await postgresEngine(pg.server(), 'libraries_http')
    try {
      const alice = await createUser(base)
      const bob = await createUser(base)
      const pgApp = await appOnPostgres(base, pgEngine)
      const conversation = async (app: App) => {
        const out: { status: number; body: any }[] = []
        const say = async (method: string, path: string, token: string, body?: unknown) => {
          const answer = await ask(app, method, path, token, body)
          out.push(answer)
          return answer.body.data
        }
        const commit = (token: string, body: unknown) => say('POST', '/api/v1/dashboard/quick-add/commit', token, body)
        const water = await commit(alice.token, { content: 'Water plants due:2026-06-25 repeat:daily #garden', content_type: 'todo' })
        await commit(alice.token, { content: 'Call mum due:2026-06-24', content_type: 'todo' })
        await commit(alice.token, { content: 'Someday', content_type: 'todo' })
        await commit(alice.token, { content: 'Simplicity is prerequisite', content_type: 'quotes', metadata: { author: 'Dijkstra' } })
        const feed = await commit(alice.token, { content: 'https://example.com/feed.xml', content_type: 'feed', metadata: { title: 'Example feed' } })
        await commit(alice.token, { content: 'https://example.com/feed.xml', content_type: 'feed', metadata: { title: 'Again' } })
        await commit(bob.token, { content: 'Bob\'s water plan', content_type: 'note' })
        await say('GET', '/api/v1/libraries/todos?status=open&sort=due', alice.token)
        const done = await say('PATCH', `/api/v1/libraries/todos/${water.id}`, alice.token, { is_completed: true })
        await say('GET', '/api/v1/libraries/todos?sort=due&due_until=2026-06-26', alice.token)
        await say('GET', `/api/v1/libraries/todos/${done.next_id}`, alice.token)
        await say('GET', `/api/v1/search?q=${encodeURIComponent('WATER garden')}`, alice.token)
        await say('PATCH', `/api/v1/libraries/todos/${water.id}`, alice.token, { is_completed: false })
        await say('GET', `/api/v1/libraries/todos/${done.next_id}`, alice.token)
        await say('PATCH', `/api/v1/libraries/todos/${water.id}`, alice.token, { repeat: 'weekly', due_at: null })
        await say('PATCH', `/api/v1/libraries/feeds/${feed.id}`, alice.token, { title: 'Renamed feed' })
        await say('GET', '/api/v1/libraries/feeds?per_page=1&page=2', alice.token)
        await say('GET', `/api/v1/search?q=${encodeURIComponent('water')}`, alice.token)
        await say('GET', `/api/v1/search?q=${encodeURIComponent('renamed')}`, alice.token)
        await say('GET', `/api/v1/libraries/todos/${water.id}`, bob.token)
        await say('DELETE', `/api/v1/libraries/todos/${water.id}`, bob.token)
        await say('DELETE', `/api/v1/libraries/todos/${water.id}`, alice.token)
        await say('GET', `/api/v1/search?q=${encodeURIComponent('water')}`, alice.token)
        await say('GET', `/api/v1/search?q=${encodeURIComponent('water')}`, bob.token)
        await say('GET', '/api/v1/libraries/quotes', alice.token)
        return out
      }
      // Item ids are random (UUIDv7): each engine's are named by their order of appearance before comparing.
      const named = (answers: unknown) => {
        const names = new Map<string, string>()
        return JSON.parse(JSON.stringify(answers).replace(/[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
          if (!names.has(id)) names.set(id, `item-${names.size}`)
          return names.get(id)!
        }))
      }
      const onPostgres = named(await conversation(pgApp))
      const onSqlite = named(await conversation(base.app))
      expect(onPostgres).toEqual(onSqlite)
      expect(onSqlite.map((r: { status: number }) => r.status)).toEqual([
        201, 201, 201, 201, 201, 409, 201, 200, 200, 200, 200, 200, 200, 404, 422, 200, 200, 200, 200, 404, 404, 200, 200, 200, 200,
      ])
      // the completed to-do and its next occurrence are found; once reopened and deleted, neither; Bob finds his own
      const hits = (i: number) => onSqlite[i].body.data.map((hit: { id: string }) => hit.id)
      expect(hits(11)).toEqual(expect.arrayContaining(['item-0', onSqlite[10].body.data.id]))
      expect(hits(11).length).toBe(2)
      expect(hits(17)).toEqual(['item-0'])
      expect(hits(22)).toEqual([])
      expect(hits(23).length).toBe(1)
    } finally {
      base.close()
      await pgEngine.close()
    }
  })
})
