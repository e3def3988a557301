/**
 * What the item edit form sends (src/web/pages/libraries/edit-fields.ts): only the fields that changed, an emptied
 * optional field as null (which clears it), numbers as numbers unless they are not whole numbers (then as typed, for
 * the API's message), and tags as a list.
 */
import { describe, expect, test } from 'bun:test'
import { changedFields, draftOf, emptiedRequired } from '../../src/web/pages/libraries/edit-fields'
import type { LibraryItem } from '../../src/web/pages/libraries/item'

const book = {
  id: '019ef912-8100-7ef0-9049-04d309810ff7', library: 'books', title: 'Dune', author: 'Frank Herbert', pages: null, publication_year: 1965,
  wishlist: false, link: null, cover_url: null, description: null, created_at: '2026-06-24T10:00:00.000Z', updated_at: '2026-06-24T10:00:00.000Z',
} as unknown as LibraryItem

const link = { ...book, library: 'links', url: 'https://example.com/', title: 'Example', tags: ['a', 'b'], is_favorite: false } as unknown as LibraryItem

describe('the edit form\'s changes', () => {
  test('an untouched form sends nothing', () => {
    expect(changedFields(book, draftOf(book))).toEqual({})
    expect(changedFields(link, draftOf(link))).toEqual({})
  })

  test('only the changed fields, with the API\'s types', () => {
    const draft = { ...draftOf(book), title: 'Dune Messiah', publication_year: ' 1969 ', wishlist: true }
    expect(changedFields(book, draft)).toEqual({ title: 'Dune Messiah', publication_year: 1969, wishlist: true })
  })

  test('an emptied optional field is null, which clears it; an emptied required one is said to be required', () => {
    const draft = { ...draftOf(book), author: '  ', title: '' }
    expect(changedFields(book, draft)).toEqual({ author: null, title: '' })
    expect(emptiedRequired(book, draft)).toEqual(['title'])
    expect(emptiedRequired(book, draftOf(book))).toEqual([])
  })

  test('a number that is not a whole number goes as typed, for the API to refuse at its field', () => {
    expect(changedFields(book, { ...draftOf(book), pages: '12a' })).toEqual({ pages: '12a' })
    expect(changedFields(book, { ...draftOf(book), pages: '1.5' })).toEqual({ pages: '1.5' })
  })

  test('tags are typed as one text and sent as a list; the same tags in other spacing are no change', () => {
    expect(draftOf(link).tags).toBe('a, b')
    expect(changedFields(link, { ...draftOf(link), tags: 'a,b ,' })).toEqual({})
    expect(changedFields(link, { ...draftOf(link), tags: 'a, b, #c' })).toEqual({ tags: ['a', 'b', '#c'] })
    expect(changedFields(link, { ...draftOf(link), tags: '' })).toEqual({ tags: [] })
  })
})
