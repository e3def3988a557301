import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { MINUTE } from '../../src/lib/clock'
import { SAMPLES } from './samples'
import { commitOk, expect401, expect404, expect422 } from '../quick-add/helpers'

const t = useTestApp()
let alice: TestUser
let bob: TestUser
beforeEach(async () => {
  alice = await createUser(t)
  bob = await createUser(t)
})

const LIBRARIES = ['music', 'books', 'movies', 'games', 'recipes', 'links', 'quotes', 'plants', 'feeds', 'todos', 'notes']


const list = (library: string, query = '', user: TestUser | null = alice) =>
  t.request('GET', `/api/v1/libraries/${library}${query}`, { token: user?.token })
const get = (library: string, id: string, user: TestUser | null = alice) =>
  t.request('GET', `/api/v1/libraries/${library}/${id}`, { token: user?.token })
const remove = (library: string, id: string, user: TestUser | null = alice) =>
  t.request('DELETE', `/api/v1/libraries/${library}/${id}`, { token: user?.token })

describe.each(LIBRARIES)('%s', (library) => {
  test('list, show, delete; other users and other libraries see 404', async () => {
    const item = await commitOk(t, alice, SAMPLES[library])
    expect(item.library).toBe(library)

    const listed = await list(library)
    expect(listed.status).toBe(200)
    expect(listed.body).toEqual({
      success: true, message: 'Items retrieved successfully.', data: [item], timestamp: '2026-06-24T10:00:00.000Z',
      meta: { pagination: { current_page: 1, last_page: 1, per_page: 50, total: 1, from: 1, to: 1, has_more_pages: false } },
    })

    const shown = await get(library, item.id)
    expect(shown.body).toEqual({ success: true, message: 'Item retrieved successfully.', data: item, timestamp: '2026-06-24T10:00:00.000Z' })
    expect((await get(library, item.id.toUpperCase())).body.data).toEqual(item)

    expect404(await get(library, item.id, bob))
    expect404(await remove(library, item.id, bob))
    expect((await list(library, '', bob)).body.data).toEqual([])
    const elsewhere = library === 'notes' ? 'todos' : 'notes'
    expect404(await get(elsewhere, item.id))
    expect404(await remove(elsewhere, item.id))

    const deleted = await remove(library, item.id)
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({ success: true, message: 'Item deleted successfully.', data: null, timestamp: '2026-06-24T10:00:00.000Z' })
    expect404(await get(library, item.id))
    expect404(await remove(library, item.id))
    expect((await list(library)).body.data).toEqual([])
  })

  test('401 without a token', async () => {
    expect401(await list(library, '', null))
    expect401(await get(library, '0197a1c4-2a00-7000-8000-000000000001', null))
    expect401(await remove(library, '0197a1c4-2a00-7000-8000-000000000001', null))
  })
})

/** The key order of the §8 example rows. */
const KEYS: Record<string, string[]> = {
  music: ['title', 'artist', 'publication_year', 'wishlist', 'link', 'cover_url', 'description'],
  books: ['title', 'author', 'pages', 'publication_year', 'wishlist', 'link', 'cover_url', 'description'],
  movies: ['title', 'category', 'publication_year', 'wishlist', 'link', 'cover_url', 'description'],
  games: ['title', 'platform', 'developer', 'publisher', 'publication_year', 'wishlist', 'link', 'cover_url', 'description'],
  recipes: ['title', 'type', 'time_to_make', 'ingredients', 'link', 'cover_url', 'description'],
  links: ['url', 'title', 'description', 'cover_url', 'is_favorite', 'tags', 'fetch_failed', 'fetch_error'],
  quotes: ['quote', 'author', 'source'],
  plants: ['name', 'latin_name', 'location', 'sunlight', 'instructions', 'link', 'cover_url'],
  feeds: ['title', 'url', 'site_url'],
  todos: ['title', 'description', 'priority', 'due_at', 'repeat', 'category', 'tags', 'link', 'is_completed', 'completed_at', 'next_id'],
  notes: ['title', 'content'],
}

test.each(LIBRARIES)('%s items have the §8 keys in order, in commit, list and show', async (library) => {
  const expected = ['id', 'library', ...KEYS[library]!, 'created_at', 'updated_at']
  const item = await commitOk(t, alice, SAMPLES[library])
  expect(Object.keys(item)).toEqual(expected)
  expect(Object.keys((await list(library)).body.data[0])).toEqual(expected)
  expect(Object.keys((await get(library, item.id)).body.data)).toEqual(expected)
})

describe('paths', () => {
  test.each(['clipboard', 'todo', 'note', 'feed', 'Music', 'anything'])('unknown library %s → 404', async (type) => {
    expect404(await list(type))
    expect404(await get(type, '0197a1c4-2a00-7000-8000-000000000001'))
    expect404(await remove(type, '0197a1c4-2a00-7000-8000-000000000001'))
  })

  test.each(['123', 'not-a-uuid', '0197a1c4-2a00-7000-8000-00000000000'])('malformed item id %s → 404', async (id) => {
    expect404(await get('notes', id))
    expect404(await remove('notes', id))
  })

  test('an unknown but well-formed id → 404', async () => {
    expect404(await get('notes', '0197a1c4-2a00-7000-8000-000000000001'))
  })
})

describe('pagination and order', () => {
  test('newest first, then id descending; pages and meta', async () => {
    const ids: string[] = []
    for (let i = 0; i < 3; i++) ids.push((await commitOk(t, alice, { content: `same time ${i}`, content_type: 'note' })).id)
    t.clock.advance(MINUTE)
    const newest = (await commitOk(t, alice, { content: 'newest', content_type: 'note' })).id
    await commitOk(t, bob, { content: 'not mine', content_type: 'note' })
    await commitOk(t, alice, { content: 'a todo', content_type: 'todo' })

    const all = await list('notes')
    expect(all.body.data.map((i: any) => i.id)).toEqual([newest, ...[...ids].sort().reverse()])

    const page2 = await list('notes', '?page=2&per_page=3')
    expect(page2.body.data.map((i: any) => i.id)).toEqual([[...ids].sort()[0]])
    expect(page2.body.meta.pagination).toEqual({ current_page: 2, last_page: 2, per_page: 3, total: 4, from: 4, to: 4, has_more_pages: false })
    const past = await list('notes', '?page=9&per_page=100')
    expect(past.body.data).toEqual([])
    expect(past.body.meta.pagination).toEqual({ current_page: 9, last_page: 1, per_page: 100, total: 4, from: null, to: null, has_more_pages: false })
  })

  test.each([
    ['?page=0', { page: ['The page field must be at least 1.'] }],
    ['?page=x', { page: ['The page field must be an integer.'] }],
    ['?per_page=101', { per_page: ['The per page field must be between 1 and 100.'] }],
    ['?per_page=0', { per_page: ['The per page field must be between 1 and 100.'] }],
    ['?per_page=-1', { per_page: ['The per page field must be an integer.'] }],
  ])('%s → 422', async (query, errors) => {
    expect422(await list('notes', query), errors)
  })

  test('an unknown library answers 404 before the query is validated', async () => {
    expect404(await list('nope', '?page=0'))
  })
})
