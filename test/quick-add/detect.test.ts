import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { count } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { libraryItems } from '../../src/features/libraries/schema'
import { clipboardEntries } from '../../src/features/clipboard/schema'
import { detect, expect401, expect422, html, servePages } from './helpers'

let t: TestApp
let alice: TestUser
beforeEach(async () => {
  t = createTestApp()
  alice = await createUser(t)
})
afterEach(() => t.close())

/** The domain lists of docs/api/quick-add.md §3.3, written out again so the test does not read them from src. */
const DOMAINS: Record<string, string[]> = {
  music: ['deezer.com', 'deezer.page.link', 'discogs.com', 'spotify.com', 'spotify.link', 'music.apple.com', 'bandcamp.com',
    'musicbrainz.org', 'soundcloud.com', 'tidal.com', 'music.youtube.com', 'last.fm'],
  books: ['goodreads.com', 'hardcover.app', 'openlibrary.org', 'thestorygraph.com', 'librarything.com', 'isbndb.com'],
  movies: ['imdb.com', 'themoviedb.org', 'letterboxd.com', 'boxd.it', 'trakt.tv', 'rottentomatoes.com'],
  games: ['store.steampowered.com', 'gog.com', 'itch.io', 'store.epicgames.com', 'store.playstation.com', 'igdb.com', 'boardgamegeek.com'],
  recipes: ['chefkoch.de', 'allrecipes.com', 'bbcgoodfood.com', 'seriouseats.com', 'epicurious.com', 'food.com', 'foodnetwork.com',
    'bonappetit.com', 'simplyrecipes.com', 'budgetbytes.com', 'cooking.nytimes.com', 'kitchenstories.com', 'marmiton.org',
    'lecker.de', 'eatsmarter.de', 'recetasgratis.net'],
}

async function detected(content: unknown) {
  const r = await detect(t, alice, { content })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  expect(r.body.message).toBe('Content detected successfully.')
  return r.body.data
}

describe('detect: URL rules 1–6', () => {
  const cases = Object.entries(DOMAINS).flatMap(([type, domains]) => domains.flatMap((d) => [
    [type, `https://${d}/some/path?q=1`, d],
    [type, `http://www.${d}/x`, `www.${d}`],
    [type, `https://m.${d.toUpperCase()}/`, `m.${d}`],
  ]))

  test.each(cases)('%s ← %s', async (type, url, hostname) => {
    const data = await detected(url)
    expect(data.content_type).toBe(type)
    expect(data.confidence).toBe(0.95)
    expect(data.needs_confirmation).toBe(false)
    expect(data.metadata).toEqual({ url: new URL(url).href, hostname })
  })

  test('the contract example, keys in order', async () => {
    const r = await detect(t, alice, { content: 'https://www.imdb.com/title/tt0133093/' })
    expect(JSON.stringify(r.body)).toBe(JSON.stringify({
      success: true, message: 'Content detected successfully.', data: {
        content: 'https://www.imdb.com/title/tt0133093/', url: 'https://www.imdb.com/title/tt0133093/', content_type: 'movies',
        confidence: 0.95, needs_confirmation: false, metadata: { url: 'https://www.imdb.com/title/tt0133093/', hostname: 'www.imdb.com' },
      }, timestamp: '2026-06-24T10:00:00.000Z',
    }))
  })

  test.each([
    ['HTTPS://Open.Spotify.COM/album/1', 'music', 'https://open.spotify.com/album/1', 'open.spotify.com'],
    ['www.goodreads.com/book/show/1', 'books', 'https://www.goodreads.com/book/show/1', 'www.goodreads.com'],
    ['WWW.IMDB.COM', 'movies', 'https://www.imdb.com/', 'www.imdb.com'],
    ['https://imdb.com./title/tt1', 'movies', 'https://imdb.com./title/tt1', 'imdb.com.'],
    ['https://music.youtube.com/watch?v=1', 'music', 'https://music.youtube.com/watch?v=1', 'music.youtube.com'],
    ['https://www.youtube.com/watch?v=1', 'links', 'https://www.youtube.com/watch?v=1', 'www.youtube.com'],
    ['https://apple.com/music', 'links', 'https://apple.com/music', 'apple.com'],
    ['https://notimdb.com/title', 'links', 'https://notimdb.com/title', 'notimdb.com'],
    ['https://imdb.com.evil.example/x', 'links', 'https://imdb.com.evil.example/x', 'imdb.com.evil.example'],
    ['https://steampowered.com/app/1', 'links', 'https://steampowered.com/app/1', 'steampowered.com'],
    ['https://example.com', 'links', 'https://example.com/', 'example.com'],
    ['http://192.168.1.10:8080/a b'.replace(' ', '%20'), 'links', 'http://192.168.1.10:8080/a%20b', '192.168.1.10'],
    ['https://bücher.example/ä', 'links', 'https://xn--bcher-kva.example/%C3%A4', 'xn--bcher-kva.example'],
  ])('%s → %s', async (input, type, url, hostname) => {
    const data = await detected(input)
    expect(data.content_type).toBe(type)
    expect(data.confidence).toBe(type === 'links' ? 0.8 : 0.95)
    expect(data.needs_confirmation).toBe(false)
    expect(data.metadata).toEqual({ url, hostname })
    expect(data.content).toBe(input)
    expect(data.url).toBe(input)
  })

  test.each([
    'example.com/page', 'imdb.com/title/tt1', 'https://', 'http://', 'ftp://imdb.com/x', 'https://imdb.com/x and more',
    'mailto:someone@example.com',
  ])('%s is text', async (input) => {
    const data = await detected(input)
    expect(data.content_type).toBe('note')
  })
})

