/**
 * One's own trackers, activities, sports and notes in the export (docs/api/export.md §10): check_ins.csv keeps its
 * twelve columns first (`Sports` the code) and gains one per own tracker by name, More Sports, Activities and Note;
 * trackers.csv, activities.csv and sports.csv; data.json's `trackers`, `activities` and `sports` before `checkIn`; the
 * manifest counts them.
 */
import { expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser } from '../helpers/fixtures'
import { fetchArchive, fillOwnTrackers, parseCsv, runJob, runJobWriting, startExport } from './helpers'

const t = useTestApp()

const TWELVE = 'Date,Mood,Water,Sports,Sleep,Dreams,Work,Food Quality,Food Amount,Menstruation,Alcohol,Smoking,Social Life'

test('three own trackers (one archived), activities, sports and notes: the CSV columns, the definition files, data.json and the manifest', async () => {
  const alice = await createUser(t)
  const own = await fillOwnTrackers(t, alice)
  const id = await startExport(t, alice, ['checkIn'])
  await runJob(t)
  const archive = await fetchArchive(t, alice, id)

  // the twelve columns as they were (Sports: the day's built-in sport's code), then Energy, Gym, Weight (archived,
  // still there), More Sports (the others by name, a built-in one by its settings name), Activities and Note
  expect(archive.text('check_ins.csv')).toBe(
    `${TWELVE},Energy,Gym,Weight,More Sports,Activities,Note\r\n`
    + '2026-06-01,4,,2,,,,,,,,,,7,Yes,71.5,Climbing; Tennis,Family; Reading,"# A good day\n\nA long walk, then tea."\r\n'
    + '2026-06-02,,,3,,,,,,,,,,3,No,,waves_ladder,,\'=SUM(A1:A9) was the plan\r\n'
    + '2026-06-03,2,,,,,,,,,,,,,,,,,\r\n')

  const api = async (path: string) => (await t.request('GET', path, { token: alice.token })).body.data
  const trackers = await api('/api/v1/trackers')
  const activities = await api('/api/v1/activities')
  expect(trackers.map((tr: any) => [tr.name, tr.archived])).toEqual([['Energy', false], ['Gym', false], ['Weight', true]])
  const [header, ...rows] = parseCsv(archive.text('trackers.csv'))
  expect(header).toEqual(['ID', 'Name', 'Column', 'Kind', 'Emoji', 'Position', 'Min', 'Max', 'Min Label', 'Max Label', 'Unit', 'Decimals', 'Archived', 'Shared',
    'Created At', 'Updated At'])
  expect(rows).toEqual(trackers.map((tr: any) => [String(tr.id), tr.name, tr.name, tr.kind, tr.emoji ?? '', String(tr.position), tr.min === null ? '' : String(tr.min),
    tr.max === null ? '' : String(tr.max), tr.min_label ?? '', tr.max_label ?? '', tr.unit ?? '', String(tr.decimals), tr.archived ? 'Yes' : 'No',
    tr.shared ? 'Yes' : 'No', tr.created_at, tr.updated_at]))
  expect(rows[0]!.slice(1, 12)).toEqual(['Energy', 'Energy', 'scale', '⚡', '0', '0', '10', 'flat', 'buzzing', '', '0'])
  expect(archive.text('activities.csv')).toBe('ID,Name,Group,Position,Archived,Created At,Updated At\r\n'
    + activities.map((a: any) => `${a.id},${a.name},${a.group ?? ''},${a.position},No,${a.created_at},${a.updated_at}\r\n`).join(''))
  // one's own sports only: the six built-in ones are the same for everybody
  const sports = (await api('/api/v1/sports')).filter((sport: any) => !sport.builtin)
  expect(sports.map((sport: any) => [sport.name, sport.archived])).toEqual([['Climbing', false], ['Tennis', true]])
  expect(archive.text('sports.csv')).toBe('ID,Name,Emoji,Position,Archived,Created At,Updated At\r\n'
    + `${own.climbing.id},Climbing,🧗,0,No,${own.climbing.created_at},${own.climbing.updated_at}\r\n`
    + `${own.tennis.id},Tennis,,1,Yes,${own.tennis.created_at},${own.tennis.updated_at}\r\n`)

  const data = archive.json('data.json').data
  expect(Object.keys(data)).toEqual(['trackers', 'activities', 'sports', 'checkIn'])
  expect(data.trackers).toEqual(trackers)
  expect(data.activities).toEqual(activities)
  expect(data.sports).toEqual(sports)
  expect(data.checkIn).toEqual((await api('/api/v1/check-in')).reverse())
  expect(data.checkIn[0]).toMatchObject({
    values: { [own.energy.id]: 7, [own.gym.id]: 1, [own.weight.id]: 71.5 }, activities: [own.family.id, own.reading.id],
    sports: 2, sport_ids: [2, own.climbing.id, own.tennis.id], note: '# A good day\n\nA long walk, then tea.',
  })
  expect(data.checkIn.map((c: any) => c.sport_ids)).toEqual([[2, own.climbing.id, own.tennis.id], [3, 5], []])
  expect(archive.json('manifest.json').features).toEqual([
    { name: 'checkIn', count: 3, files: ['check_ins.csv', 'trackers.csv', 'activities.csv', 'sports.csv'], trackers: 3, activities: 2, sports: 2 },
  ])
})

