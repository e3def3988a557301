/**
 * GET /api/v1/search (docs/api/search.md) through HTTP: what is found and how a hit looks, the errors, every
 * user's own items only, queries that would be FTS5 syntax, the order of a known corpus, and every change to a
 * source (an edit, a deletion, a day's new note, an account's deletion) seen by the next search.
 */
import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { MINUTE } from '../../src/lib/clock'
import { commitOk, expect401 } from '../quick-add/helpers'
import { addClip, addNote, hits, search, shown, writeNote } from './helpers'

const t = useTestApp()
let alice: TestUser
let bob: TestUser
beforeEach(async () => {
  alice = await createUser(t)
  bob = await createUser(t)
})

const ids = (found: any[]) => found.map((h) => h.id)

describe('what a search finds', () => {
  test('library items, clipboard texts and day notes, each with its kind, id, date, link and marked text', async () => {
    const note = await addNote(t, alice, 'Shopping', 'Buy milk and bread')
    t.clock.advance(MINUTE)
    const clip = await addClip(t, alice, 'milk and honey')
    const day = await writeNote(t, alice, '2026-06-20', 'Drank milk')
    await addClip(t, alice, 'nothing to see')
    await commitOk(t, alice, { content: 'Heat', content_type: 'movies' })

    const r = await search(t, alice, 'MILK')
    expect(r.status).toBe(200)
    // Best first: the same word once in each, so the shortest text ranks highest (bm25).
    expect(r.body).toEqual({
      success: true, message: 'Results retrieved successfully.', timestamp: '2026-06-24T10:01:00.000Z',
      data: [
        { kind: 'day_note', library: null, id: day.id, date: '2026-06-20', link: '/check-in?date=2026-06-20',
          title: [], snippet: [{ text: 'Drank ', mark: false }, { text: 'milk', mark: true }] },
        { kind: 'clipboard', library: null, id: clip.id, date: '2026-06-24T10:01:00.000Z', link: `/clipboard#entry-${clip.id}`,
          title: [], snippet: [{ text: 'milk', mark: true }, { text: ' and honey', mark: false }] },
        { kind: 'library', library: 'notes', id: note.id, date: '2026-06-24T10:00:00.000Z', link: `/libraries/notes#item-${note.id}`,
          title: [{ text: 'Shopping', mark: false }], snippet: [{ text: 'Buy ', mark: false }, { text: 'milk', mark: true }, { text: ' and bread', mark: false }] },
      ],
      meta: { pagination: { current_page: 1, last_page: 1, per_page: 50, total: 3, from: 1, to: 3, has_more_pages: false } },
    })
  })

  test('every word must begin a word of the hit, whatever its case and accents; the whole word is marked', async () => {
    await addNote(t, alice, 'Café Müller', 'An ÉCOLE near the Straße')
    await addNote(t, alice, 'Cafeteria', 'lunch')
    expect((await hits(t, alice, 'cafe')).map((h) => shown(h.title)).sort()).toEqual(['[Cafeteria]', '[Café] Müller'])
    // ß is a letter of its own, as in SQLite's tokenizer: "strasse" is not "straße".
    expect(await hits(t, alice, 'CAFÉ ecole STRASSE muller')).toEqual([])
    const [both] = await hits(t, alice, 'CAFÉ ecole straße mull')
    expect(shown(both.title)).toBe('[Café] [Müller]')
    expect(shown(both.snippet)).toBe('An [ÉCOLE] near the [Straße]')
    // A word inside another word is not its beginning.
    expect(await hits(t, alice, 'feteria')).toEqual([])
  })

  test('text is never HTML: tags and entities come back as the text they are', async () => {
    await addClip(t, alice, '<b>milk</b> &amp; <script>alert(1)</script>')
    const [hit] = await hits(t, alice, 'milk')
    expect(hit.snippet).toEqual([{ text: '<b>', mark: false }, { text: 'milk', mark: true }, { text: '</b> &amp; <script>alert(1)</script>', mark: false }])
  })

  test('a long text shows the part around its first marked word, cut between words, with an ellipsis each side', async () => {
    const before = Array.from({ length: 60 }, (_, i) => `before${i}`).join(' ')
    const after = Array.from({ length: 60 }, (_, i) => `after${i}`).join('\n')
    await addClip(t, alice, `${before} the needle here ${after}`)
    const [hit] = await hits(t, alice, 'needle')
    const text = shown(hit.snippet)
    expect(text.startsWith('…before')).toBe(true)
    expect(text.endsWith('…')).toBe(true)
    expect(text).toContain(' the [needle] here after0 after1 ')
    expect(text.length).toBeLessThanOrEqual(200 + 2 + 2)
    expect(text).not.toContain('\n')
    expect(text).toMatch(/^…(before\d+ )+the \[needle\] here( after\d+)+…$/)
  })

  test('pages: per_page and page as in every list; a page past the end is empty with the total', async () => {
    for (let i = 0; i < 5; i++) {
      await addClip(t, alice, `milk ${i}`)
      t.clock.advance(MINUTE)
    }
    const first = await search(t, alice, 'milk', '&per_page=2')
    expect(first.body.data.map((h: any) => shown(h.snippet))).toEqual(['[milk] 4', '[milk] 3'])
    expect(first.body.meta.pagination).toEqual({ current_page: 1, last_page: 3, per_page: 2, total: 5, from: 1, to: 2, has_more_pages: true })
    const last = await search(t, alice, 'milk', '&per_page=2&page=3')
    expect(last.body.data.map((h: any) => shown(h.snippet))).toEqual(['[milk] 0'])
    const past = await search(t, alice, 'milk', '&per_page=2&page=9')
    expect(past.body.data).toEqual([])
    expect(past.body.meta.pagination).toEqual({ current_page: 9, last_page: 3, per_page: 2, total: 5, from: null, to: null, has_more_pages: false })
  })
})

