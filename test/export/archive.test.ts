import { beforeEach, describe, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { T0 } from '../helpers/app'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { HOUR } from '../../src/lib/clock'
import { VERSION } from '../../src/version'
import { befriend, exportStatus, fetchArchive, insertLibraryItem, parseCsv, PNG, runJob, startExport } from './helpers'

const t = useTestApp()
let alice: TestUser
let bob: TestUser
beforeEach(async () => {
  alice = await createUser(t, { name: 'Alice', timezone: 'Pacific/Auckland' })
  bob = await createUser(t, { name: 'bob' })
})

async function checkIn(body: Record<string, unknown>) {
  const r = await t.request('POST', '/api/v1/check-in', { token: alice.token, body })
  expect(r.status).toBe(201)
}

async function clipText(content: string): Promise<number> {
  const r = await t.request('POST', '/api/v1/clipboard', { token: alice.token, body: { content } })
  expect(r.status).toBe(200)
  return r.body.data.id
}

async function clipImage(): Promise<any> {
  const form = new FormData()
  form.append('image', new Blob([PNG], { type: 'image/png' }), 'dot.png')
  const r = await t.request('POST', '/api/v1/clipboard/image', { token: alice.token, body: form })
  expect(r.status).toBe(200)
  return r.body.data
}

async function apiList(path: string): Promise<any[]> {
  const r = await t.request('GET', path, { token: alice.token })
  expect(r.status).toBe(200)
  return r.body.data
}

describe('a full export', () => {
  test('every file of §10 holds the user\'s records', async () => {
    await checkIn({ date: '2026-06-20', mood: 4, water: 3, sports: 2, sleep: 5, food_quality: 1, social_life: 2 })
    await checkIn({ date: '2025-01-02', mood: 1 })
    await checkIn({ date: '2026-06-21' })
    const bobCheckIn = await t.request('POST', '/api/v1/check-in', { token: bob.token, body: { date: '2026-06-20', mood: 2 } })
    expect(bobCheckIn.status).toBe(201)

    const plain = await clipText('plain')
    t.clock.advance(1000)
    const tricky = await clipText('a, "quoted"\r\nsecond line')
    t.clock.advance(1000)
    const image = await clipImage()
    t.clock.advance(1000)
    const lost = await clipImage()
    rmSync(join(t.dataDir, 'files/user', lost.file_path))

    insertLibraryItem(t, alice, 'todos', { title: 'Pay rent', priority: 'high', due_at: '2026-07-01', repeat: 'monthly', tags: ['home', 'money'], category: 'finance', is_completed: true, completed_at: T0 + HOUR })
    // Items of one library get distinct times: ids of the same millisecond do not sort in creation order.
    const now = t.clock.now()
    insertLibraryItem(t, alice, 'notes', { title: 'Plan: a/b?', content: '# Plan\n- one' }, now)
    insertLibraryItem(t, alice, 'notes', { title: 'plan- a-b-', content: 'same name ignoring case' }, now + 1)
    insertLibraryItem(t, alice, 'notes', { title: ' ..Ünïcode ✓.. ', content: '' }, now + 2)
    insertLibraryItem(t, alice, 'links', { url: 'https://example.com/a?x=1&y=2', title: 'Example <A>', description: 'Read "this"', tags: ['read', 'later'] }, now)
    insertLibraryItem(t, alice, 'links', { url: 'https://example.org/', title: 'Plain', tags: [] }, now + 1)
    insertLibraryItem(t, alice, 'music', { title: 'Discovery', artist: 'Daft Punk', publication_year: 2001, wishlist: true })
    insertLibraryItem(t, alice, 'books', { title: 'Dune', author: 'Frank Herbert', pages: 412, publication_year: 1965, wishlist: true }, Date.parse('2026-06-24T12:30:00.000Z'))
    insertLibraryItem(t, alice, 'books', { title: 'Emma', wishlist: false })
    insertLibraryItem(t, alice, 'movies', { title: 'The Matrix', category: 'movie', publication_year: 1999 })
    insertLibraryItem(t, alice, 'games', { title: 'Hades', platform: 'pc', developer: 'Supergiant', publisher: 'Supergiant' })
    insertLibraryItem(t, alice, 'recipes', { title: 'Pancakes', type: 'breakfast', time_to_make: 20, ingredients: 'flour\nmilk\neggs' })
    insertLibraryItem(t, alice, 'quotes', { quote: 'Stay hungry, stay foolish.', author: 'Steve Jobs' })
    insertLibraryItem(t, alice, 'plants', { name: 'Monstera', latin_name: 'Monstera deliciosa', location: 'indoor', sunlight: 'indirect' })
    insertLibraryItem(t, alice, 'feeds', { title: 'Example & Co', url: 'https://example.com/feed.xml', site_url: 'https://example.com/' })
    insertLibraryItem(t, alice, 'feeds', { title: 'No site', url: 'https://example.net/rss' }, now + 1)
    insertLibraryItem(t, bob, 'music', { title: 'Not Alice\'s' })

    const carol = await createUser(t, { name: 'Carol' })
    t.clock.advance(1000)
    await befriend(t, alice, carol)
    t.clock.advance(1000)
    await befriend(t, bob, alice)

    const requestedAt = t.clock.now()
    const id = await startExport(t, alice)
    t.clock.advance(2000)
    expect((await runJob(t)).status).toBe('completed')
    const status = await exportStatus(t, alice)
    const archive = await fetchArchive(t, alice, id)
    expect(status).toEqual({
      id, status: 'completed', features: expect.any(Array), created_at: new Date(requestedAt).toISOString(),
      started_at: new Date(requestedAt + 2000).toISOString(), completed_at: new Date(requestedAt + 2000).toISOString(),
      expires_at: new Date(requestedAt + 2000 + 48 * HOUR).toISOString(), is_expired: false, size_bytes: archive.bytes.length, error: null,
    })

    expect(archive.names.sort()).toEqual([
      'activities.csv', 'books.csv', 'check_ins.csv', `clipboard/${image.id}.png`, 'clipboard.csv', 'data.json', 'feeds.opml', 'friends.csv', 'games.csv',
      'links.html', 'manifest.json', 'movies.csv', 'music.csv', 'notes/Plan- a-b-.md', 'notes/plan- a-b- (1).md', 'notes/Ünïcode ✓.md',
      'plants.csv', 'profile.json', 'quotes.csv', 'recipes.csv', 'sports.csv', 'todos.csv', 'trackers.csv',
    ].sort())

    // manifest.json
    expect(archive.json('manifest.json')).toEqual({
      format: 'daybook-export', format_version: 1, app: 'daybook', app_version: VERSION, export_id: id, user_id: alice.id,
      requested_at: new Date(requestedAt).toISOString(), generated_at: new Date(requestedAt + 2000).toISOString(),
      features: [
        { name: 'checkIn', count: 3, files: ['check_ins.csv', 'trackers.csv', 'activities.csv', 'sports.csv'], trackers: 0, activities: 0, sports: 0 },
        { name: 'clipboard', count: 4, files: ['clipboard.csv', 'clipboard/'] },
        { name: 'todos', count: 1, files: ['todos.csv'] },
        { name: 'notes', count: 3, files: ['notes/'] },
        { name: 'links', count: 2, files: ['links.html'] },
        { name: 'music', count: 1, files: ['music.csv'] },
        { name: 'books', count: 2, files: ['books.csv'] },
        { name: 'movies', count: 1, files: ['movies.csv'] },
        { name: 'games', count: 1, files: ['games.csv'] },
        { name: 'recipes', count: 1, files: ['recipes.csv'] },
        { name: 'quotes', count: 1, files: ['quotes.csv'] },
        { name: 'plants', count: 1, files: ['plants.csv'] },
        { name: 'feeds', count: 2, files: ['feeds.opml'] },
        { name: 'friends', count: 2, files: ['friends.csv'] },
        { name: 'profile', count: 1, files: ['profile.json'] },
      ],
      skipped: [],
      readme: [expect.stringContaining('drop one leading \' from every cell')],
    })

    // data.json: the records in their API shapes, in export order, indented like JSON.stringify(…, null, 2)
    const dataText = archive.text('data.json')
    const data = JSON.parse(dataText)
    expect(dataText).toBe(JSON.stringify(data, null, 2) + '\n')
    expect(Object.keys(data)).toEqual(['format', 'format_version', 'export_id', 'user_id', 'generated_at', 'data'])
    expect(data).toMatchObject({ format: 'daybook-export', format_version: 1, export_id: id, user_id: alice.id })
    expect(Object.keys(data.data)).toEqual(['trackers', 'activities', 'sports', ...status.features])
    const checkIns = await apiList('/api/v1/check-in')
    expect(data.data.checkIn).toEqual([...checkIns].sort((a, b) => a.date.localeCompare(b.date)))
    const clips = [...await apiList('/api/v1/clipboard')].reverse()
    expect(data.data.clipboard).toEqual(clips.map((c) => ({ ...c, export_file: c.id === image.id ? `clipboard/${image.id}.png` : null })))
    for (const library of ['todos', 'notes', 'links', 'music', 'books', 'movies', 'games', 'recipes', 'quotes', 'plants', 'feeds']) {
      const items = [...await apiList(`/api/v1/libraries/${library}`)].reverse()
      expect(data.data[library]).toEqual(items)
    }
    expect(data.data.friends).toEqual(await apiList('/api/v1/friends'))
    const me = (await t.request('GET', '/api/v1/users/me', { token: alice.token })).body.data
    const profile = {
      ...me,
      check_in_settings: { enabled_trackers: ['mood', 'sports', 'water', 'sleep', 'dreams', 'work', 'food_quality', 'food_amount'], selected_sports: ['dumbbell', 'bike', 'mountain', 'footprints', 'waves_ladder'] },
    }
    expect(data.data.profile).toEqual(profile)
    expect(archive.json('profile.json')).toEqual(profile)
    expect(archive.text('profile.json')).toBe(JSON.stringify(profile, null, 2) + '\n')

    // CSV files
    expect(archive.text('check_ins.csv')).toBe(
      'Date,Mood,Water,Sports,Sleep,Dreams,Work,Food Quality,Food Amount,Menstruation,Alcohol,Smoking,Social Life,More Sports,Activities,Note\r\n'
      + '2025-01-02,1,,,,,,,,,,,,,,\r\n'
      + '2026-06-20,4,3,2,5,,,1,,,,,2,,,\r\n'
      + '2026-06-21,,,,,,,,,,,,,,,\r\n')
    expect(archive.text('clipboard.csv')).toBe(
      'ID,Type,Content,File,MIME Type,Size Bytes,Created At\r\n'
      + `${plain},text,plain,,,,2026-06-24T10:00:00.000Z\r\n`
      + `${tricky},text,"a, ""quoted""\r\nsecond line",,,,2026-06-24T10:00:01.000Z\r\n`
      + `${image.id},image,,clipboard/${image.id}.png,image/png,${PNG.length},2026-06-24T10:00:02.000Z\r\n`
      + `${lost.id},image,,,image/png,${PNG.length},2026-06-24T10:00:03.000Z\r\n`)
    expect(archive.files[`clipboard/${image.id}.png`]).toEqual(PNG)
    expect(parseCsv(archive.text('todos.csv'))).toEqual([
      ['Title', 'Description', 'Priority', 'Due Date', 'Completed At', 'Is Completed', 'Category', 'Tags', 'Recurrence Frequency', 'Link', 'Created At'],
      ['Pay rent', '', 'high', '2026-07-01', '2026-06-24T11:00:00.000Z', 'Yes', 'finance', 'home, money', 'monthly', '', '2026-06-24T10:00:03.000Z'],
    ])
    const created = '2026-06-24T10:00:03.000Z'
    expect(parseCsv(archive.text('music.csv'))).toEqual([
      ['Title', 'Artist', 'Publication Year', 'Wishlist', 'Link', 'Cover URL', 'Description', 'Created At'],
      ['Discovery', 'Daft Punk', '2001', 'Yes', '', '', '', created],
    ])
    // Date Added is the creation day in the user's timezone (Auckland is 12 hours ahead in June).
    expect(parseCsv(archive.text('books.csv'))).toEqual([
      ['Title', 'Author', 'Number of Pages', 'Year Published', 'Date Added', 'Exclusive Shelf', 'Link', 'Cover URL', 'Description'],
      ['Emma', '', '', '', '2026/06/24', 'read', '', '', ''],
      ['Dune', 'Frank Herbert', '412', '1965', '2026/06/25', 'to-read', '', '', ''],
    ])
    expect(parseCsv(archive.text('movies.csv'))).toEqual([
      ['Title', 'Category', 'Publication Year', 'Wishlist', 'Link', 'Cover URL', 'Description', 'Created At'],
      ['The Matrix', 'movie', '1999', 'No', '', '', '', created],
    ])
    expect(parseCsv(archive.text('games.csv'))).toEqual([
      ['Title', 'Platform', 'Developer', 'Publisher', 'Publication Year', 'Wishlist', 'Link', 'Cover URL', 'Description', 'Created At'],
      ['Hades', 'pc', 'Supergiant', 'Supergiant', '', 'No', '', '', '', created],
    ])
    expect(archive.text('recipes.csv')).toBe('Title,Description,Ingredients,Type,Time To Make,Link,Cover URL,Created At\r\n'
      + `Pancakes,,"flour\nmilk\neggs",breakfast,20,,,${created}\r\n`)
    expect(archive.text('quotes.csv')).toBe(`Quote,Author,Source,Created At\r\n"Stay hungry, stay foolish.",Steve Jobs,,${created}\r\n`)
    expect(parseCsv(archive.text('plants.csv'))).toEqual([
      ['Name', 'Latin Name', 'Location', 'Sunlight', 'Instructions', 'Link', 'Cover URL', 'Created At'],
      ['Monstera', 'Monstera deliciosa', 'indoor', 'indirect', '', '', '', created],
    ])
    // friends by name, case-insensitive: bob before Carol
    expect(archive.text('friends.csv')).toBe('User ID,Name,Friends Since\r\n'
      + `${bob.id},bob,2026-06-24T10:00:05.000Z\r\n`
      + `${carol.id},Carol,2026-06-24T10:00:04.000Z\r\n`)

    // notes, links, feeds
    expect(archive.text('notes/Plan- a-b-.md')).toBe('# Plan\n- one')
    expect(archive.text('notes/plan- a-b- (1).md')).toBe('same name ignoring case')
    expect(archive.text('notes/Ünïcode ✓.md')).toBe('')
    const addDate = Math.floor(Date.parse(created) / 1000)
    expect(archive.text('links.html')).toBe([
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
      '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
      '<TITLE>Bookmarks</TITLE>',
      '<H1>Bookmarks</H1>',
      '<DL><p>',
      `    <DT><A HREF="https://example.com/a?x=1&amp;y=2" ADD_DATE="${addDate}" TAGS="read,later">Example &lt;A&gt;</A>`,
      '    <DD>Read &quot;this&quot;',
      `    <DT><A HREF="https://example.org/" ADD_DATE="${addDate}">Plain</A>`,
      '</DL><p>',
      '',
    ].join('\n'))
    expect(archive.text('feeds.opml')).toBe([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<opml version="2.0">',
      '  <head>',
      '    <title>daybook feeds</title>',
      '  </head>',
      '  <body>',
      '    <outline type="rss" text="Example &amp; Co" title="Example &amp; Co" xmlUrl="https://example.com/feed.xml" htmlUrl="https://example.com/"/>',
      '    <outline type="rss" text="No site" title="No site" xmlUrl="https://example.net/rss"/>',
      '  </body>',
      '</opml>',
      '',
    ].join('\n'))
  })
})