test('a person without sports of their own: sports.csv is its header, data.json\'s `sports` empty, More Sports names built-in ones', async () => {
  const alice = await createUser(t)
  expect((await t.request('POST', '/api/v1/check-in', { token: alice.token, body: { date: '2026-06-01', sport_ids: [6, 1, 4] } })).status).toBe(201)
  expect((await t.request('POST', '/api/v1/check-in', { token: alice.token, body: { date: '2026-06-02', sports: 1 } })).status).toBe(201)
  const id = await startExport(t, alice, ['checkIn'])
  await runJob(t)
  const archive = await fetchArchive(t, alice, id)
  expect(archive.text('sports.csv')).toBe('ID,Name,Emoji,Position,Archived,Created At,Updated At\r\n')
  expect(parseCsv(archive.text('check_ins.csv')).map((row) => [row[0], row[3], row.at(-3)])).toEqual([
    ['Date', 'Sports', 'More Sports'], ['2026-06-01', '6', 'dumbbell; footprints'], ['2026-06-02', '1', ''],
  ])
  expect(archive.json('data.json').data.sports).toEqual([])
  expect(archive.json('manifest.json').features[0]).toMatchObject({ files: ['check_ins.csv', 'trackers.csv', 'activities.csv', 'sports.csv'], sports: 0 })
})