describe('errors', () => {
  test('401 without a token or with a wrong one', async () => {
    expect401(await search(t, null, 'milk'))
    expect401(await t.request('GET', '/api/v1/search?q=milk', { token: '1|nonsense' }))
  })

  test('422 when q is missing, empty or white space, and for a page or per_page out of range', async () => {
    for (const query of ['', 'q=', 'q=%20%20%09', 'page=1']) {
      const r = await t.request('GET', `/api/v1/search?${query}`, { token: alice.token })
      expect(r.status).toBe(422)
      expect(r.body).toMatchObject({ code: 'validation_failed', message: 'The given data was invalid.', errors: { q: ['The q field is required.'] } })
    }
    const r = await search(t, alice, 'milk', '&per_page=101&page=0')
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({ page: ['The page field must be at least 1.'], per_page: ['The per page field must be between 1 and 100.'] })
  })
})

describe('hostile queries are words, never syntax', () => {
  beforeEach(async () => {
    await addNote(t, alice, 'Errand', 'Bread and milk near the door')
    await addClip(t, alice, 'title: milk')
    await writeNote(t, alice, '2026-06-20', 'Tokyo: 東京タワー')
  })
  /** Each hit as "title|snippet", marks in brackets. */
  const texts = async (q: string) => (await hits(t, alice, q)).map((h) => `${shown(h.title)}|${shown(h.snippet)}`).sort()

  test.each([
    ['"milk"', ['Errand|Bread and [milk] near the door', '|title: [milk]']],
    ['milk*', ['Errand|Bread and [milk] near the door', '|title: [milk]']],
    ['-milk', ['Errand|Bread and [milk] near the door', '|title: [milk]']],
    ['milk -bread', ['Errand|[Bread] and [milk] near the door']],
    ['milk AND bread', ['Errand|[Bread] [and] [milk] near the door']],
    ['milk OR honey', []],
    ['NEAR(milk bread)', ['Errand|[Bread] and [milk] [near] the door']],
    ['NEAR', ['Errand|Bread and milk [near] the door']],
    ['title:milk', ['|[title]: [milk]']],
    ['{title body}: milk', []],
    ['^milk', ['Errand|Bread and [milk] near the door', '|title: [milk]']],
    ['"unbalanced milk', []],
    ['milk\u0000bread', ['Errand|[Bread] and [milk] near the door']],
    ['東京', ['|Tokyo: [東京タワー]']],
    ["'; DROP TABLE search_docs; --", []],
  ])('%p', async (q, expected) => {
    expect(await texts(q)).toEqual(expected)
  })

  test.each(['"', '*', '-', ':', '()', '""', '* - : ^ ( ) { } " \'', '\\', '%', '_'])('%p alone: no words, nothing found, no error', async (q) => {
    const r = await search(t, alice, q)
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual([])
    expect(r.body.meta.pagination.total).toBe(0)
  })

  test('10 KB of text: the first 16 words count, the rest is left out, and nothing fails', async () => {
    const sixteen = Array.from({ length: 16 }, (_, i) => `word${String.fromCharCode(97 + i)}`)
    const entry = await addClip(t, alice, sixteen.join(' '))
    const tail = Array.from({ length: 2000 }, (_, i) => `other${i}`).join(' ')
    const q = `${sixteen.join(' ')} ${tail}`
    expect(q.length).toBeGreaterThan(10 * 1024)
    expect(ids(await hits(t, alice, q))).toEqual([entry.id])
    // Without the cap, the seventeenth word (in no text) would find nothing.
    expect(await hits(t, alice, `${sixteen.slice(0, 15).join(' ')} other0 ${sixteen[15]}`)).toEqual([])
    for (const junk of ['x'.repeat(10 * 1024), '"*'.repeat(5 * 1024), 'NEAR('.repeat(2048)]) expect((await search(t, alice, junk)).status).toBe(200)
  })

  test('the index is intact after them all', async () => {
    await hits(t, alice, "'; DROP TABLE search_docs; --")
    expect((await hits(t, alice, 'milk')).length).toBe(2)
  })
})

