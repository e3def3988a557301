import { beforeEach, describe, expect, test } from 'bun:test'
import { count } from 'drizzle-orm'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { libraryItems } from '../../src/features/libraries/schema'
import { commit, expect422 } from './helpers'

const t = useTestApp()
let alice: TestUser
beforeEach(async () => {
  alice = await createUser(t)
})

const URL_2049 = 'https://example.com/' + 'a'.repeat(2029)
const itemCount = () => t.deps.db.select({ n: count() }).from(libraryItems).get()!.n

describe('content, content_type, metadata', () => {
  test.each([
    [{}, { content: ['The content field is required.'], content_type: ['The content type field is required.'] }],
    [{ content: ' ', content_type: ' ' }, { content: ['The content field is required.'], content_type: ['The content type field is required.'] }],
    [{ content: 'x', content_type: 'podcast' }, { content_type: ['The selected content type is invalid.'] }],
    [{ content: 'x', content_type: 'Note' }, { content_type: ['The selected content type is invalid.'] }],
    [{ content: 'x', content_type: 5 }, { content_type: ['The content type field must be a string.'] }],
    [{ content: 5, content_type: 'note' }, { content: ['The content field must be a string.'] }],
    [{ content: 'x'.repeat(65536), content_type: 'note' }, { content: ['The content field must not be greater than 65535 characters.'] }],
    [{ content: 'not a url', content_type: 'links' }, { content: ['The content field must be a valid URL.'] }],
    [{ content: 'example.com/feed', content_type: 'feed' }, { content: ['The content field must be a valid URL.'] }],
    [{ url: 'not a url', content_type: 'feed' }, { url: ['The url field must be a valid URL.'] }],
    [{ url: 'ftp://example.com/x', content_type: 'links' }, { url: ['The url field must be a valid URL.'] }],
    [{ content: URL_2049, content_type: 'links' }, { content: ['The content field must not be greater than 2048 characters.'] }],
    [{ content: URL_2049, content_type: 'feed' }, { content: ['The content field must not be greater than 2048 characters.'] }],
    [{ content: URL_2049, content_type: 'music', metadata: { title: 'x' } }, { content: ['The content field must not be greater than 2048 characters.'] }],
    [{ content: URL_2049, content_type: 'recipes', metadata: { title: 'x' } }, { content: ['The content field must not be greater than 2048 characters.'] }],
    [{ content: 'x', content_type: 'note', metadata: [] }, { metadata: ['The metadata field must be an object.'] }],
    [{ content: 'x', content_type: 'note', metadata: 'title' }, { metadata: ['The metadata field must be an object.'] }],
    [{ content: 'x', content_type: 'note', metadata: 3 }, { metadata: ['The metadata field must be an object.'] }],
    [{ content: 'x', content_type: 'bogus', metadata: { title: 5 } }, { content_type: ['The selected content type is invalid.'] }],
    [{ content: 'not a url', content_type: 'links', metadata: { title: 5, tags: 'x' } },
      { content: ['The content field must be a valid URL.'], 'metadata.title': ['The metadata.title field must be a string.'],
        'metadata.tags': ['The metadata.tags field must be an array.'] }],
  ])('%j', async (body, errors) => {
    expect422(await commit(t, alice, body), errors)
    expect(itemCount()).toBe(0)
  })

  test('a long URL is fine as text content; null metadata is no metadata; unknown keys are ignored', async () => {
    expect((await commit(t, alice, { content: 'see ' + URL_2049, content_type: 'music' })).status).toBe(201)
    expect((await commit(t, alice, { content: 'x', content_type: 'note', metadata: null })).status).toBe(201)
    expect((await commit(t, alice, { content: 'x', content_type: 'note', metadata: { publication_year: 'no', wishlist: 3 } })).status).toBe(201)
    // Empty strings count as absent (docs/api/conventions.md §2.4), tags included.
    const todo = await commit(t, alice, { content: 'x #mine', content_type: 'todo', metadata: { tags: '  ', title: '', due_at: '' } })
    expect(todo.status).toBe(201)
    expect(todo.body.data).toMatchObject({ title: 'x', tags: ['mine'], due_at: null })
  })

  test('a single URL of exactly 2048 characters is accepted', async () => {
    const url = 'https://example.com/' + 'a'.repeat(2028)
    expect(url.length).toBe(2048)
    const r = await commit(t, alice, { content: url, content_type: 'links', metadata: { title: 'Long' } })
    expect(r.status).toBe(201)
    expect(r.body.data.url).toBe(url)
  })
})

