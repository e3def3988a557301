/** docs/api/quick-add.md §10: PATCH /libraries/{type}/{id} for every library's fields. Items are created through quick add. */
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

const patch = (library: string, id: string, body: unknown, user: TestUser | null = alice) =>
  t.request('PATCH', `/api/v1/libraries/${library}/${id}`, { token: user?.token, body })
const show = async (library: string, id: string) => (await t.request('GET', `/api/v1/libraries/${library}/${id}`, { token: alice.token })).body.data


/** One change of every editable field; what is sent and, where the rule changes it, what is stored. */
const CHANGES: Record<string, { send: Record<string, unknown>; stored?: Record<string, unknown> }> = {
  music: { send: { title: '  Homework ', artist: 'Daft Punk', publication_year: 1997, wishlist: true, link: 'https://music.example/hw', cover_url: 'http://img.example/c.png', description: 'Debut' }, stored: { title: 'Homework' } },
  books: { send: { title: 'Emma', author: 'Austen', pages: 474, publication_year: 1815, wishlist: true, link: 'https://b.example/', cover_url: 'https://b.example/c.jpg', description: 'Novel' } },
  movies: { send: { title: 'The Wire', category: 'series', publication_year: 2002, wishlist: true, link: 'https://m.example/', cover_url: 'https://m.example/c.jpg', description: 'Baltimore' } },
  games: { send: { title: 'Hades II', platform: 'pc', developer: 'Supergiant', publisher: 'Supergiant', publication_year: 2024, wishlist: true, link: 'https://g.example/', cover_url: 'https://g.example/c.jpg', description: 'Rogue-like' } },
  recipes: { send: { title: 'Crêpes', type: 'dessert', time_to_make: 30, ingredients: 'flour\nmilk\neggs', link: 'https://r.example/', cover_url: 'https://r.example/c.jpg', description: 'Thin' } },
  links: {
    send: { url: 'https://example.org/b', title: 'Other', description: 'A page', cover_url: 'https://example.org/c.png', is_favorite: true, tags: ['#Read', 'read', ' later '] },
    stored: { tags: ['Read', 'later'] },
  },
  quotes: { send: { quote: 'Stay foolish.', author: 'Steve Jobs', source: 'Stanford, 2005' } },
  plants: { send: { name: 'Fern', latin_name: 'Nephrolepis', location: 'indoor', sunlight: 'shade', instructions: 'Keep moist', link: 'https://p.example/', cover_url: 'https://p.example/c.jpg' } },
  feeds: { send: { title: 'News', url: 'https://example.com/other.xml', site_url: 'https://example.com/' } },
  todos: {
    send: { title: 'Pay the rent', description: 'By transfer', priority: 'high', due_at: '2026-07-01', repeat: 'monthly', category: '/home/money', tags: ['#bills'], link: 'https://bank.example/' },
    stored: { category: 'home/money', tags: ['bills'] },
  },
  notes: { send: { title: 'Shopping', content: 'Milk\nBread' } },
}

