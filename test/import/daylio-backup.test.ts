/**
 * Daylio's backup, the `.daylio` ZIP (docs/api/import.md §6): mood groups and custom names, tags with their groups,
 * several entries a day, 0-based months; entries that cannot be read refused by number; hostile ZIPs refused before
 * anything is written. Every backup here is built by the test from the format's description.
 */
import { beforeEach, expect, test } from 'bun:test'
import { strToU8, zipSync } from 'fflate'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { runNextImportJob } from '../../src/features/import/run-job'
import { daysByDate, dryRun, get, importForeign, postForeign } from './foreign-helpers'

const t = useTestApp()
let alice: TestUser
let bob: TestUser

beforeEach(async () => {
  alice = await createUser(t)
  bob = await createUser(t)
})

const entry = (year: number, month: number, day: number, hour: number, minute: number, mood: number, tags: number[], note = '', note_title = '') =>
  ({ datetime: Date.UTC(year, month, day, hour, minute), year, month, day, hour, minute, timeZoneOffset: 3600000, mood, tags, note, note_title })

const doc = {
  version: 15,
  customMoods: [
    { id: 1, custom_name: '', mood_group_id: 1, predefined_name_id: 1 },
    { id: 2, custom_name: '', mood_group_id: 2, predefined_name_id: 2 },
    { id: 3, custom_name: 'Fine', mood_group_id: 3, predefined_name_id: -1 },
    { id: 4, custom_name: 'Blah', mood_group_id: 3, predefined_name_id: -1 },
    { id: 5, custom_name: '', mood_group_id: 5, predefined_name_id: 5 },
  ],
  tag_groups: [{ id: 1, name: 'People' }],
  tags: [{ id: 10, name: 'family', id_tag_group: 1 }, { id: 11, name: 'reading', id_tag_group: 0 }],
  dayEntries: [
    // month 0 is January; of 2024-01-02's two entries the later (21:00) gives the mood
    entry(2024, 0, 2, 21, 0, 3, [10], 'late &amp; tired'),
    entry(2024, 0, 2, 7, 30, 1, [11], 'early<br>start', 'Morning'),
    entry(2024, 0, 1, 12, 0, 4, []),
    entry(2024, 0, 31, 12, 0, 5, [10, 11]),
    entry(2024, 1, 30, 12, 0, 2, []),
    entry(2024, 2, 1, 12, 0, 99, []),
  ],
}

const backup = (value: unknown, extra: Record<string, Uint8Array> = {}) =>
  zipSync({ 'backup.daylio': strToU8(Buffer.from(JSON.stringify(value)).toString('base64')), ...extra })

test('a backup: mood groups give the values, custom names kept, entries merged, bad entries refused by number', async () => {
  const found = await dryRun(t, alice, backup(doc), 'daylio-backup')
  expect(found).toMatchObject({ rows: 6, days: 3, date_range: { from: '2024-01-01', to: '2024-01-31' }, refused_rows: 2 })
  expect(found.moods.map((m: any) => [m.name, m.value])).toEqual([['Fine', 3], ['rad', 5], ['Blah', 3], ['awful', 1]])
  expect(found.activities.map((a: any) => [a.name, a.group])).toEqual([['family', 'People'], ['reading', null]])
  expect(found.refused).toEqual([
    { line: 5, why: 'the date 2024-2-30 (month 1 counted from 0) is not a day of the calendar from 1970 on' },
    { line: 6, why: 'its mood 99 is none of the backup\'s moods' },
  ])
  const job = await importForeign(t, alice, backup(doc), 'daylio-backup')
  expect(job.counts.checkIn).toMatchObject({ imported: 3, refused: 2 })
  const days = await daysByDate(t, alice)
  expect(days['2024-01-02']).toEqual({ mood: 3, activities: ['family', 'reading'], values: {}, note: 'Morning\n\nearly\nstart\n\nlate & tired' })
  expect(days['2024-01-01'].mood).toBe(3)
  expect(days['2024-01-31'].mood).toBe(1)
  expect((await get(t, alice, '/api/v1/activities')).map((a: any) => [a.name, a.group])).toEqual([['family', 'People'], ['reading', null]])
  const again = await importForeign(t, alice, backup(doc), 'daylio-backup')
  expect(again.counts.checkIn).toMatchObject({ imported: 0, skipped: 3 })
  expect(await get(t, bob, '/api/v1/check-in')).toEqual([])
})

test('a mapping overrides a mood group', async () => {
  await importForeign(t, alice, backup(doc), 'daylio-backup', { moods: { Blah: 2 } })
  expect((await daysByDate(t, alice))['2024-01-01'].mood).toBe(2)
  expect((await daysByDate(t, alice))['2024-01-02'].mood).toBe(3)
})

/** Sets the uncompressed size of every entry, in its local header and in the central directory, to `size`. */
function lieAboutSizes(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice()
  const view = new DataView(out.buffer)
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = view.getUint32(i, true)
    if (sig === 0x04034b50) view.setUint32(i + 22, size, true)
    if (sig === 0x02014b50) view.setUint32(i + 24, size, true)
  }
  return out
}

test.each([
  ['not a ZIP', () => strToU8('hello'), 'The file is not a ZIP archive.'],
  ['no backup.daylio', () => zipSync({ 'other.json': strToU8('{}') }), 'The file is not a Daylio backup: it has no backup.daylio.'],
  ['an entry climbing out', () => zipSync({ '../backup.daylio': strToU8('e30=') }), 'The archive holds an entry with an unsafe name: "../backup.daylio".'],
  ['an absolute path', () => zipSync({ '/etc/backup.daylio': strToU8('e30=') }), 'The archive holds an entry with an unsafe name'],
  ['a bomb: backup.daylio larger than its cap', () => zipSync({ 'backup.daylio': new Uint8Array(65 * 1024 * 1024) }), 'The archive entry "backup.daylio" is larger than its limit of 64 MiB.'],
  ['an asset larger than an image may be', () => backup(doc, { 'assets/photos/a.jpg': new Uint8Array(6 * 1024 * 1024) }), 'The archive entry "assets/photos/a.jpg" is larger than its limit of 5 MiB.'],
  ['a header that lies about the size', () => lieAboutSizes(backup(doc), 10), 'The archive entry "backup.daylio" is damaged or truncated.'],
  ['too many entries', () => zipSync(Object.fromEntries(Array.from({ length: 20_001 }, (_, i) => [`assets/${i}`, new Uint8Array(0)]))), 'The archive must not hold more than 20000 entries.'],
  ['not base64', () => zipSync({ 'backup.daylio': strToU8('{"dayEntries": []}') }), 'backup.daylio is not base64 text.'],
  ['base64 of something else', () => zipSync({ 'backup.daylio': strToU8(Buffer.from('[1,2]').toString('base64')) }), 'backup.daylio is not a Daylio backup: it has no dayEntries.'],
])('%s is a 422 that writes nothing', async (_name, make, message) => {
  const r = await postForeign(t, alice, make(), 'daylio-backup')
  expect(r.status).toBe(422)
  expect(r.body.message).toStartWith(message)
  expect(await runNextImportJob(t.deps)).toBeUndefined()
  expect(await get(t, alice, '/api/v1/check-in')).toEqual([])
})
