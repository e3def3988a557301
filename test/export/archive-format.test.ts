import { beforeEach, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { centralDirectory, downloadBytes, fetchArchive, insertLibraryItem, PNG, runJob, startExport } from './helpers'

const t = useTestApp()
let alice: TestUser
beforeEach(async () => {
  alice = await createUser(t, { name: 'Alice' })
})

async function uploadImage(user: TestUser) {
  const form = new FormData()
  form.append('image', new Blob([PNG], { type: 'image/png' }), 'dot.png')
  const r = await t.request('POST', '/api/v1/clipboard/image', { token: user.token, body: form })
  expect(r.status).toBe(200)
  return r.body.data
}

describe('archive layout', () => {
  test('only the chosen features; skipped ones listed in the manifest; empty features still get their file', async () => {
    const id = await startExport(t, alice, ['links', 'calendars', 'feeds', 'checkIn', 'notes', 'clipboard', 'friends', 'contacts'])
    await runJob(t)
    const archive = await fetchArchive(t, alice, id)
    expect(archive.names.sort()).toEqual(['activities.csv', 'check_ins.csv', 'clipboard.csv', 'data.json', 'feeds.opml', 'friends.csv', 'links.html', 'manifest.json',
      'sports.csv', 'trackers.csv'])
    const manifest = archive.json('manifest.json')
    expect(manifest.features).toEqual([
      { name: 'links', count: 0, files: ['links.html'] },
      { name: 'feeds', count: 0, files: ['feeds.opml'] },
      { name: 'checkIn', count: 0, files: ['check_ins.csv', 'trackers.csv', 'activities.csv', 'sports.csv'], trackers: 0, activities: 0, sports: 0 },
      { name: 'notes', count: 0, files: [] },
      { name: 'clipboard', count: 0, files: ['clipboard.csv'] },
      { name: 'friends', count: 0, files: ['friends.csv'] },
    ])
    expect(manifest.skipped).toEqual(['calendars', 'contacts'])
    const data = archive.json('data.json')
    expect(data.data).toEqual({ links: [], feeds: [], trackers: [], activities: [], sports: [], checkIn: [], notes: [], clipboard: [], friends: [] })
    // the check-ins' definitions come before them, so a reader of the stream knows them first
    expect(Object.keys(data.data)).toEqual(['links', 'feeds', 'trackers', 'activities', 'sports', 'checkIn', 'notes', 'clipboard', 'friends'])
    expect(archive.text('data.json')).toBe(JSON.stringify(data, null, 2) + '\n')
    expect(archive.text('check_ins.csv')).toBe('Date,Mood,Water,Sports,Sleep,Dreams,Work,Food Quality,Food Amount,Menstruation,Alcohol,Smoking,Social Life,More Sports,Activities,Note\r\n')
    expect(archive.text('trackers.csv')).toBe('ID,Name,Column,Kind,Emoji,Position,Min,Max,Min Label,Max Label,Unit,Decimals,Archived,Shared,Created At,Updated At\r\n')
    expect(archive.text('activities.csv')).toBe('ID,Name,Group,Position,Archived,Created At,Updated At\r\n')
    expect(archive.text('sports.csv')).toBe('ID,Name,Emoji,Position,Archived,Created At,Updated At\r\n')
    expect(archive.text('clipboard.csv')).toBe('ID,Type,Content,File,MIME Type,Size Bytes,Created At\r\n')
    expect(archive.text('friends.csv')).toBe('User ID,Name,Friends Since\r\n')
    expect(archive.text('links.html')).toBe('<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">\n'
      + '<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n<DL><p>\n</DL><p>\n')
    expect(archive.text('feeds.opml')).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0">\n  <head>\n    <title>daybook feeds</title>\n'
      + '  </head>\n  <body>\n  </body>\n</opml>\n')
  })

  test('only skipped features: manifest and data.json with an empty data object', async () => {
    const id = await startExport(t, alice, ['timeTracking', 'financesIncome'])
    await runJob(t)
    const archive = await fetchArchive(t, alice, id)
    expect(archive.names.sort()).toEqual(['data.json', 'manifest.json'])
    expect(archive.json('manifest.json')).toMatchObject({ features: [], skipped: ['timeTracking', 'financesIncome'] })
    expect(archive.text('data.json')).toBe(JSON.stringify({
      format: 'daybook-export', format_version: 1, export_id: id, user_id: alice.id, generated_at: '2026-06-24T10:00:00.000Z', data: {},
    }, null, 2) + '\n')
  })

  test('feeds.opml stays well-formed XML whatever the titles hold: control characters dropped, white space kept', async () => {
    insertLibraryItem(t, alice, 'feeds', { title: 'Tab\there\u0001 & <b>\r\nnext \u0007"q\'', url: 'https://example.com/feed?a=1&b=2', site_url: null })
    const id = await startExport(t, alice, ['feeds'])
    await runJob(t)
    const opml = (await fetchArchive(t, alice, id)).text('feeds.opml')
    const title = 'Tab&#9;here &amp; &lt;b&gt;&#13;&#10;next &quot;q&#39;'
    expect(opml).toContain(`    <outline type="rss" text="${title}" title="${title}" xmlUrl="https://example.com/feed?a=1&amp;b=2"/>\n`)
    expect(opml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/)
  })

  test('text deflated, images stored, every name flagged UTF-8, all under export_{id}/', async () => {
    const entry = await uploadImage(alice)
    insertLibraryItem(t, alice, 'notes', { title: 'Café', content: 'ok' })
    const id = await startExport(t, alice, ['clipboard', 'notes', 'profile'])
    await runJob(t)
    const entries = centralDirectory(await downloadBytes(t, alice, id))
    expect(entries.map((e) => e.name).sort()).toEqual([
      `export_${id}/clipboard.csv`, `export_${id}/clipboard/${entry.id}.png`, `export_${id}/data.json`, `export_${id}/manifest.json`,
      `export_${id}/notes/Café.md`, `export_${id}/profile.json`,
    ])
    for (const e of entries) {
      expect(e.method).toBe(e.name.endsWith('.png') ? 0 : 8)
      expect(e.flags & 0x0800).toBe(0x0800)
    }
  })

  test('many records cross page boundaries in order', async () => {
    const start = Date.UTC(2020, 0, 1)
    const { checkIns } = await import('../../src/features/check-in/schema')
    const rows = Array.from({ length: 1234 }, (_, i) => {
      const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10)
      return { userId: alice.id, date, mood: (i % 5) + 1, createdAt: t.clock.now(), updatedAt: t.clock.now() }
    })
    t.deps.db.insert(checkIns).values(rows.reverse()).run()
    const id = await startExport(t, alice, ['checkIn'])
    await runJob(t)
    const archive = await fetchArchive(t, alice, id)
    const lines = archive.text('check_ins.csv').split('\r\n')
    expect(lines).toHaveLength(1 + 1234 + 1)
    expect(lines[1]).toBe('2020-01-01,1,,,,,,,,,,,,,,')
    expect(lines[1234]).toBe(`${new Date(start + 1233 * 86_400_000).toISOString().slice(0, 10)},4,,,,,,,,,,,,,,`)
    const dates = archive.json('data.json').data.checkIn.map((c: any) => c.date)
    expect(dates).toEqual([...dates].sort())
    expect(new Set(dates).size).toBe(1234)
    expect(archive.json('manifest.json').features).toEqual([{ name: 'checkIn', count: 1234, files: ['check_ins.csv', 'trackers.csv', 'activities.csv', 'sports.csv'], trackers: 0, activities: 0, sports: 0 }])
  })

  test('ZIP64 end records read back by fflate and by Info-ZIP', async () => {
    const image = await uploadImage(alice)
    const id = await startExport(t, alice, ['clipboard', 'profile'])
    await runJob(t, { forceZip64: true })
    const archive = await fetchArchive(t, alice, id)
    expect(archive.names.sort()).toEqual(['clipboard.csv', `clipboard/${image.id}.png`, 'data.json', 'manifest.json', 'profile.json'])
    expect(archive.files[`clipboard/${image.id}.png`]).toEqual(PNG)
    const view = new DataView(archive.bytes.buffer, archive.bytes.byteOffset)
    const eocd = archive.bytes.length - 22
    expect(view.getUint32(eocd, true)).toBe(0x06054b50)
    expect(view.getUint32(eocd + 16, true)).toBe(0xffffffff)
    expect(view.getUint32(eocd - 20, true)).toBe(0x07064b50)
    expect(centralDirectory(archive.bytes)).toHaveLength(5)
    // Info-ZIP is the reference reader; a missing one fails here rather than passing unchecked.
    const unzip = Bun.which('unzip')
    if (!unzip) throw new Error('unzip (Info-ZIP) not found on PATH: this test needs it (apt-get install -y unzip; .ci/run installs it)')
    const file = join(t.dataDir, 'check.zip')
    writeFileSync(file, archive.bytes)
    expect(Bun.spawnSync([unzip, '-t', file]).stdout.toString()).toContain('No errors detected')
  })
})
