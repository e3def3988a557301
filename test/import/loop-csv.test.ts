/**
 * Loop Habit Tracker's CSV ZIP (docs/api/import.md §6): Habits.csv in its current and older headers, a folder per
 * habit with Checkmarks.csv (with and without its header), the marks 2/1 yes, 0 no, -1/-3 nothing, a measurable
 * habit left out, bad marks refused with file and line, a habit mapped to an existing tracker, idempotence, and
 * hostile ZIPs refused before anything is written. Every file here is built by the test.
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

const CURRENT = 'Position,Name,Type,Question,Description,NumRepetitions,Interval,Color,Unit,Target Type,Target Value,Archived?'
const current = zipSync({
  'Habits.csv': strToU8([
    CURRENT,
    '001,Meditate,0,Did you meditate?,,1,1,#FF0000,,,,false',
    '002,Run,1,How far?,,1,1,#00FF00,km,0,5,false',
    '003,"Read, a lot",0,,,1,1,#0000FF,,,,true',
  ].join('\n') + '\n'),
  '001 Meditate/Checkmarks.csv': strToU8('Date,Value,Notes\n2024-03-03,2,\n2024-03-02,0,\n2024-03-01,1,"auto, ""yes"""\n2024-02-29,-1,\n2024-02-28,-3,\n'),
  '001 Meditate/Scores.csv': strToU8('2024-03-03,0.5\n'),
  '002 Run/Checkmarks.csv': strToU8('Date,Value,Notes\n2024-03-03,5000,\n'),
  '003 Read, a lot/Checkmarks.csv': strToU8('2024-03-03,2\n2024-03-02,7\n2024-13-01,2\n'),
  'Checkmarks.csv': strToU8('Date,Meditate,Run,"Read, a lot"\n'),
})

test('habits become yes/no trackers; marks 2 and 1 yes, 0 no, -1 and -3 nothing; a measurable habit left out', async () => {
  const found = await dryRun(t, alice, current, 'loop-csv')
  expect(found).toMatchObject({ days: 3, date_range: { from: '2024-03-01', to: '2024-03-03' }, refused_rows: 2 })
  expect(found.habits.map((h: any) => [h.name, h.count, h.target.to, h.left_out])).toEqual([
    ['Meditate', 3, 'tracker', null], ['Run', 0, 'tracker', 'a measurable habit counts amounts, not yes or no'], ['Read, a lot', 1, 'tracker', null],
  ])
  expect(found.refused).toEqual([
    { line: 2, why: '003 Read, a lot/Checkmarks.csv: the value "7" is none of 2, 1, 0, -1, -3' },
    { line: 3, why: '003 Read, a lot/Checkmarks.csv: the date "2024-13-01" is not a day of the calendar from 1970 on' },
  ])
  const job = await importForeign(t, alice, current, 'loop-csv')
  expect(job.counts.checkIn).toMatchObject({ imported: 3, refused: 2 })
  expect(job.counts.trackers).toMatchObject({ imported: 2, refused: 1 })
  expect(job.counts.trackers.refused_why).toEqual(['the habit "Run": a measurable habit counts amounts, not yes or no'])
  expect(await daysByDate(t, alice)).toEqual({
    '2024-03-03': { mood: null, activities: [], values: { Meditate: 1, 'Read, a lot': 1 }, note: null },
    '2024-03-02': { mood: null, activities: [], values: { Meditate: 0 }, note: null },
    '2024-03-01': { mood: null, activities: [], values: { Meditate: 1 }, note: null },
  })
  expect((await get(t, alice, '/api/v1/trackers')).map((x: any) => [x.name, x.kind])).toEqual([['Meditate', 'yesno'], ['Read, a lot', 'yesno']])
  const again = await importForeign(t, alice, current, 'loop-csv')
  expect(again.counts.checkIn).toMatchObject({ imported: 0, skipped: 3 })
  expect(again.counts.trackers).toMatchObject({ imported: 0, skipped: 2 })
  expect(await get(t, bob, '/api/v1/trackers')).toEqual([])
})

test('the older header, a habit mapped to an existing tracker and one ignored', async () => {
  const r = await t.request('POST', '/api/v1/trackers', { token: alice.token, body: { name: 'Meditation', kind: 'yesno' } })
  expect(r.status).toBeLessThan(300)
  const older = zipSync({
    'Habits.csv': strToU8('Position,Name,Description,NumRepetitions,Interval,Color\n001,Meditate,,1,1,#FF0000\n002,Floss,,1,1,#00FF00\n'),
    '001 Meditate/Checkmarks.csv': strToU8('2020-01-01,2\n'),
    '002 Floss/Checkmarks.csv': strToU8('2020-01-01,2\n2020-01-02,2\n'),
  })
  await importForeign(t, alice, older, 'loop-csv', { habits: { Meditate: { to: 'tracker', name: 'meditation' }, Floss: { to: 'ignore' } } })
  expect(await daysByDate(t, alice)).toEqual({ '2020-01-01': { mood: null, activities: [], values: { Meditation: 1 }, note: null } })
  expect((await get(t, alice, '/api/v1/trackers')).map((x: any) => x.name)).toEqual(['Meditation'])
})

test.each([
  ['not a ZIP', () => strToU8('Position,Name\n'), 'The file is not a ZIP archive.'],
  ['no Habits.csv', () => zipSync({ 'a.csv': strToU8('x') }), 'The file is not a Loop Habit Tracker export: it has no Habits.csv.'],
  ['Habits.csv without Name', () => zipSync({ 'Habits.csv': strToU8('a,b\n') }), 'Habits.csv is not a Loop Habit Tracker export: its header needs Position and Name.'],
  ['a folder of no habit', () => zipSync({ 'Habits.csv': strToU8('Position,Name\n001,A\n'), '009 B/Checkmarks.csv': strToU8('') }), 'The archive holds "009 B/Checkmarks.csv", a habit Habits.csv does not list.'],
  ['an entry climbing out', () => zipSync({ 'Habits.csv': strToU8('Position,Name\n'), '../001 A/Checkmarks.csv': strToU8('') }), 'The archive holds an entry with an unsafe name'],
  ['a backslash in a name', () => zipSync({ 'Habits.csv': strToU8('Position,Name\n'), '001 A\\Checkmarks.csv': strToU8('') }), 'The archive holds an entry with an unsafe name'],
  ['a bomb: a CSV larger than its cap', () => zipSync({ 'Habits.csv': new Uint8Array(33 * 1024 * 1024) }), 'The archive entry "Habits.csv" is larger than its limit of 32 MiB.'],
])('%s is a 422 that writes nothing', async (_name, make, message) => {
  const r = await postForeign(t, alice, make(), 'loop-csv')
  expect(r.status).toBe(422)
  expect(r.body.message).toStartWith(message)
  expect(await runNextImportJob(t.deps)).toBeUndefined()
  expect(await get(t, alice, '/api/v1/trackers')).toEqual([])
})