describe('another user\'s items are never found', () => {
  test('each person finds only their own, whatever the other holds', async () => {
    const mine = [
      `library ${(await addNote(t, alice, 'Milk', 'alice')).id}`,
      `clipboard ${(await addClip(t, alice, 'milk for alice')).id}`,
      `day_note ${(await writeNote(t, alice, '2026-06-20', 'milk')).id}`,
    ]
    for (let i = 0; i < 30; i++) await addClip(t, bob, `milk for bob ${i}`)
    await addNote(t, bob, 'Milk', 'bob')
    await writeNote(t, bob, '2026-06-20', 'milk')

    const found = await search(t, alice, 'milk')
    expect(found.body.meta.pagination.total).toBe(3)
    expect(found.body.data.map((h: any) => `${h.kind} ${h.id}`).sort()).toEqual(mine.sort())
    expect((await search(t, bob, 'milk', '&per_page=100')).body.meta.pagination.total).toBe(32)
    expect(await hits(t, alice, 'bob')).toEqual([])
    expect(await hits(t, await createUser(t), 'milk')).toEqual([])
  })
})

describe('the order of a known corpus', () => {
  test('a name before a text, more of the word before less, a short text before a long one, then the newest', async () => {
    const book = await commitOk(t, alice, { content: 'Dune', content_type: 'books', metadata: { title: 'Dune', author: 'Frank Herbert' } })
    const dense = await addNote(t, alice, 'Reading list', 'dune dune dune')
    const long = await addClip(t, alice, 'I finally watched the film of dune with friends last night and it was a long one')
    const longer = await writeNote(t, alice, '2026-06-20', 'A long day at work, then a walk by the sea in the evening wind, and in the end some dune before sleep')
    const older = await addClip(t, alice, 'dune again')
    t.clock.advance(MINUTE)
    const newer = await addClip(t, alice, 'dune again')
    expect(ids(await hits(t, alice, 'dune'))).toEqual([book.id, dense.id, newer.id, older.id, long.id, longer.id])
  })
})

describe('changes are found at once', () => {
  test('an edited item is found by its new words and not by its old ones; a deleted one is gone', async () => {
    const item = await addNote(t, alice, 'Groceries', 'milk')
    const patched = await t.request('PATCH', `/api/v1/libraries/notes/${item.id}`, { token: alice.token, body: { title: 'Hardware', content: 'nails' } })
    expect(patched.status).toBe(200)
    expect(await hits(t, alice, 'groceries')).toEqual([])
    expect(await hits(t, alice, 'milk')).toEqual([])
    expect(ids(await hits(t, alice, 'hardware nails'))).toEqual([item.id])
    expect((await t.request('DELETE', `/api/v1/libraries/notes/${item.id}`, { token: alice.token })).status).toBe(200)
    expect(await hits(t, alice, 'hardware')).toEqual([])
  })

  test('a deleted clipboard entry is gone', async () => {
    const clip = await addClip(t, alice, 'milk')
    expect((await t.request('DELETE', `/api/v1/clipboard/${clip.id}`, { token: alice.token })).status).toBe(200)
    expect(await hits(t, alice, 'milk')).toEqual([])
  })

  test('a day\'s note: a new one replaces the old words, a post without it keeps it, null removes it', async () => {
    const day = await writeNote(t, alice, '2026-06-20', 'rainy morning')
    await writeNote(t, alice, '2026-06-20', 'sunny evening')
    expect(await hits(t, alice, 'rainy')).toEqual([])
    expect(ids(await hits(t, alice, 'sunny'))).toEqual([day.id])
    await t.request('POST', '/api/v1/check-in', { token: alice.token, body: { date: '2026-06-20', mood: 4 } })
    expect(ids(await hits(t, alice, 'sunny'))).toEqual([day.id])
    await writeNote(t, alice, '2026-06-20', null)
    expect(await hits(t, alice, 'sunny')).toEqual([])
  })

  test('a deleted account leaves nothing in the index; others keep theirs', async () => {
    const admin = await createUser(t, { role: 'admin' })
    await addNote(t, bob, 'Zanzibar', 'bob')
    await addClip(t, bob, 'zanzibar')
    await writeNote(t, bob, '2026-06-20', 'zanzibar')
    await addClip(t, alice, 'zanzibar')
    expect((await t.request('DELETE', `/api/v1/users/${bob.id}`, { token: admin.token })).status).toBe(200)
    const sqlite = t.deps.db.$client
    expect(sqlite.query('SELECT count(*) AS n FROM search_docs WHERE user_id = ?').get(bob.id)).toEqual({ n: 0 })
    // The FTS5 index itself forgot the words (its rows follow search_docs by trigger).
    expect(sqlite.query(`SELECT count(*) AS n FROM search_fts WHERE search_fts MATCH 'zanzibar'`).get()).toEqual({ n: 1 })
    expect((await hits(t, alice, 'zanzibar')).length).toBe(1)
  })
})
