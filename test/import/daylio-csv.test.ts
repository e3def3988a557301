/**
 * Daylio's CSV export (docs/api/import.md §6): every header version, a byte-order mark, newest row first, quoting,
 * times of both clocks, several entries a day merged, renamed and shared mood names, scales, `<br>` and entities in
 * notes, bad rows refused with their lines — the dry run writing nothing, the real run all of it, a second run
 * nothing, and other people untouched. Every file here is written by the test from the format's description.
 */
import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { runNextImportJob } from '../../src/features/import/run-job'
import { BOM, daysByDate, dryRun, get, importForeign, postForeign } from './foreign-helpers'

const t = useTestApp()
let alice: TestUser
let bob: TestUser

beforeEach(async () => {
  alice = await createUser(t)
  bob = await createUser(t)
})

const CURRENT = 'full_date,date,weekday,time,mood,activities,scales,note_title,note'
/** newest first, as Daylio writes it; the 3rd is two entries of one day, the later one (by time) listed first */
const current = BOM + [
  CURRENT,
  '2024-03-05,March 5,Tuesday,10:00 pm,good,reading | family,Stress: 2 | Energy: 4,Evening,"Said ""hi""<br>to Tom &amp; Ann"',
  '2024-03-05,March 5,Tuesday,8:15 am,awful, family | work ,Stress: 5,,Early',
  '2024-03-04,March 4,Monday,20:39,rad,,,,',
  '2024-03-03,March 3,Sunday,12:30 am,meh,reading,,Title only,',
].join('\r\n') + '\r\n'

describe('the current header', () => {
  test('the dry run reports what the file holds and writes nothing', async () => {
    const found = await dryRun(t, alice, current, 'daylio-csv')
    expect(found).toMatchObject({
      format: 'daylio-csv', rows: 4, days: 3, date_range: { from: '2024-03-03', to: '2024-03-05' }, refused_rows: 0, refused: [],
    })
    expect(found.moods).toEqual([
      { name: 'good', count: 1, value: 4, mapped: true }, { name: 'awful', count: 1, value: 1, mapped: true },
      { name: 'rad', count: 1, value: 5, mapped: true }, { name: 'meh', count: 1, value: 3, mapped: true },
    ])
    expect(found.activities.map((a: any) => [a.name, a.count, a.target.to])).toEqual([['reading', 2, 'activity'], ['family', 2, 'activity'], ['work', 1, 'activity']])
    expect(found.scales.map((s: any) => [s.name, s.count])).toEqual([['Stress', 2], ['Energy', 1]])
    expect(await get(t, alice, '/api/v1/check-in')).toEqual([])
    expect(await get(t, alice, '/api/v1/trackers')).toEqual([])
    expect(await get(t, alice, '/api/v1/import/status')).toBeNull()
  })

  test('the real run merges a day\'s entries, converts notes and times, and a second run adds nothing', async () => {
    const job = await importForeign(t, alice, current, 'daylio-csv')
    expect(job.counts.checkIn).toEqual({ imported: 3, skipped: 0, refused: 0, refused_why: [] })
    expect(job.counts.activities.imported).toBe(3)
    expect(job.counts.trackers.imported).toBe(2)
    const days = await daysByDate(t, alice)
    expect(days['2024-03-05']).toEqual({
      // the day's last mood by time (10 pm), all activities, the notes in time order, a title above its note
      mood: 4, activities: ['family', 'reading', 'work'], values: { Stress: 2, Energy: 4 },
      note: 'Early\n\nEvening\n\nSaid "hi"\nto Tom & Ann',
    })
    expect(days['2024-03-04']).toEqual({ mood: 5, activities: [], values: {}, note: null })
    expect(days['2024-03-03']).toEqual({ mood: 3, activities: ['reading'], values: {}, note: 'Title only' })
    const trackers = await get(t, alice, '/api/v1/trackers')
    expect(trackers.map((x: any) => [x.name, x.kind])).toEqual([['Stress', 'number'], ['Energy', 'number']])

    const again = await importForeign(t, alice, current, 'daylio-csv')
    expect(again.counts.checkIn).toMatchObject({ imported: 0, skipped: 3 })
    expect(again.counts.activities).toMatchObject({ imported: 0, skipped: 3 })
    expect(again.counts.trackers).toMatchObject({ imported: 0, skipped: 2 })
    expect(await daysByDate(t, alice)).toEqual(days)
    expect(await get(t, bob, '/api/v1/check-in')).toEqual([])
    expect(await get(t, bob, '/api/v1/activities')).toEqual([])
  })
})

