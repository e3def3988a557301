/**
 * Every text of every library is found (docs/api/search.md §3): each field a person writes text into — strings,
 * URLs other than cover images, tags — as fields.ts declares them now, so a text field added there without the
 * index's list (migrations/0011_search_index.sql, the search_library_docs view) fails here. Enums, cover image URLs,
 * numbers, dates and the server's read-only fields are not text to search.
 */
import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { LIBRARIES, LIBRARY_FIELDS, type FieldDef, type LibraryName } from '../../src/features/libraries/fields'
import { commitOk } from '../quick-add/helpers'
import { hits } from './helpers'

const t = useTestApp()
let alice: TestUser
beforeEach(async () => {
  alice = await createUser(t)
})

const CONTENT_TYPE: Record<LibraryName, string> = {
  music: 'music', books: 'books', movies: 'movies', games: 'games', recipes: 'recipes', links: 'links', quotes: 'quotes',
  plants: 'plants', feeds: 'feed', todos: 'todo', notes: 'note',
}
/** The field quick add fills from `content` where it is not the title (docs/api/quick-add.md §6.1). */
const FROM_CONTENT: Partial<Record<LibraryName, string>> = { links: 'url', feeds: 'url', quotes: 'quote', plants: 'name', notes: 'content' }

const isText = (key: string, def: FieldDef) =>
  !('readOnly' in def && def.readOnly) && (def.kind === 'string' || def.kind === 'tags' || (def.kind === 'url' && key !== 'cover_url'))

/** A word no other field holds: letters only, so it is one word to both the index and the query. */
const wordFor = (library: string, key: string) => `zq${library}${key.replace(/_/g, '')}`

function valueFor(key: string, def: FieldDef, word: string): unknown {
  if (def.kind === 'url') return `https://${word}.example.com/page`
  if (def.kind === 'tags') return [word]
  return `one ${word} two`
}

describe.each(LIBRARIES)('%s', (library) => {
  test('each text field is found by its words; enums and cover images are not', async () => {
    const fields = Object.entries(LIBRARY_FIELDS[library]) as [string, FieldDef][]
    const metadata: Record<string, unknown> = {}
    const texts: string[] = []
    const notTexts: string[] = []
    for (const [key, def] of fields) {
      if ('readOnly' in def && def.readOnly) continue
      if (isText(key, def)) {
        metadata[key] = valueFor(key, def, wordFor(library, key))
        texts.push(key)
      } else if (def.kind === 'enum') {
        metadata[key] = def.values.at(-1)
        notTexts.push(def.values.at(-1)!)
      } else if (def.kind === 'url') {
        metadata[key] = valueFor(key, def, wordFor(library, key))
        notTexts.push(wordFor(library, key))
      } else if (def.kind === 'integer') {
        metadata[key] = 4242
        notTexts.push('4242')
      } else if (def.kind === 'date') {
        metadata[key] = '2031-07-01'
        notTexts.push('2031')
      }
    }
    const fromContent = FROM_CONTENT[library] ?? 'title'
    const content = metadata[fromContent] as string
    const item = await commitOk(t, alice, { content, content_type: CONTENT_TYPE[library], metadata })
    for (const key of texts) {
      const found = await hits(t, alice, wordFor(library, key))
      expect(found.map((h) => `${h.library} ${h.id}`), `${library}.${key}`).toEqual([`${library} ${item.id}`])
    }
    for (const word of notTexts) expect(await hits(t, alice, word), `${library}: ${word}`).toEqual([])
    expect(texts.length).toBeGreaterThan(0)
  })
})