const long = (n: number) => 'x'.repeat(n)

describe('metadata keys (errors keyed metadata.{key})', () => {
  test.each([
    ['music', { publication_year: 'x' }, 'metadata.publication_year', 'The metadata.publication year field must be an integer.'],
    ['music', { publication_year: 1.5 }, 'metadata.publication_year', 'The metadata.publication year field must be an integer.'],
    ['music', { publication_year: 10000 }, 'metadata.publication_year', 'The metadata.publication year field must be between 0 and 9999.'],
    ['books', { publication_year: -1 }, 'metadata.publication_year', 'The metadata.publication year field must be between 0 and 9999.'],
    ['music', { title: 5 }, 'metadata.title', 'The metadata.title field must be a string.'],
    ['music', { title: long(256) }, 'metadata.title', 'The metadata.title field must not be greater than 255 characters.'],
    ['music', { artist: long(256) }, 'metadata.artist', 'The metadata.artist field must not be greater than 255 characters.'],
    ['music', { wishlist: 'yes' }, 'metadata.wishlist', 'The metadata.wishlist field must be true or false.'],
    ['music', { link: 'ftp://example.com/a' }, 'metadata.link', 'The metadata.link field must be a valid URL.'],
    ['music', { link: 'https://' + long(2041) + '.org' }, 'metadata.link', 'The metadata.link field must not be greater than 2048 characters.'],
    ['music', { cover_url: 'not a url' }, 'metadata.cover_url', 'The metadata.cover url field must be a valid URL.'],
    ['music', { description: long(2001) }, 'metadata.description', 'The metadata.description field must not be greater than 2000 characters.'],
    ['books', { author: long(256) }, 'metadata.author', 'The metadata.author field must not be greater than 255 characters.'],
    ['books', { pages: 0 }, 'metadata.pages', 'The metadata.pages field must be at least 1.'],
    ['books', { pages: '12' }, 'metadata.pages', 'The metadata.pages field must be an integer.'],
    ['movies', { category: 'film' }, 'metadata.category', 'The selected metadata.category is invalid.'],
    ['games', { platform: 'sega' }, 'metadata.platform', 'The selected metadata.platform is invalid.'],
    ['games', { developer: long(256) }, 'metadata.developer', 'The metadata.developer field must not be greater than 255 characters.'],
    ['games', { publisher: long(256) }, 'metadata.publisher', 'The metadata.publisher field must not be greater than 255 characters.'],
    ['recipes', { type: 'brunch' }, 'metadata.type', 'The selected metadata.type is invalid.'],
    ['recipes', { time_to_make: 0 }, 'metadata.time_to_make', 'The metadata.time to make field must be at least 1.'],
    ['recipes', { ingredients: long(10001) }, 'metadata.ingredients', 'The metadata.ingredients field must not be greater than 10000 characters.'],
    ['recipes', { ingredients: ['flour'] }, 'metadata.ingredients', 'The metadata.ingredients field must be a string.'],
    ['links', { is_favorite: 1 }, 'metadata.is_favorite', 'The metadata.is favorite field must be true or false.'],
    ['links', { tags: 'read' }, 'metadata.tags', 'The metadata.tags field must be an array.'],
    ['links', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'metadata.tags', 'The metadata.tags field must not have more than 20 items.'],
    ['links', { tags: ['ok', 5] }, 'metadata.tags.1', 'The metadata.tags.1 field must be a string.'],
    ['links', { tags: ['#'] }, 'metadata.tags.0', 'The metadata.tags.0 field must be at least 1 characters.'],
    ['links', { tags: [long(51)] }, 'metadata.tags.0', 'The metadata.tags.0 field must not be greater than 50 characters.'],
    ['feed', { site_url: 'example.com' }, 'metadata.site_url', 'The metadata.site url field must be a valid URL.'],
    ['todo', { priority: 'urgent' }, 'metadata.priority', 'The selected metadata.priority is invalid.'],
    ['todo', { due_at: '2026-02-30' }, 'metadata.due_at', 'The metadata.due at field must be a valid date in the format YYYY-MM-DD.'],
    ['todo', { due_at: 'tomorrow' }, 'metadata.due_at', 'The metadata.due at field must be a valid date in the format YYYY-MM-DD.'],
    ['todo', { due_at: 20260701 }, 'metadata.due_at', 'The metadata.due at field must be a valid date in the format YYYY-MM-DD.'],
    ['todo', { due_at: ['2026-07-01'] }, 'metadata.due_at', 'The metadata.due at field must be a valid date in the format YYYY-MM-DD.'],
    ['todo', { repeat: 'hourly' }, 'metadata.repeat', 'The selected metadata.repeat is invalid.'],
    ['todo', { category: long(256) }, 'metadata.category', 'The metadata.category field must not be greater than 255 characters.'],
    ['todo', { description: long(10001) }, 'metadata.description', 'The metadata.description field must not be greater than 10000 characters.'],
    ['todo', { tags: [{}] }, 'metadata.tags.0', 'The metadata.tags.0 field must be a string.'],
    ['note', { content: long(65536) }, 'metadata.content', 'The metadata.content field must not be greater than 65535 characters.'],
    ['quotes', { quote: long(65536) }, 'metadata.quote', 'The metadata.quote field must not be greater than 65535 characters.'],
    ['quotes', { author: long(256) }, 'metadata.author', 'The metadata.author field must not be greater than 255 characters.'],
    ['quotes', { source: long(501) }, 'metadata.source', 'The metadata.source field must not be greater than 500 characters.'],
    ['plants', { name: long(256) }, 'metadata.name', 'The metadata.name field must not be greater than 255 characters.'],
    ['plants', { location: 'space' }, 'metadata.location', 'The selected metadata.location is invalid.'],
    ['plants', { sunlight: 'dark' }, 'metadata.sunlight', 'The selected metadata.sunlight is invalid.'],
    ['plants', { instructions: long(10001) }, 'metadata.instructions', 'The metadata.instructions field must not be greater than 10000 characters.'],
    ['clipboard', { content: long(65536) }, 'metadata.content', 'The metadata.content field must not be greater than 65535 characters.'],
  ])('%s %j', async (contentType, metadata, key, message) => {
    const content = contentType === 'links' || contentType === 'feed' ? 'https://example.com/x' : 'text'
    expect422(await commit(t, alice, { content, content_type: contentType, metadata }), { [key]: [message] })
  })

  test('limits are inclusive and metadata strings are trimmed', async () => {
    const r = await commit(t, alice, { content: 'x', content_type: 'books', metadata: {
      title: `  ${long(255)}  `, publication_year: 9999, pages: 1, description: long(2000),
    } })
    expect(r.status).toBe(201)
    expect(r.body.data).toMatchObject({ title: long(255), publication_year: 9999, pages: 1 })
    const todo = await commit(t, alice, { content: 'x', content_type: 'todo', metadata: { description: long(2001), tags: Array(20).fill('a') } })
    expect(todo.status).toBe(201)
    expect(todo.body.data.tags).toEqual(['a'])
  })

  test('a todo category loses one leading /', async () => {
    for (const [category, saved] of [['/work', 'work'], ['work', 'work'], ['//work', '/work'], ['/', null]]) {
      const r = await commit(t, alice, { content: 'x', content_type: 'todo', metadata: { category } })
      expect(r.status).toBe(201)
      expect(r.body.data.category).toBe(saved)
    }
  })

  test('several metadata errors are reported together, in the order of the type\'s keys', async () => {
    const r = await commit(t, alice, { content: 'x', content_type: 'games', metadata: {
      wishlist: 'no', publication_year: 'y', platform: 'sega', title: 5,
    } })
    expect422(r, {
      'metadata.title': ['The metadata.title field must be a string.'],
      'metadata.platform': ['The selected metadata.platform is invalid.'],
      'metadata.publication_year': ['The metadata.publication year field must be an integer.'],
      'metadata.wishlist': ['The metadata.wishlist field must be true or false.'],
    })
    expect(Object.keys(r.body.errors)).toEqual(['metadata.title', 'metadata.platform', 'metadata.publication_year', 'metadata.wishlist'])
  })
})