test('a day one has already is filled, never overwritten: its mood and note stay, the file adds activities and values; again adds nothing', async () => {
  const family = (await t.request('POST', '/api/v1/activities', { token: alice.token, body: { name: 'Family' } })).body.data.id
  const mine = await t.request('POST', '/api/v1/check-in', { token: alice.token, body: { date: '2024-03-05', mood: 2, sleep: 3, note: 'mine', activities: [family] } })
  expect(mine.status).toBe(201)
  await t.request('POST', '/api/v1/check-in', { token: alice.token, body: { date: '2024-03-04', mood: 1 } })
  const job = await importForeign(t, alice, current, 'daylio-csv')
  // 03-05 takes its activities and scales, 03-04 has nothing the file can add (its one mood is taken), 03-03 is new
  expect(job.counts.checkIn).toEqual({ imported: 2, skipped: 1, refused: 0, refused_why: [] })
  const days = await daysByDate(t, alice)
  expect(days['2024-03-05']).toEqual({ mood: 2, activities: ['Family', 'reading', 'work'], values: { Stress: 2, Energy: 4 }, note: 'mine' })
  expect(days['2024-03-04']).toEqual({ mood: 1, activities: [], values: {}, note: null })
  expect(days['2024-03-03']).toEqual({ mood: 3, activities: ['reading'], values: {}, note: 'Title only' })
  const entry = (await get(t, alice, '/api/v1/check-in?from=2024-03-05&to=2024-03-05'))[0]
  expect(entry).toMatchObject({ sleep: 3, created_at: mine.body.data.created_at })
  const again = await importForeign(t, alice, current, 'daylio-csv')
  expect(again.counts.checkIn).toMatchObject({ imported: 0, skipped: 3 })
  expect(await daysByDate(t, alice)).toEqual(days)
})

test('the older header without scales, columns in another order, LF line ends', async () => {
  const file = [
    'date,full_date,time,weekday,mood,note,activities,note_title',
    'June 2,2023-06-02,7:05 PM,Friday,Gut,"line one<br/>line two, with a comma",Sport | Lesen,',
    'June 1,2023-06-01,12:00 pm,Thursday,Lausig,,,',
  ].join('\n')
  await importForeign(t, alice, file, 'daylio-csv')
  const days = await daysByDate(t, alice)
  expect(days['2023-06-02']).toEqual({ mood: 4, activities: ['Lesen', 'Sport'], values: {}, note: 'line one\nline two, with a comma' })
  expect(days['2023-06-01'].mood).toBe(1)
})

test('the oldest header builds the date from year and date', async () => {
  const file = BOM + [
    'year,date,weekday,time,mood,activities,note',
    '2019,December 31,Tuesday,11:59 pm,rad,party,&lt;3',
    '2019,1 February,Friday,9:00 am,bad,,',
  ].join('\r\n')
  const found = await dryRun(t, alice, file, 'daylio-csv')
  expect(found.date_range).toEqual({ from: '2019-02-01', to: '2019-12-31' })
  await importForeign(t, alice, file, 'daylio-csv')
  const days = await daysByDate(t, alice)
  expect(days['2019-12-31']).toEqual({ mood: 5, activities: ['party'], values: {}, note: '<3' })
  expect(days['2019-02-01'].mood).toBe(2)
})