describe.each(Object.keys(SAMPLES))('%s', (library) => {
  test('every field can be changed; the answer is the item, updated_at moves, created_at stays', async () => {
    const item = await commitOk(t, alice, SAMPLES[library])
    t.clock.advance(MINUTE)
    const { send, stored } = CHANGES[library]!
    const r = await patch(library, item.id, send)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const expected = { ...item, ...send, ...stored, updated_at: '2026-06-24T10:01:00.000Z' }
    expect(r.body).toEqual({ success: true, message: 'Item updated successfully.', data: expected, timestamp: '2026-06-24T10:01:00.000Z' })
    expect(Object.keys(r.body.data)).toEqual(Object.keys(item))
    expect(await show(library, item.id)).toEqual(expected)
  })

  test('read-only and unknown keys are ignored; an empty body changes nothing, not even updated_at', async () => {
    const item = await commitOk(t, alice, SAMPLES[library])
    t.clock.advance(MINUTE)
    const r = await patch(library, item.id, {
      id: '0197a1c4-2a00-7000-8000-000000000001', library: 'notes', created_at: '2020-01-01T00:00:00.000Z', updated_at: '2020-01-01T00:00:00.000Z',
      completed_at: '2020-01-01T00:00:00.000Z', next_id: '0197a1c4-2a00-7000-8000-000000000002', unknown: 'x',
    })
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual(item)
    expect((await patch(library, item.id, {})).body.data).toEqual(item)
  })

  test('another user\'s item, another library, an unknown id → 404 (before validation); 401 without a token', async () => {
    const item = await commitOk(t, alice, SAMPLES[library])
    expect404(await patch(library, item.id, { title: 'x'.repeat(300) }, bob))
    expect404(await patch(library === 'notes' ? 'todos' : 'notes', item.id, {}))
    expect404(await patch(library, '0197a1c4-2a00-7000-8000-000000000001', {}))
    expect401(await patch(library, item.id, {}, null))
    expect(await show(library, item.id)).toEqual(item)
  })
})

describe('validation', () => {
  test.each([
    ['music', { title: 'x'.repeat(256) }, { title: ['The title field must not be greater than 255 characters.'] }],
    ['music', { publication_year: '1997' }, { publication_year: ['The publication year field must be an integer.'] }],
    ['music', { publication_year: 10000 }, { publication_year: ['The publication year field must be between 0 and 9999.'] }],
    ['books', { pages: 0 }, { pages: ['The pages field must be at least 1.'] }],
    ['music', { wishlist: 'yes' }, { wishlist: ['The wishlist field must be true or false.'] }],
    ['books', { link: 'javascript:alert(1)' }, { link: ['The link field must be a valid URL.'] }],
    ['links', { url: 'ftp://example.com/' }, { url: ['The url field must be a valid URL.'] }],
    ['movies', { category: 'documentary' }, { category: ['The selected category is invalid.'] }],
    ['todos', { due_at: '2026-02-30' }, { due_at: ['The due at field must be a valid date in the format YYYY-MM-DD.'] }],
    ['todos', { due_at: 20260701 }, { due_at: ['The due at field must be a valid date in the format YYYY-MM-DD.'] }],
    ['todos', { is_completed: 1 }, { is_completed: ['The is completed field must be true or false.'] }],
    ['links', { tags: 'read' }, { tags: ['The tags field must be an array.'] }],
    ['links', { tags: ['#'] }, { tags: ['The tags field must hold tags of 1 to 50 characters.'] }],
    ['links', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, { tags: ['The tags field must not have more than 20 items.'] }],
    ['notes', { content: 'x'.repeat(65536) }, { content: ['The content field must not be greater than 65535 characters.'] }],
    ['music', { title: 'x'.repeat(256), wishlist: 'no', link: 'nope' }, {
      title: ['The title field must not be greater than 255 characters.'], wishlist: ['The wishlist field must be true or false.'],
      link: ['The link field must be a valid URL.'],
    }],
  ])('%s %j → 422, nothing changed', async (library, body, errors) => {
    const item = await commitOk(t, alice, SAMPLES[library]!)
    expect422(await patch(library, item.id, body), errors)
    expect(await show(library, item.id)).toEqual(item)
  })

  test('a repeat needs a due date', async () => {
    const item = await commitOk(t, alice, { content: 'Stretch', content_type: 'todo' })
    expect422(await patch('todos', item.id, { repeat: 'daily' }), { due_at: ['The due at field is required when repeat is present.'] })
    expect((await patch('todos', item.id, { repeat: 'daily', due_at: '2026-06-25' })).body.data).toMatchObject({ repeat: 'daily', due_at: '2026-06-25' })
  })

  test('the field rules of a field another library has are those of the item\'s library', async () => {
    const todo = await commitOk(t, alice, SAMPLES.todos!)
    const movie = await commitOk(t, alice, SAMPLES.movies!)
    // `category` is free text for a to-do and movie/series for a film; `url` is not a to-do's field at all.
    expect((await patch('todos', todo.id, { category: 'documentary', url: 'nope' })).body.data).toMatchObject({ category: 'documentary' })
    expect422(await patch('movies', movie.id, { category: 'documentary' }), { category: ['The selected category is invalid.'] })
  })
})

