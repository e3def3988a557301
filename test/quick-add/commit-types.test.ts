/**
 * One commit per content type, checked through the libraries API. No test here reaches the network: URL
 * content either carries metadata.title (no fetch) or points at a loopback address, which the default
 * FETCH_ALLOW_PRIVATE=false refuses before connecting.
 */
import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { commit, commitOk, expect401, show } from './helpers'

const t = useTestApp()
let alice: TestUser
beforeEach(async () => {
  alice = await createUser(t)
})

const TS = '2026-06-24T10:00:00.000Z'
const stamps = { created_at: TS, updated_at: TS }

/** Commits, then reads the item back: the show endpoint returns exactly the commit's data. */
async function saved(body: Record<string, unknown>, library: string) {
  const item = await commitOk(t, alice, body)
  expect(item.library).toBe(library)
  const r = await show(t, alice, library, item.id)
  expect(r.status).toBe(200)
  expect(r.body.data).toEqual(item)
  return item
}

const keys = (o: object) => Object.keys(o)

describe('URL libraries', () => {
  test('music from a URL with metadata (keys in §8 order)', async () => {
    const item = await saved({
      content: 'https://www.deezer.com/album/302127', content_type: 'music',
      metadata: { title: '  Discovery ', artist: 'Daft Punk', publication_year: 2001, wishlist: true, cover_url: 'https://cdn.example/c.jpg' },
    }, 'music')
    expect(item.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(keys(item)).toEqual(['id', 'library', 'title', 'artist', 'publication_year', 'wishlist', 'link', 'cover_url', 'description', 'created_at', 'updated_at'])
    expect(item).toEqual({
      id: item.id, library: 'music', title: 'Discovery', artist: 'Daft Punk', publication_year: 2001, wishlist: true,
      link: 'https://www.deezer.com/album/302127', cover_url: 'https://cdn.example/c.jpg', description: null, ...stamps,
    })
  })

  test('music from text: the text is the title (one line, cut to 255), link null', async () => {
    const item = await saved({ content: 'Discovery   by\nDaft Punk', content_type: 'music' }, 'music')
    expect(item).toMatchObject({ title: 'Discovery by Daft Punk', link: null, wishlist: false, artist: null, publication_year: null })
    const long = await saved({ content: 'ä'.repeat(300), content_type: 'music' }, 'music')
    expect(long.title).toBe('ä'.repeat(255))
  })

  test('books', async () => {
    const item = await saved({
      content: 'https://www.goodreads.com/book/show/44767458', content_type: 'books',
      metadata: { title: 'Dune', author: 'Frank Herbert', pages: 412, publication_year: 1965, description: 'Spice.' },
    }, 'books')
    expect(keys(item)).toEqual(['id', 'library', 'title', 'author', 'pages', 'publication_year', 'wishlist', 'link', 'cover_url', 'description', 'created_at', 'updated_at'])
    expect(item).toMatchObject({ title: 'Dune', author: 'Frank Herbert', pages: 412, publication_year: 1965, wishlist: false,
      link: 'https://www.goodreads.com/book/show/44767458', cover_url: null, description: 'Spice.' })
  })

  test('movies: category movie by default, metadata overrides', async () => {
    const movie = await saved({ content: 'https://www.imdb.com/title/tt0133093/', content_type: 'movies', metadata: { title: 'The Matrix (1999)' } }, 'movies')
    expect(keys(movie)).toEqual(['id', 'library', 'title', 'category', 'publication_year', 'wishlist', 'link', 'cover_url', 'description', 'created_at', 'updated_at'])
    expect(movie).toMatchObject({ title: 'The Matrix (1999)', category: 'movie', link: 'https://www.imdb.com/title/tt0133093/' })
    const series = await saved({ content: 'Dark', content_type: 'movies', metadata: { category: 'series', link: 'https://trakt.tv/shows/dark' } }, 'movies')
    expect(series).toMatchObject({ title: 'Dark', category: 'series', link: 'https://trakt.tv/shows/dark' })
  })

  test.each([
    ['https://store.steampowered.com/app/1145360/Hades/', 'pc'],
    ['https://www.gog.com/game/hades', 'pc'],
    ['https://supergiant.itch.io/hades', 'pc'],
    ['https://store.epicgames.com/p/hades', 'pc'],
    ['https://store.playstation.com/en-us/product/1', 'playstation'],
    ['https://boardgamegeek.com/boardgame/13/catan', 'boardgame'],
    ['https://www.igdb.com/games/hades', 'other'],
    ['https://example.com/hades', 'other'],
    ['Hades', 'other'],
  ])('games: %s → platform %s', async (content, platform) => {
    const item = await saved({ content, content_type: 'games', metadata: { title: 'Hades' } }, 'games')
    expect(item.platform).toBe(platform)
  })

  test('games: all fields', async () => {
    const item = await saved({
      content: 'https://store.steampowered.com/app/1145360/Hades/', content_type: 'games',
      metadata: { title: 'Hades', platform: 'nintendo', developer: 'Supergiant', publisher: 'Supergiant', publication_year: 2020 },
    }, 'games')
    expect(keys(item)).toEqual(['id', 'library', 'title', 'platform', 'developer', 'publisher', 'publication_year', 'wishlist', 'link', 'cover_url', 'description', 'created_at', 'updated_at'])
    expect(item).toMatchObject({ platform: 'nintendo', developer: 'Supergiant', publisher: 'Supergiant', publication_year: 2020 })
  })

  test('recipes', async () => {
    const item = await saved({
      content: 'Pancakes', content_type: 'recipes', metadata: { type: 'breakfast', time_to_make: 20, ingredients: 'flour\nmilk\neggs' },
    }, 'recipes')
    expect(item).toEqual({
      id: item.id, library: 'recipes', title: 'Pancakes', type: 'breakfast', time_to_make: 20, ingredients: 'flour\nmilk\neggs',
      link: null, cover_url: null, description: null, ...stamps,
    })
  })

  test('links: refused fetch → the URL is the title; defaults', async () => {
    const item = await saved({ content: 'http://127.0.0.1:9/a?b=1#c', content_type: 'links' }, 'links')
    expect(item).toEqual({
      id: item.id, library: 'links', url: 'http://127.0.0.1:9/a?b=1#c', title: 'http://127.0.0.1:9/a?b=1#c', description: null,
      cover_url: null, is_favorite: false, tags: [], fetch_failed: true, fetch_error: 'refused', ...stamps,
    })
  })

  test('links: www. input is normalized; metadata fields', async () => {
    const item = await saved({
      url: 'www.example.com/a', content_type: 'links',
      metadata: { title: 'Example', description: 'd', cover_url: 'https://x.example/c.png', is_favorite: true, tags: ['#Read', 'read', ' later '] },
    }, 'links')
    expect(item).toMatchObject({ url: 'https://www.example.com/a', title: 'Example', description: 'd', cover_url: 'https://x.example/c.png',
      is_favorite: true, tags: ['Read', 'later'] })
  })
})

describe('text libraries', () => {
  test('todo: parsed from the content', async () => {
    const item = await saved({ content: 'Pay rent #home /finance due:tomorrow repeat:monthly', content_type: 'todo' }, 'todos')
    expect(item).toEqual({
      id: item.id, library: 'todos', title: 'Pay rent', description: null, priority: 'medium', due_at: '2026-06-25', repeat: 'monthly',
      category: 'finance', tags: ['home'], link: null, is_completed: false, completed_at: null, next_id: null, ...stamps,
    })
  })

  test('todo: detect metadata can be passed back unchanged', async () => {
    const content = 'Renew passport due:2027-03-31 link:https://example.org/form#step2 #admin'
    const detected = (await t.request('POST', '/api/v1/dashboard/quick-add/detect', { token: alice.token, body: { content } })).body.data
    const item = await saved({ content, content_type: detected.content_type, metadata: detected.metadata }, 'todos')
    expect(item).toMatchObject({ title: 'Renew passport', due_at: '2027-03-31', link: 'https://example.org/form#step2', tags: ['admin'] })
  })

  test('todo: metadata overrides field by field; repeat only with a due date', async () => {
    const item = await saved({
      content: 'Stretch repeat:daily #x', content_type: 'todo',
      metadata: { title: 'Stretch well', description: 'ten minutes', priority: 'high', due_at: '2026-07-01', category: '/health/body',
        tags: ['morning'], link: 'https://example.org/s' },
    }, 'todos')
    // §5: the text has no due date, so its repeat token parses to null; metadata due_at does not revive it.
    expect(item).toMatchObject({ title: 'Stretch well', description: 'ten minutes', priority: 'high', due_at: '2026-07-01',
      repeat: null, category: 'health/body', tags: ['morning'], link: 'https://example.org/s' })
    const both = await saved({ content: 'Stretch repeat:daily', content_type: 'todo', metadata: { due_at: '2026-07-01', repeat: 'weekly' } }, 'todos')
    expect(both).toMatchObject({ title: 'Stretch', due_at: '2026-07-01', repeat: 'weekly' })
    const noDue = await saved({ content: 'Stretch', content_type: 'todo', metadata: { repeat: 'weekly' } }, 'todos')
    expect(noDue).toMatchObject({ due_at: null, repeat: null })
    const withDue = await saved({ content: 'Stretch due:today', content_type: 'todo', metadata: { repeat: 'weekly', due_at: null } }, 'todos')
    expect(withDue).toMatchObject({ due_at: '2026-06-24', repeat: 'weekly' })
  })

  test('todo: a link with non-ASCII characters is kept as written', async () => {
    const item = await saved({ content: 'Read link:example.org/straße?q=ä', content_type: 'todo' }, 'todos')
    expect(item).toMatchObject({ title: 'Read', link: 'https://example.org/straße?q=ä' })
  })

  test('todo: any text may be committed as a todo', async () => {
    const item = await saved({ content: 'Just a thought', content_type: 'todo' }, 'todos')
    expect(item).toMatchObject({ title: 'Just a thought', due_at: null, tags: [], category: null })
  })

  test('note: the first line is the title, the whole text the content', async () => {
    const item = await saved({ content: 'Ideas for the weekend\n- lake\n- museum', content_type: 'note' }, 'notes')
    expect(item).toEqual({ id: item.id, library: 'notes', title: 'Ideas for the weekend', content: 'Ideas for the weekend\n- lake\n- museum', ...stamps })
    const custom = await saved({ content: 'x', content_type: 'note', metadata: { title: 'T', content: 'C' } }, 'notes')
    expect(custom).toMatchObject({ title: 'T', content: 'C' })
  })

  test('quotes', async () => {
    const item = await saved({ content: 'Stay hungry, stay foolish.', content_type: 'quotes', metadata: { author: 'Steve Jobs' } }, 'quotes')
    expect(item).toEqual({ id: item.id, library: 'quotes', quote: 'Stay hungry, stay foolish.', author: 'Steve Jobs', source: null, ...stamps })
    const long = await saved({ content: 'q'.repeat(65535), content_type: 'quotes', metadata: { quote: 'Short', source: 'Talk' } }, 'quotes')
    expect(long).toMatchObject({ quote: 'Short', source: 'Talk' })
  })

  test('plants: the content is the name, cut to 255', async () => {
    const item = await saved({ content: 'Monstera', content_type: 'plants' }, 'plants')
    expect(item).toEqual({ id: item.id, library: 'plants', name: 'Monstera', latin_name: null, location: null, sunlight: null,
      instructions: null, link: null, cover_url: null, ...stamps })
    const full = await saved({ content: 'n'.repeat(300), content_type: 'plants', metadata: {
      latin_name: 'Monstera deliciosa', location: 'indoor', sunlight: 'indirect', instructions: 'water weekly',
      link: 'https://plants.example/m', cover_url: 'http://plants.example/m.jpg',
    } }, 'plants')
    expect(full).toMatchObject({ name: 'n'.repeat(255), latin_name: 'Monstera deliciosa', location: 'indoor', sunlight: 'indirect',
      instructions: 'water weekly', link: 'https://plants.example/m', cover_url: 'http://plants.example/m.jpg' })
  })

  test('feed: title from metadata skips the fetch; a second subscription is a 409', async () => {
    const item = await saved({ content: 'https://example.com/feed.xml', content_type: 'feed', metadata: { title: 'Example Blog', site_url: 'https://example.com/' } }, 'feeds')
    expect(item).toEqual({ id: item.id, library: 'feeds', title: 'Example Blog', url: 'https://example.com/feed.xml', site_url: 'https://example.com/', ...stamps })
    for (const content of ['https://example.com/feed.xml', 'HTTPS://EXAMPLE.com/feed.xml', 'https://example.com:443/feed.xml']) {
      const again = await commit(t, alice, { content, content_type: 'feed', metadata: { title: 'Again' } })
      expect(again.status).toBe(409)
      expect(again.body).toEqual({ success: false, message: 'You are already subscribed to this feed.', code: 'conflict', timestamp: TS })
    }
    const bob = await createUser(t)
    expect((await commit(t, bob, { content: 'https://example.com/feed.xml', content_type: 'feed', metadata: { title: 'Mine' } })).status).toBe(201)
    expect((await t.request('DELETE', `/api/v1/libraries/feeds/${item.id}`, { token: alice.token })).status).toBe(200)
    expect((await commit(t, alice, { content: 'https://example.com/feed.xml', content_type: 'feed', metadata: { title: 'Back' } })).status).toBe(201)
  })

  test('feed: a refused fetch still saves the subscription with the URL as title', async () => {
    const item = await saved({ content: 'http://127.0.0.1:9/feed', content_type: 'feed' }, 'feeds')
    expect(item).toMatchObject({ title: 'http://127.0.0.1:9/feed', url: 'http://127.0.0.1:9/feed', site_url: null })
  })

  test('clipboard: a text entry in the clipboard entry shape, listed by the clipboard API', async () => {
    const entry = await commitOk(t, alice, { content: '  hello world  ', content_type: 'clipboard' })
    expect(entry).toEqual({ id: expect.any(Number), library: 'clipboard', type: 'text', content: 'hello world', file_path: null,
      image_url: null, mime_type: null, size_bytes: null, ...stamps })
    expect(keys(entry)).toEqual(['id', 'library', 'type', 'content', 'file_path', 'image_url', 'mime_type', 'size_bytes', 'created_at', 'updated_at'])
    const other = await commitOk(t, alice, { content: 'x', content_type: 'clipboard', metadata: { content: 'from metadata' } })
    expect(other.content).toBe('from metadata')
    const list = await t.request('GET', '/api/v1/clipboard', { token: alice.token })
    expect(list.body.data.map((e: any) => e.content)).toEqual(['from metadata', 'hello world'])
  })
})

describe('commit: access', () => {
  test('401 without a token', async () => {
    expect401(await commit(t, null, { content: 'x', content_type: 'note' }))
  })

  test('the item belongs to the caller only', async () => {
    const item = await commitOk(t, alice, { content: 'mine', content_type: 'note' })
    const bob = await createUser(t)
    expect((await show(t, bob, 'notes', item.id)).status).toBe(404)
    expect((await t.request('GET', '/api/v1/libraries/notes', { token: bob.token })).body.data).toEqual([])
  })
})