describe('mood names', () => {
  const renamed = [
    'full_date,date,weekday,time,mood,activities,note_title,note',
    '2024-01-03,x,x,10:00,Fantastic,,,',
    '2024-01-02,x,x,10:00,Great,,,',
    '2024-01-01,x,x,10:00,Down,,,',
  ].join('\n')

  test('a renamed name without a value: the dry run shows it unmapped, the real run is a 422 naming it and writes nothing', async () => {
    const found = await dryRun(t, alice, renamed, 'daylio-csv')
    expect(found.moods).toEqual([
      { name: 'Fantastic', count: 1, value: null, mapped: false }, { name: 'Great', count: 1, value: null, mapped: false },
      { name: 'Down', count: 1, value: null, mapped: false },
    ])
    const r = await postForeign(t, alice, renamed, 'daylio-csv', { mapping: { moods: { Fantastic: 5 } } })
    expect(r.status).toBe(422)
    expect(r.body.errors.mapping[0]).toBe('The mood names "Great", "Down" need a mood value (1 to 5) in the mapping, or null to leave them out.')
    expect(await get(t, alice, '/api/v1/import/status')).toBeNull()
  })

  test('two names can share a level, and null leaves a mood out (a day left empty is not written)', async () => {
    await importForeign(t, alice, renamed, 'daylio-csv', { moods: { Fantastic: 5, Great: 5, Down: null } })
    const days = await daysByDate(t, alice)
    expect([days['2024-01-03'].mood, days['2024-01-02'].mood]).toEqual([5, 5])
    // a day of nothing but a mood left out is not written at all
    expect(days['2024-01-01']).toBeUndefined()
  })

  test('a mapping value outside 1–5 or a mapping that is not JSON is a 422', async () => {
    const bad = await postForeign(t, alice, renamed, 'daylio-csv', { mapping: { moods: { Fantastic: 6 } } })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.mapping[0]).toContain('"Fantastic" must be a mood value from 1 to 5')
    const notJson = await postForeign(t, alice, renamed, 'daylio-csv', { mapping: '{moods' })
    expect(notJson.status).toBe(422)
    expect(notJson.body.errors.mapping).toEqual(['The mapping field must be a JSON object.'])
  })
})

test('the mapping: an activity to an existing activity, to a yes/no tracker, or ignored; a scale to an existing tracker or ignored', async () => {
  const r = await t.request('POST', '/api/v1/activities', { token: alice.token, body: { name: 'Reading' } })
  expect(r.status).toBeLessThan(300)
  const scale = await t.request('POST', '/api/v1/trackers', { token: alice.token, body: { name: 'Stress level', kind: 'scale', min: 1, max: 5 } })
  expect(scale.status).toBeLessThan(300)
  const file = [
    CURRENT,
    '2024-02-02,x,x,09:00,good,books | gym | tv,Stress: 3 | Sleep: 7,,',
    '2024-02-01,x,x,09:00,good,tv,Stress: 9,,',
  ].join('\n')
  const mapping = {
    activities: { books: { to: 'activity', name: 'reading' }, gym: { to: 'yesno', name: 'Went to the gym' }, tv: { to: 'ignore' } },
    scales: { Stress: { to: 'tracker', name: 'Stress level' }, Sleep: { to: 'ignore' } },
  }
  const job = await importForeign(t, alice, file, 'daylio-csv', mapping)
  const days = await daysByDate(t, alice)
  expect(days['2024-02-02']).toEqual({ mood: 4, activities: ['Reading'], values: { 'Stress level': 3, 'Went to the gym': 1 }, note: null })
  // 9 does not fit the 1–5 scale: left out and counted, the day kept
  expect(days['2024-02-01']).toEqual({ mood: 4, activities: [], values: { 'Went to the gym': 0 }, note: null })
  expect(job.counts.values.refused).toBe(1)
  expect(job.counts.values.refused_why[0]).toContain('"Stress level"')
  expect((await get(t, alice, '/api/v1/activities')).map((a: any) => a.name)).toEqual(['Reading'])
  expect((await get(t, alice, '/api/v1/trackers')).map((x: any) => [x.name, x.kind])).toEqual([['Stress level', 'scale'], ['Went to the gym', 'yesno']])
})

test('bad rows are refused with their lines; the good ones go over', async () => {
  const file = [
    CURRENT,
    '2024-05-03,x,x,10:00,good,,,,',
    '2024-02-30,x,x,10:00,good,,,,',
    '2024-05-02,x,x,25:00,good,,,,',
    '2024-05-01,x,x,10:00,good,,,,"a note',
    'over two lines",extra',
    '2024-04-30,x,x,10:00,good,,Stress,,',
    '1969-12-31,x,x,10:00,good,,,,',
  ].join('\n')
  const found = await dryRun(t, alice, file, 'daylio-csv')
  expect(found.refused).toEqual([
    { line: 3, why: 'the date "2024-02-30" is not a day of the calendar from 1970 on' },
    { line: 4, why: 'the time "25:00" is not a time of day' },
    { line: 5, why: 'the row has 10 fields, the header 9' },
    { line: 7, why: 'the scales "Stress" are not "name: value | …"' },
    { line: 8, why: 'the date "1969-12-31" is not a day of the calendar from 1970 on' },
  ])
  const job = await importForeign(t, alice, file, 'daylio-csv')
  expect(job.counts.checkIn).toMatchObject({ imported: 1, refused: 5 })
  expect(job.counts.checkIn.refused_why[0]).toBe('line 3: the date "2024-02-30" is not a day of the calendar from 1970 on')
  expect(Object.keys(await daysByDate(t, alice))).toEqual(['2024-05-03'])
})