describe('clearing', () => {
  test('null clears a field whose default is null; null and "" leave a required or defaulted one as it was', async () => {
    const item = await commitOk(t, alice, { content: 'Dune', content_type: 'books', metadata: { author: 'Herbert', pages: 412, link: 'https://b.example/' } })
    const r = await patch('books', item.id, { author: null, pages: null, link: null, title: null, wishlist: null })
    expect(r.body.data).toMatchObject({ title: 'Dune', author: null, pages: null, link: null, wishlist: false })
    expect((await patch('books', item.id, { title: '   ' })).body.data.title).toBe('Dune')
    const todo = await commitOk(t, alice, { content: 'Pay #rent /home due:tomorrow repeat:monthly', content_type: 'todo' })
    expect((await patch('todos', todo.id, { tags: [], category: '/', priority: null })).body.data).toMatchObject({ tags: [], category: null, priority: 'medium' })
  })

  test('clearing the due date ends the repeat', async () => {
    const todo = await commitOk(t, alice, { content: 'Water plants due:tomorrow repeat:weekly', content_type: 'todo' })
    expect((await patch('todos', todo.id, { due_at: null })).body.data).toMatchObject({ due_at: null, repeat: null })
  })
})

describe('feeds', () => {
  test('a new URL moves the subscription: the old URL can be followed again, the new one only once', async () => {
    const feed = await commitOk(t, alice, SAMPLES.feeds!)
    expect((await patch('feeds', feed.id, { url: 'HTTPS://Example.com/other.xml' })).status).toBe(200)
    await commitOk(t, alice, SAMPLES.feeds!)
    const again = await t.request('POST', '/api/v1/dashboard/quick-add/commit', {
      token: alice.token, body: { content: 'https://example.com/other.xml', content_type: 'feed', metadata: { title: 'Twice' } },
    })
    expect(again.status).toBe(409)
  })

  test('moving onto a URL already followed → 409, nothing changed', async () => {
    const first = await commitOk(t, alice, SAMPLES.feeds!)
    const second = await commitOk(t, alice, { content: 'https://example.com/second.xml', content_type: 'feed', metadata: { title: 'Second' } })
    const r = await patch('feeds', second.id, { url: 'https://example.com/feed.xml', title: 'Renamed' })
    expect(r.status).toBe(409)
    expect(r.body).toMatchObject({ success: false, code: 'conflict', message: 'You are already subscribed to this feed.' })
    expect(await show('feeds', second.id)).toEqual(second)
    expect(await show('feeds', first.id)).toEqual(first)
    // The same URL as its own is no conflict; another user may follow it too.
    expect((await patch('feeds', first.id, { url: 'https://example.com/feed.xml', title: 'Mine' })).status).toBe(200)
    const bobs = await commitOk(t, bob, { content: 'https://example.com/b.xml', content_type: 'feed', metadata: { title: 'B' } })
    expect((await patch('feeds', bobs.id, { url: 'https://example.com/feed.xml' }, bob)).status).toBe(200)
  })
})

describe('bodies', () => {
  test('malformed JSON → 400', async () => {
    const item = await commitOk(t, alice, SAMPLES.notes!)
    const r = await t.request('PATCH', `/api/v1/libraries/notes/${item.id}`, { token: alice.token, body: '{"title":', headers: { 'content-type': 'application/json' } })
    expect(r.status).toBe(400)
    expect(r.body.code).toBe('malformed_json')
  })
})