describe('detect: text rules 7–8', () => {
  test.each([
    'Pay rent due tomorrow', 'DUE soon', 'Due: friday', 'call mom due:friday', 'repeat after me', 'Repeat', '(due)',
    'fällig: due', 'check link:example.org', 'link:example.org', 'LINK:x', 'notes\nlink:x', 'a\tlink:x', 'link: x', 'x-due-y',
  ])('%j → todo', async (input) => {
    const data = await detected(input)
    expect(data.content_type).toBe('todo')
    expect(data.confidence).toBe(0.7)
    expect(data.needs_confirmation).toBe(false)
    expect(Object.keys(data.metadata)).toEqual(['title', 'due_at', 'repeat', 'link', 'tags', 'category'])
  })

  test.each([
    'overdue', 'repeated', 'procedure', 'due_date', 'due1', '1due', 'Überdue', 'dueñas', 'repeat_me', 'alink:x', 'links:x',
    'Just a thought',
  ])('%j → note', async (input) => {
    const data = await detected(input)
    expect(data.content_type).toBe('note')
    expect(data.confidence).toBe(0.5)
    expect(data.needs_confirmation).toBe(true)
  })

  test('todo metadata is the parse of §5', async () => {
    const data = await detected('Pay rent #home /finance due:tomorrow repeat:monthly')
    expect(data.metadata).toEqual({ title: 'Pay rent', due_at: '2026-06-25', repeat: 'monthly', link: null, tags: ['home'], category: 'finance' })
  })

  test.each([
    ['First line   \n\nSecond line', 'First line'],
    ['  padded  \r\n next', 'padded'],
    ['x'.repeat(300), 'x'.repeat(255)],
    ['😀'.repeat(300) + '\nmore', '😀'.repeat(255)],
  ])('note title of %j', async (input, title) => {
    const data = await detected(input)
    expect(data.metadata).toEqual({ title })
  })
})

describe('detect: input', () => {
  test('input is trimmed', async () => {
    const data = await detected('  \n https://www.imdb.com/title/tt1 \t')
    expect(data.content).toBe('https://www.imdb.com/title/tt1')
    expect(data.content_type).toBe('movies')
  })

  test('url is an alias read only when content is absent', async () => {
    let r = await detect(t, alice, { url: 'https://www.imdb.com/' })
    expect(r.body.data.content_type).toBe('movies')
    expect(r.body.data.content).toBe('https://www.imdb.com/')
    r = await detect(t, alice, { content: 'a note', url: 'https://www.imdb.com/' })
    expect(r.body.data.content).toBe('a note')
    for (const content of ['', '   ', null]) {
      r = await detect(t, alice, { content, url: 'https://www.imdb.com/' })
      expect(r.body.data.content).toBe('https://www.imdb.com/')
    }
  })

  test.each([
    [{}, { content: ['The content field is required.'] }],
    [{ content: '   ' }, { content: ['The content field is required.'] }],
    [{ content: null, url: null }, { content: ['The content field is required.'] }],
    [{ content: 5 }, { content: ['The content field must be a string.'] }],
    [{ content: 5, url: 'https://x.org' }, { content: ['The content field must be a string.'] }],
    [{ url: ['x'] }, { url: ['The url field must be a string.'] }],
    [{ content: 'x'.repeat(65536) }, { content: ['The content field must not be greater than 65535 characters.'] }],
    [{ url: 'x'.repeat(65536) }, { url: ['The url field must not be greater than 65535 characters.'] }],
  ])('%j → 422', async (body, errors) => {
    expect422(await detect(t, alice, body), errors)
  })

  test('65535 characters are accepted', async () => {
    expect((await detected('x'.repeat(65535))).content_type).toBe('note')
  })

  test('401 without a token', async () => {
    expect401(await detect(t, null, { content: 'x' }))
  })

  test('saves nothing and fetches nothing', async () => {
    const server = servePages({ '/': () => html('<title>Never</title>') })
    const open = createTestApp({ FETCH_ALLOW_PRIVATE: 'true' })
    try {
      const bob = await createUser(open)
      for (const content of [server.url + '/', 'Pay rent due:tomorrow', 'a note']) {
        expect((await detect(open, bob, { content })).status).toBe(200)
      }
      expect(server.hits).toEqual([])
      expect(open.deps.db.select({ n: count() }).from(libraryItems).get()!.n).toBe(0)
      expect(open.deps.db.select({ n: count() }).from(clipboardEntries).get()!.n).toBe(0)
    } finally {
      open.close()
      server.stop()
    }
  })
})