test('a file of several pieces: notes across lines and pieces, lines counted through them, a date listed apart refused, every day written', async () => {
  // 2,000 days, newest first, two entries each; every 7th note spans three lines with quotes; ~260 KB, read 64 KB at a time
  const rows = [CURRENT]
  const expected = new Map<string, string>()
  let line = 2
  let badLine = 0
  for (let d = 0; d < 2000; d++) {
    const date = new Date(Date.UTC(2024, 0, 1) - d * 86_400_000).toISOString().slice(0, 10)
    const note = d % 7 === 0 ? `day ${d} "quoted"\r\nsecond line\r\nthird, with a comma ${'x'.repeat(40)}` : `day ${d} ${'y'.repeat(40)}`
    rows.push(`${date},x,x,10:00 pm,good,reading,,,"${note.replaceAll('"', '""')}"`)
    rows.push(`${date},x,x,8:00 am,bad,family,,,early ${d}`)
    expected.set(date, `early ${d}\n\n${note}`)
    line += 2 + (d % 7 === 0 ? 2 : 0)
    if (d === 1500) {
      rows.push(`${date},x,x,25:00,good,,,,`)
      badLine = line++
    }
  }
  // a date listed again far from its own entries
  rows.push(`2024-01-01,x,x,11:00 pm,rad,,,,apart`)
  const apartLine = line
  const file = rows.join('\r\n') + '\r\n'
  expect(file.length).toBeGreaterThan(4 * 64 * 1024)
  const found = await dryRun(t, alice, file, 'daylio-csv')
  expect(found).toMatchObject({ rows: 4002, days: 2000, refused_rows: 2 })
  expect(found.refused).toEqual([
    { line: badLine, why: 'the time "25:00" is not a time of day' },
    { line: apartLine, why: 'the entries of 2024-01-01 are not together: the file is not in Daylio\'s order' },
  ])
  const job = await importForeign(t, alice, file, 'daylio-csv')
  expect(job.counts.checkIn).toMatchObject({ imported: 2000, refused: 2 })
  const days = await daysByDate(t, alice)
  expect(Object.keys(days)).toHaveLength(2000)
  for (const [date, note] of expected) expect([date, days[date]?.note, days[date]?.mood]).toEqual([date, note, 4])
})

describe('refused files', () => {
  test.each([
    ['not a Daylio header', 'a,b,c\n1,2,3\n', 'The file is not a Daylio CSV export: its header needs full_date (or year and date), time and mood.'],
    ['an unclosed quote', `${CURRENT}\n2024-01-01,x,x,10:00,good,,,,"open\n`, 'The file is not a valid CSV file: a quoted field is never closed.'],
    ['not UTF-8', new Uint8Array([0xff, 0xfe, 0x41]), 'The file is not UTF-8 text.'],
  ])('%s is a 422 that writes nothing', async (_name, file, message) => {
    const r = await postForeign(t, alice, file, 'daylio-csv')
    expect(r.status).toBe(422)
    expect(r.body.message).toStartWith(message as string)
    expect(r.body.errors.file[0]).toStartWith(message as string)
    expect(await runNextImportJob(t.deps)).toBeUndefined()
    expect(await get(t, alice, '/api/v1/check-in')).toEqual([])
  })

  test('a dry run of an export is a 422', async () => {
    const r = await postForeign(t, alice, current, 'daybook', { dryRun: true })
    expect(r.status).toBe(422)
    expect(r.body.errors.dry_run).toBeDefined()
  })

  test('mode=replace with another app\'s file is a 422: its days fill, they never replace; nothing is written', async () => {
    const form = new FormData()
    form.append('file', new Blob([current]), 'upload')
    form.append('format', 'daylio-csv')
    form.append('mode', 'replace')
    const r = await t.request('POST', '/api/v1/import', { token: alice.token, body: form })
    expect(r.status).toBe(422)
    expect(r.body.errors.mode).toEqual(['Another app\'s file fills the days one has: replace is for a daybook export.'])
    expect(await get(t, alice, '/api/v1/import/status')).toBeNull()
  })
})
