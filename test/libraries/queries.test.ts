/** The reads other features build on (chat bot /todos and your-day). Items are created through HTTP. */
import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { MINUTE } from '../../src/lib/clock'
import { listOpenTodos, listQuotes } from '../../src/features/libraries/queries'
import { commitOk } from '../quick-add/helpers'

const t = useTestApp()
let alice: TestUser
let bob: TestUser
beforeEach(async () => {
  alice = await createUser(t)
  bob = await createUser(t)
})

async function markCompleted(id: string) {
  const r = await t.request('PATCH', `/api/v1/libraries/todos/${id}`, { token: alice.token, body: { is_completed: true } })
  expect(r.status).toBe(200)
}

describe('listOpenTodos', () => {
  test('open todos only, due_at ascending with undated last, then created_at', async () => {
    const add = async (content: string) => {
      const item = await commitOk(t, alice, { content, content_type: 'todo' })
      t.clock.advance(MINUTE)
      return item
    }
    await add('A due:2026-07-01')
    await add('B')
    await add('C due:2026-06-25')
    await add('D due:2026-07-01')
    await add('E')
    const done = await add('F due:2026-06-20')
    await markCompleted(done.id)
    await commitOk(t, bob, { content: 'Not mine due:2026-06-01', content_type: 'todo' })
    await commitOk(t, alice, { content: 'A note, not a todo', content_type: 'note' })

    const todos = await listOpenTodos(t.deps, alice.id)
    expect(todos.map((i) => i.title)).toEqual(['C', 'A', 'D', 'B', 'E'])
    expect(todos[0]).toMatchObject({ library: 'todos', due_at: '2026-06-25', is_completed: false, completed_at: null })
    expect((await listOpenTodos(t.deps, bob.id)).map((i) => i.title)).toEqual(['Not mine'])
  })

  test('a completed todo presents its completion time', async () => {
    const item = await commitOk(t, alice, { content: 'Done', content_type: 'todo' })
    await markCompleted(item.id)
    const shown = await t.request('GET', `/api/v1/libraries/todos/${item.id}`, { token: alice.token })
    expect(shown.body.data).toMatchObject({ is_completed: true, completed_at: '2026-06-24T10:00:00.000Z' })
    expect(await listOpenTodos(t.deps, alice.id)).toEqual([])
  })
})

describe('listQuotes', () => {
  test('the user\'s quotes, newest first, in the §8 shape', async () => {
    await commitOk(t, alice, { content: 'First', content_type: 'quotes' })
    t.clock.advance(MINUTE)
    const second = await commitOk(t, alice, { content: 'Second', content_type: 'quotes', metadata: { author: 'Someone' } })
    await commitOk(t, bob, { content: 'Bob\'s', content_type: 'quotes' })
    const quotes = await listQuotes(t.deps, alice.id)
    expect(quotes.map((q) => q.quote)).toEqual(['Second', 'First'])
    expect(quotes[0]).toEqual(second)
    expect((await listQuotes(t.deps, bob.id)).map((q) => q.quote)).toEqual(['Bob\'s'])
  })
})

describe('presentLibraryItem', () => {
  test('every key of the library is present; missing or damaged data falls back to the defaults', async () => {
    const { presentLibraryItem } = await import('../../src/features/libraries/present')
    const base = { id: '0197a1c4-2a00-7000-8000-000000000001', userId: alice.id, dedupeKey: null, createdAt: t.clock.now(), updatedAt: t.clock.now() }
    const stamps = { created_at: '2026-06-24T10:00:00.000Z', updated_at: '2026-06-24T10:00:00.000Z' }
    expect(presentLibraryItem({ ...base, library: 'todos', data: '{"title":"T"}' })).toEqual({
      id: base.id, library: 'todos', title: 'T', description: null, priority: 'medium', due_at: null, repeat: null, category: null,
      tags: [], link: null, is_completed: false, completed_at: null, next_id: null, ...stamps,
    })
    expect(presentLibraryItem({ ...base, library: 'games', data: 'not json' })).toEqual({
      id: base.id, library: 'games', title: '', platform: 'other', developer: null, publisher: null, publication_year: null,
      wishlist: false, link: null, cover_url: null, description: null, ...stamps,
    })
  })
})
