/**
 * The index of what was written before it existed (migrations/0011_search_index.sql): a database at the schema
 * before the search, holding items, clipboard entries and day notes, is migrated as daybook starts and searched.
 */
import { afterEach, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/lib/db/client'
import { migrate } from '../../src/lib/db/migrate'
import { migrations } from '../../src/lib/db/migrations.generated'
import { createTestApp, type TestApp } from '../helpers/app'
import { newToken } from '../helpers/fixtures'
import { hits, shown } from './helpers'

let app: TestApp | undefined
let dataDir: string | undefined
afterEach(() => {
  app?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

test('items, clipboard texts and day notes from before the search are found once daybook has migrated', async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'daybook-search-rebuild-'))
  const before = openDatabase(join(dataDir, 'daybook.db'))
  const earlier = migrations.filter((m) => m.tag < '0011_search_index')
  expect(earlier.length).toBe(migrations.findIndex((m) => m.tag === '0011_search_index'))
  migrate(before.$client, earlier)
  const sqlite = before.$client
  for (const id of ['u-alice', 'u-bob']) {
    sqlite.run(`INSERT INTO users (id, name, email, email_key, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, 'x', 1, 1)`, [id, id, `${id}@example.com`, `${id}@example.com`])
  }
  const item = (id: string, user: string, library: string, data: string) =>
    sqlite.run(`INSERT INTO library_items (id, user_id, library, data, created_at, updated_at) VALUES (?, ?, ?, ?, 1000, 1000)`, [id, user, library, data])
  item('0190a000-0000-7000-8000-000000000001', 'u-alice', 'books', JSON.stringify({ title: 'Dune', author: 'Frank Herbert', description: null, wishlist: false }))
  item('0190a000-0000-7000-8000-000000000002', 'u-alice', 'links', JSON.stringify({ url: 'https://arrakis.example.com/spice', title: 'Spice', tags: ['desert'] }))
  // A damaged data column does not stop the migration: the item is indexed without text.
  item('0190a000-0000-7000-8000-000000000003', 'u-alice', 'notes', 'not json')
  item('0190a000-0000-7000-8000-000000000004', 'u-bob', 'books', JSON.stringify({ title: 'Dune' }))
  sqlite.run(`INSERT INTO clipboard_entries (user_id, type, content, created_at, updated_at) VALUES ('u-alice', 'text', 'dune quotes', 2000, 2000)`)
  sqlite.run(`INSERT INTO clipboard_entries (user_id, type, content, file_path, created_at, updated_at) VALUES ('u-alice', 'image', '', 'u-alice/clipboard/a.png', 2000, 2000)`)
  sqlite.run(`INSERT INTO check_ins (user_id, date, note, created_at, updated_at) VALUES ('u-alice', '2026-01-02', 'Read **Dune** all day', 3000, 3000)`)
  sqlite.run(`INSERT INTO check_ins (user_id, date, mood, created_at, updated_at) VALUES ('u-alice', '2026-01-03', 3, 3000, 3000)`)
  before.$client.close()

  app = createTestApp({}, dataDir)
  const alice = { token: newToken(app, 'u-alice').token } as Parameters<typeof hits>[1]
  const found = await hits(app, alice, 'dune')
  expect(found.map((h) => `${h.kind} ${h.id} ${shown(h.title)}|${shown(h.snippet)}`)).toEqual([
    'library 0190a000-0000-7000-8000-000000000001 [Dune]|Frank Herbert',
    'clipboard 1 |[dune] quotes',
    'day_note 1 |Read **[Dune]** all day',
  ])
  expect((await hits(app, alice, 'arrakis desert spice')).map((h) => h.id)).toEqual(['0190a000-0000-7000-8000-000000000002'])
  // What is written after the migration is indexed by the triggers, beside what the rebuild indexed.
  const r = await app.request('POST', '/api/v1/clipboard', { token: alice.token, body: { content: 'dune again' } })
  expect(r.status).toBe(200)
  expect((await hits(app, alice, 'dune')).length).toBe(4)
})