test('a tracker named like a column of the file gets a suffix no other tracker has; formula-like names are escaped', async () => {
  const alice = await createUser(t)
  const post = async (path: string, body: Record<string, unknown>) => {
    const r = await t.request('POST', path, { token: alice.token, body })
    expect(r.status).toBe(201)
    return r.body.data
  }
  // "mood" is the built-in Mood's header in another case; "Mood (own)" is already another tracker's name
  const mood = await post('/api/v1/trackers', { name: 'mood', kind: 'scale' })
  await post('/api/v1/trackers', { name: 'Mood (own)', kind: 'yesno' })
  const activitiesTracker = await post('/api/v1/trackers', { name: 'Activities', kind: 'number' })
  const note = await post('/api/v1/trackers', { name: 'NOTE', kind: 'number', decimals: 1 })
  await post('/api/v1/trackers', { name: '=1+1', kind: 'yesno' })
  await post('/api/v1/trackers', { name: 'more SPORTS', kind: 'yesno' })
  const hostile = await post('/api/v1/activities', { name: '@SUM(A1)' })
  const calm = await post('/api/v1/activities', { name: 'Calm' })
  const formula = await post('/api/v1/sports', { name: '-2+3' })
  expect((await t.request('POST', '/api/v1/check-in', { token: alice.token, body: {
    date: '2026-06-01', mood: 3, values: { [mood.id]: 5, [activitiesTracker.id]: 2, [note.id]: 1.5 }, activities: [calm.id, hostile.id],
    sport_ids: [formula.id, 6], note: '+1 for today',
  } })).status).toBeLessThan(300)
  const id = await startExport(t, alice, ['checkIn'])
  await runJob(t)
  const archive = await fetchArchive(t, alice, id)
  const [header, row] = parseCsv(archive.text('check_ins.csv'))
  expect(header!.slice(13)).toEqual(['mood (own 2)', 'Mood (own)', 'Activities (own)', 'NOTE (own)', '\'=1+1', 'more SPORTS (own)', 'More Sports', 'Activities', 'Note'])
  expect([row![3], ...row!.slice(13)]).toEqual(['6', '5', '', '2', '1.5', '', '', '\'-2+3', '\'@SUM(A1); Calm', '\'+1 for today'])
  expect(parseCsv(archive.text('trackers.csv')).slice(1).map((r) => [r[1], r[2]])).toEqual([
    ['mood', 'mood (own 2)'], ['Mood (own)', 'Mood (own)'], ['Activities', 'Activities (own)'], ['NOTE', 'NOTE (own)'], ['\'=1+1', '\'=1+1'],
    ['more SPORTS', 'more SPORTS (own)'],
  ])
  expect(parseCsv(archive.text('activities.csv'))[1]![1]).toBe('\'@SUM(A1)')
  expect(parseCsv(archive.text('sports.csv'))[1]![1]).toBe('\'-2+3')
  // data.json keeps every text as it is
  const data = archive.json('data.json').data
  expect(data.trackers.map((tr: any) => tr.name)).toEqual(['mood', 'Mood (own)', 'Activities', 'NOTE', '=1+1', 'more SPORTS'])
  expect(data.sports.map((sport: any) => sport.name)).toEqual(['-2+3'])
})

test('definitions come from the job\'s snapshot: a tracker deleted while the archive is written keeps its column, its values and its definition', async () => {
  const alice = await createUser(t)
  const own = await fillOwnTrackers(t, alice)
  const id = await startExport(t, alice, ['checkIn'])
  // the SQLite stores finish their statement before the promise is made: the rows are gone when this returns
  await runJobWriting(t, id, () => {
    void t.deps.stores.trackers.remove(alice.id, own.gym.id)
    void t.deps.stores.activities.remove(alice.id, own.family.id)
    void t.deps.stores.sports.remove(alice.id, own.climbing.id)
  })
  expect((await t.request('GET', '/api/v1/trackers', { token: alice.token })).body.data.map((tr: any) => tr.name)).toEqual(['Energy', 'Weight'])
  expect((await t.request('GET', '/api/v1/check-in?from=2026-06-01&to=2026-06-01', { token: alice.token })).body.data[0].sport_ids).toEqual([2, own.tennis.id])
  const archive = await fetchArchive(t, alice, id)
  const [header, first] = parseCsv(archive.text('check_ins.csv'))
  expect(header!.slice(13)).toEqual(['Energy', 'Gym', 'Weight', 'More Sports', 'Activities', 'Note'])
  expect(first![16]).toBe('Climbing; Tennis')
  const data = archive.json('data.json').data
  expect(data.trackers.map((tr: any) => tr.name)).toEqual(['Energy', 'Gym', 'Weight'])
  expect(data.activities.map((a: any) => a.name)).toEqual(['Family', 'Reading'])
  expect(data.sports.map((sport: any) => sport.name)).toEqual(['Climbing', 'Tennis'])
  expect(data.checkIn[0].values[own.gym.id]).toBe(1)
  expect(data.checkIn[0].activities).toContain(own.family.id)
  expect(data.checkIn[0].sport_ids).toEqual([2, own.climbing.id, own.tennis.id])
})
