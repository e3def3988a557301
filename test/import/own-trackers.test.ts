/**
 * Import of one's own trackers, activities, sports and notes (docs/api/import.md §3): definitions matched by name,
 * values and a day's several sports carried over in the importing person's ids under the merge/replace rule, what
 * cannot go over left out and reported, everything undone when a job fails or dies, hostile archives refused before
 * anything is written — and a hostile day's sport list left out without failing the import.
 */
import { beforeEach, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { unzipSync } from 'fflate'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { fillOwnTrackers } from '../export/helpers'
import { importJobs, importUndo } from '../../src/features/import/schema'
import { uploadPath } from '../../src/features/import/paths'
import { recoverImports } from '../../src/features/import/recovery'
import { runNextImportJob } from '../../src/features/import/run-job'
import { crashDuringJob, exportAll, fillAccount, importArchive, importStatus, postImport, rezip, text } from './helpers'

const t = useTestApp()
const DAY = 24 * 3600_000

let alice: TestUser
let bob: TestUser
let own: Awaited<ReturnType<typeof fillOwnTrackers>>
let archive: Uint8Array

beforeEach(async () => {
  alice = await createUser(t)
  own = await fillOwnTrackers(t, alice)
  archive = await exportAll(t, alice)
  bob = await createUser(t)
})

const api = async (user: TestUser, path: string) => {
  const r = await t.request('GET', path, { token: user.token })
  expect(r.status).toBe(200)
  return r.body.data
}
const post = async (user: TestUser, path: string, body: Record<string, unknown>) => {
  const r = await t.request('POST', path, { token: user.token, body })
  expect(r.status).toBeLessThan(300)
  return r.body.data
}

const dataOf = (bytes: Uint8Array) => {
  const files = unzipSync(bytes)
  return JSON.parse(new TextDecoder().decode(files[Object.keys(files).find((n) => n.endsWith('/data.json'))!])).data
}

/** The archive with its data.json (the whole document) changed. */
const withDoc = (edit: (doc: any) => void) => rezip(archive, (files, top) => {
  const doc = JSON.parse(new TextDecoder().decode(files[`${top}data.json`]))
  edit(doc)
  files[`${top}data.json`] = text(JSON.stringify(doc, null, 2))
})
const withData = (edit: (data: any) => void) => withDoc((doc) => edit(doc.data))

/** The own part of an archive with every id replaced by its definition's name: comparable across accounts. */
function byNames(bytes: Uint8Array) {
  const data = dataOf(bytes)
  const tracker = new Map(data.trackers.map((tr: any) => [String(tr.id), tr.name]))
  const activity = new Map(data.activities.map((a: any) => [a.id, a.name]))
  const sport = new Map(data.sports.map((s: any) => [s.id, s.name]))
  const withoutId = ({ id: _id, ...rest }: Record<string, unknown>) => rest
  return {
    trackers: data.trackers.map(withoutId),
    activities: data.activities.map(withoutId),
    sports: data.sports.map(withoutId),
    days: data.checkIn.map((c: any) => ({
      ...withoutId(c),
      values: Object.fromEntries(Object.entries(c.values).map(([id, v]) => [tracker.get(id), v])),
      activities: c.activities.map((id: number) => activity.get(id)).sort(),
      // built-in codes stay numbers, own sports go by name
      sport_ids: c.sport_ids.map((id: number) => sport.get(id) ?? id),
    })),
  }
}

/** bob's days by date, with his own values by tracker name and activities by name. */
async function bobsDays() {
  const trackers = new Map((await api(bob, '/api/v1/trackers')).map((tr: any) => [String(tr.id), tr.name]))
  const activities = new Map((await api(bob, '/api/v1/activities')).map((a: any) => [a.id, a.name]))
  const days: Record<string, { mood: number | null; note: string | null; values: Record<string, number>; activities: string[] }> = {}
  for (const c of await api(bob, '/api/v1/check-in')) {
    days[c.date] = {
      mood: c.mood, note: c.note, values: Object.fromEntries(Object.entries(c.values).map(([id, v]) => [trackers.get(id), v as number])),
      activities: c.activities.map((id: number) => activities.get(id)).sort(),
    }
  }
  return days
}

/** `user`'s days by date: every sport of each day by name (built-in ones by their settings name), `sports` first. */
async function sportsOf(user: TestUser): Promise<Record<string, string[]>> {
  const names = new Map((await api(user, '/api/v1/sports')).map((s: any) => [s.id, s.name]))
  return Object.fromEntries((await api(user, '/api/v1/check-in')).map((c: any) => [c.date, c.sport_ids.map((id: number) => names.get(id))]))
}

const none = { imported: 0, skipped: 0, refused: 0, refused_why: [] }

describe('import of own trackers, activities and notes', () => {
  test('round trip into another account: the definitions are created and every value, activity, sport and note goes over; again, nothing changes', async () => {
    const job = await importArchive(t, bob, archive)
    const ownCounts = ({ trackers, activities, sports, checkIn, values }: Record<string, unknown>) => ({ trackers, activities, sports, checkIn, values })
    expect(ownCounts(job.counts)).toEqual({
      trackers: { ...none, imported: 3 }, activities: { ...none, imported: 2 }, sports: { ...none, imported: 2 }, checkIn: { ...none, imported: 3 },
      values: { ...none, imported: 5 },
    })
    expect(Object.keys(job.counts).slice(0, 5)).toEqual(['trackers', 'activities', 'sports', 'checkIn', 'values'])
    t.clock.advance(DAY + 1)
    expect(byNames(await exportAll(t, bob))).toEqual(byNames(archive))
    // archived stays archived; the end words, unit and decimals went with the definitions
    expect((await api(bob, '/api/v1/trackers')).map((tr: any) => [tr.name, tr.kind, tr.min, tr.max, tr.unit, tr.decimals, tr.archived])).toEqual([
      ['Energy', 'scale', 0, 10, null, 0, false], ['Gym', 'yesno', null, null, null, 0, false], ['Weight', 'number', 30, 250, 'kg', 1, true],
    ])
    // the sports with their emoji and archived state; each day's sports in the archive's order, `sports` first
    expect((await api(bob, '/api/v1/sports')).filter((s: any) => !s.builtin).map((s: any) => [s.name, s.emoji, s.archived, s.offered])).toEqual([
      ['Climbing', '🧗', false, true], ['Tennis', null, true, false],
    ])
    expect(await sportsOf(bob)).toEqual({ '2026-06-01': ['bike', 'Climbing', 'Tennis'], '2026-06-02': ['mountain', 'waves_ladder'], '2026-06-03': [] })

    const again = await importArchive(t, bob, archive)
    expect(ownCounts(again.counts)).toEqual({
      trackers: { ...none, skipped: 3 }, activities: { ...none, skipped: 2 }, sports: { ...none, skipped: 2 }, checkIn: { ...none, skipped: 3 },
      values: { ...none, skipped: 5 },
    })
    expect(await api(bob, '/api/v1/trackers')).toHaveLength(3)
    expect(await api(bob, '/api/v1/sports')).toHaveLength(8)
  })

  test('an existing definition of the same name (any case) and kind is reused, with its own name, range and other days', async () => {
    const energy = await post(bob, '/api/v1/trackers', { name: 'ENERGY', kind: 'scale', min: 0, max: 10 })
    const family = await post(bob, '/api/v1/activities', { name: 'family' })
    await post(bob, '/api/v1/check-in', { date: '2026-05-01', values: { [energy.id]: 9 }, activities: [family.id] })
    const job = await importArchive(t, bob, archive)
    expect(job.counts.trackers).toEqual({ ...none, imported: 2, skipped: 1 })
    expect(job.counts.activities).toEqual({ ...none, imported: 1, skipped: 1 })
    expect((await api(bob, '/api/v1/trackers')).map((tr: any) => tr.name)).toEqual(['ENERGY', 'Gym', 'Weight'])
    expect((await api(bob, '/api/v1/activities')).map((a: any) => a.name)).toEqual(['family', 'Reading'])
    const days = await bobsDays()
    expect(days['2026-05-01']).toEqual({ mood: null, note: null, values: { ENERGY: 9 }, activities: ['family'] })
    expect(days['2026-06-01']).toEqual({ mood: 4, note: '# A good day\n\nA long walk, then tea.', values: { ENERGY: 7, Gym: 1, Weight: 71.5 }, activities: ['Reading', 'family'] })
  })

  test('a kind that differs leaves that tracker\'s values out, a value outside the person\'s range too; both reported, the import completes', async () => {
    const gym = await post(bob, '/api/v1/trackers', { name: 'gym', kind: 'number' })
    await post(bob, '/api/v1/trackers', { name: 'Energy', kind: 'scale', min: 1, max: 5 })
    const job = await importArchive(t, bob, archive)
    expect(job.status).toBe('completed')
    expect(job.counts.trackers).toEqual({
      imported: 1, skipped: 1, refused: 1, refused_why: ['"Gym": your tracker of this name is a number, the file\'s a yes/no tracker'],
    })
    expect(job.counts.values).toEqual({
      imported: 2, skipped: 0, refused: 3,
      refused_why: ['2 values of "Gym" left out: its tracker was not imported', '1 value of "Energy" left out: The Energy field must be an integer from 1 to 5.'],
    })
    const days = await bobsDays()
    expect(days['2026-06-01']!.values).toEqual({ Weight: 71.5 })
    expect(days['2026-06-02']!.values).toEqual({ Energy: 3 })
    expect((await api(bob, '/api/v1/trackers')).find((tr: any) => tr.id === gym.id)).toMatchObject({ name: 'gym', kind: 'number' })
  })

  test('merge keeps a date\'s values, activities and note; replace takes what the archive speaks for and keeps the rest', async () => {
    const energy = await post(bob, '/api/v1/trackers', { name: 'Energy', kind: 'scale', min: 0, max: 10 })
    const steps = await post(bob, '/api/v1/trackers', { name: 'Steps', kind: 'number' })
    const cooking = await post(bob, '/api/v1/activities', { name: 'Cooking' })
    await post(bob, '/api/v1/check-in', { date: '2026-06-01', mood: 1, values: { [energy.id]: 2, [steps.id]: 1000 }, activities: [cooking.id], note: 'mine' })
    const mine = { mood: 1, note: 'mine', values: { Energy: 2, Steps: 1000 }, activities: ['Cooking'] }

    const merged = await importArchive(t, bob, archive)
    expect(merged.counts.checkIn).toEqual({ ...none, imported: 2, skipped: 1 })
    expect(merged.counts.values).toEqual({ ...none, imported: 2, skipped: 3 })
    expect((await bobsDays())['2026-06-01']).toEqual(mine)

    const replaced = await importArchive(t, bob, archive, 'replace')
    expect(replaced.counts.checkIn).toEqual({ ...none, imported: 1, skipped: 2 })
    expect(replaced.counts.values).toEqual({ ...none, imported: 3, skipped: 2 })
    expect((await bobsDays())['2026-06-01']).toEqual({
      mood: 4, note: '# A good day\n\nA long walk, then tea.', values: { Energy: 7, Gym: 1, Weight: 71.5, Steps: 1000 }, activities: ['Cooking', 'Family', 'Reading'],
    })
    // the archive's day 2 has no Weight: with replace, a Weight of bob's on that day goes (the archive speaks for Weight)
    const weight = (await api(bob, '/api/v1/trackers')).find((tr: any) => tr.name === 'Weight')
    await t.request('PATCH', `/api/v1/trackers/${weight.id}`, { token: bob.token, body: { archived: false } })
    await post(bob, '/api/v1/check-in', { date: '2026-06-02', values: { [weight.id]: 80, [steps.id]: 5 } })
    await importArchive(t, bob, archive, 'replace')
    expect((await bobsDays())['2026-06-02']!.values).toEqual({ Energy: 3, Gym: 0, Steps: 5 })
  })

  test('sports matched by name (any case); merge keeps a day\'s sports, replace takes the archive\'s list of the day; undo puts them back', async () => {
    const climbing = await post(bob, '/api/v1/sports', { name: 'CLIMBING' })
    const rowing = await post(bob, '/api/v1/sports', { name: 'Rowing' })
    await post(bob, '/api/v1/check-in', { date: '2026-06-01', sport_ids: [1, climbing.id] })
    await post(bob, '/api/v1/check-in', { date: '2026-06-03', mood: 2, sport_ids: [rowing.id] })

    const merged = await importArchive(t, bob, archive)
    expect(merged.counts.sports).toEqual({ ...none, imported: 1, skipped: 1 })
    expect((await api(bob, '/api/v1/sports')).filter((s: any) => !s.builtin).map((s: any) => s.name)).toEqual(['CLIMBING', 'Rowing', 'Tennis'])
    expect(await sportsOf(bob)).toEqual({ '2026-06-01': ['dumbbell', 'CLIMBING'], '2026-06-02': ['mountain', 'waves_ladder'], '2026-06-03': ['Rowing'] })

    // the archive's third day has no sports: with replace that is what the day takes, as it takes the archive's `sports`
    const replaced = await importArchive(t, bob, archive, 'replace')
    expect(replaced.counts.checkIn).toEqual({ ...none, imported: 2, skipped: 1 })
    expect(await sportsOf(bob)).toEqual({ '2026-06-01': ['bike', 'CLIMBING', 'Tennis'], '2026-06-02': ['mountain', 'waves_ladder'], '2026-06-03': [] })
    expect((await api(bob, '/api/v1/check-in?from=2026-06-01&to=2026-06-01'))[0]).toMatchObject({ sports: 2 })
    // nothing left to change: a second replace skips every day
    expect((await importArchive(t, bob, archive, 'replace')).counts.checkIn).toEqual({ ...none, skipped: 3 })
  })

  test('an archive made before own sports (no sports, no sport_ids) imports as before: the days keep their own sports', async () => {
    const older = rezip(archive, (files, top) => {
      const doc = JSON.parse(new TextDecoder().decode(files[`${top}data.json`]))
      delete doc.data.sports
      for (const day of doc.data.checkIn) delete day.sport_ids
      files[`${top}data.json`] = text(JSON.stringify(doc, null, 2))
      const manifest = JSON.parse(new TextDecoder().decode(files[`${top}manifest.json`]))
      const checkIn = manifest.features.find((f: any) => f.name === 'checkIn')
      checkIn.files = checkIn.files.filter((file: string) => file !== 'sports.csv')
      delete checkIn.sports
      files[`${top}manifest.json`] = text(JSON.stringify(manifest, null, 2))
      delete files[`${top}sports.csv`]
    })
    const rowing = await post(bob, '/api/v1/sports', { name: 'Rowing' })
    await post(bob, '/api/v1/check-in', { date: '2026-06-01', sport_ids: [1, rowing.id] })
    await post(bob, '/api/v1/check-in', { date: '2026-06-03', mood: 2, sport_ids: [rowing.id] })

    const merged = await importArchive(t, bob, older)
    expect(merged.counts.sports).toEqual(none)
    expect(merged.counts.checkIn).toEqual({ ...none, imported: 1, skipped: 2 })
    // a new day takes the archive's `sports` (the twelve), nothing more
    expect(await sportsOf(bob)).toEqual({ '2026-06-01': ['dumbbell', 'Rowing'], '2026-06-02': ['mountain'], '2026-06-03': ['Rowing'] })

    // replace sets the twelve, `sports` among them, and leaves the day's further sports as they are
    const replaced = await importArchive(t, bob, older, 'replace')
    expect(replaced.counts.checkIn).toEqual({ ...none, imported: 1, skipped: 2 })
    expect(await sportsOf(bob)).toEqual({ '2026-06-01': ['bike', 'Rowing'], '2026-06-02': ['mountain'], '2026-06-03': ['Rowing'] })
    expect((await api(bob, '/api/v1/sports')).filter((s: any) => !s.builtin).map((s: any) => s.name)).toEqual(['Rowing'])
  })

  test('a day\'s hostile sport_ids (another person\'s sport, a string, too many, not its sports) are left out with why; the import completes', async () => {
    const carol = await createUser(t)
    const secret = await post(carol, '/api/v1/sports', { name: 'Secret' })
    const first = withData((d) => {
      d.checkIn[0].sport_ids = [2, secret.id]
      d.checkIn[1].sport_ids = '3,5'
      d.checkIn[2].sport_ids = Array.from({ length: 13 }, (_, i) => (i % 6) + 1)
    })
    const job = await importArchive(t, bob, first)
    expect(job.counts.checkIn).toEqual({ ...none, imported: 3 })
    expect(job.counts.sports).toEqual({
      imported: 2, skipped: 0, refused: 3, refused_why: [
        'the sport_ids of 2026-06-01 left out: The selected sport_ids.1 is invalid.',
        'the sport_ids of 2026-06-02 left out: The sport_ids field must be an array.',
        'the sport_ids of 2026-06-03 left out: The sport_ids field must not have more than 12 items.',
      ],
    })
    // each day goes over as an archive without sport_ids would: its `sports` only
    expect(await sportsOf(bob)).toEqual({ '2026-06-01': ['bike'], '2026-06-02': ['mountain'], '2026-06-03': [] })
    expect((await api(bob, '/api/v1/sports')).map((s: any) => s.name)).not.toContain('Secret')

    const dave = await createUser(t)
    const second = withData((d) => {
      d.checkIn[0].sport_ids = [2, 'Climbing']
      d.checkIn[1].sport_ids = [3, { id: 5 }]
      d.checkIn[2].sport_ids = [own.climbing.id, 5]
    })
    const again = await importArchive(t, dave, second)
    expect(again.counts.sports.refused_why).toEqual([
      'the sport_ids of 2 days (the first 2026-06-01) left out: The selected sport_ids.1 is invalid.',
      'the sport_ids of 2026-06-03 left out: The sports field must be the first built-in sport of sport ids.',
    ])
    expect(await sportsOf(dave)).toEqual({ '2026-06-01': ['bike'], '2026-06-02': ['mountain'], '2026-06-03': [] })
  })

  test('beyond 50 trackers, 200 activities and 50 sports a definition is left out with its values, and reported', async () => {
    const at = t.clock.now()
    for (let i = 0; i < 49; i++) await t.deps.stores.trackers.create({ userId: bob.id, name: `T${i}`, nameKey: `t${i}`, kind: 'yesno', createdAt: at, updatedAt: at }, 50)
    for (let i = 0; i < 199; i++) await t.deps.stores.activities.create({ userId: bob.id, name: `A${i}`, nameKey: `a${i}`, createdAt: at, updatedAt: at }, 200)
    for (let i = 0; i < 49; i++) await t.deps.stores.sports.create({ userId: bob.id, name: `S${i}`, nameKey: `s${i}`, createdAt: at, updatedAt: at }, 50)
    const job = await importArchive(t, bob, archive)
    expect(job.counts.trackers).toEqual({
      imported: 1, skipped: 0, refused: 2,
      refused_why: ['"Gym": you have 50 trackers, the most there can be', '"Weight": you have 50 trackers, the most there can be'],
    })
    expect(job.counts.activities).toEqual({
      imported: 1, skipped: 0, refused: 1, refused_why: ['"Reading": you have 200 activities, the most there can be; not marked on 1 day'],
    })
    expect(job.counts.values).toEqual({
      imported: 2, skipped: 0, refused: 3,
      refused_why: ['2 values of "Gym" left out: its tracker was not imported', '1 value of "Weight" left out: its tracker was not imported'],
    })
    expect(job.counts.sports).toEqual({
      imported: 1, skipped: 0, refused: 1, refused_why: ['"Tennis": you have 50 sports of your own, the most there can be; not on 1 day'],
    })
    expect((await bobsDays())['2026-06-01']).toMatchObject({ values: { Energy: 7 }, activities: ['Family'] })
    expect((await sportsOf(bob))['2026-06-01']).toEqual(['bike', 'Climbing'])
  })

  test('long notes on many days go over: the archive\'s size bounds allow a day\'s note of 10,000 characters', async () => {
    const carol = await createUser(t)
    for (let d = 1; d <= 20; d++) {
      const date = `2026-03-${String(d).padStart(2, '0')}`
      await post(carol, '/api/v1/check-in', { date, note: `${date} ${'x'.repeat(10_000 - 11)}` })
    }
    const long = await exportAll(t, carol)
    const job = await importArchive(t, bob, long)
    expect(job.counts.checkIn).toEqual({ ...none, imported: 20 })
    const notes = (await api(bob, '/api/v1/check-in')).map((c: any) => c.note)
    expect(notes.map((n: string) => n.length)).toEqual(Array(20).fill(10_000))
    expect(notes).toEqual((await api(carol, '/api/v1/check-in')).map((c: any) => c.note))
  })
})

describe('a job that fails or dies leaves nothing behind, definitions included', () => {
  async function bobsOwnDay() {
    const energy = await post(bob, '/api/v1/trackers', { name: 'Energy', kind: 'scale', min: 0, max: 10 })
    const cooking = await post(bob, '/api/v1/activities', { name: 'Cooking' })
    const rowing = await post(bob, '/api/v1/sports', { name: 'Rowing' })
    await post(bob, '/api/v1/check-in', { date: '2026-06-01', mood: 1, values: { [energy.id]: 2 }, activities: [cooking.id], sport_ids: [rowing.id, 4], note: 'mine' })
    return {
      trackers: await api(bob, '/api/v1/trackers'), activities: await api(bob, '/api/v1/activities'), sports: await api(bob, '/api/v1/sports'),
      days: await api(bob, '/api/v1/check-in'),
    }
  }

  /** alice's whole account exported, bob's own day, and bob's import of it in replace mode accepted (not yet run). */
  async function replacingImport() {
    await fillAccount(t, alice)
    t.clock.advance(DAY + 1)
    const full = await exportAll(t, alice)
    const before = await bobsOwnDay()
    const r = await postImport(t, bob, full, 'replace')
    expect(r.status).toBe(201)
    return { full, before, id: r.body.data.id as number }
  }

  test('a job refused midway undoes the check-ins, the replaced day\'s values, activities, sports and note, and the definitions it created', async () => {
    const { full, before, id } = await replacingImport()
    // The stored upload's last library is broken: the job writes definitions, check-ins and more before it refuses.
    writeFileSync(uploadPath(t.dataDir, id), rezip(full, (files, top) => {
      const doc = JSON.parse(new TextDecoder().decode(files[`${top}data.json`]))
      doc.data.feeds[0].url = 'ftp://nowhere'
      files[`${top}data.json`] = text(JSON.stringify(doc, null, 2))
    }))
    expect((await runNextImportJob(t.deps))?.status).toBe('failed')
    expect(await importStatus(t, bob)).toMatchObject({ status: 'failed', error: 'Invalid value in data.json, feeds 1: The url field must be a valid URL.' })
    expect(await api(bob, '/api/v1/trackers')).toEqual(before.trackers)
    expect(await api(bob, '/api/v1/activities')).toEqual(before.activities)
    expect(await api(bob, '/api/v1/sports')).toEqual(before.sports)
    expect(await api(bob, '/api/v1/check-in')).toEqual(before.days)
    expect((await sportsOf(bob))['2026-06-01']).toEqual(['footprints', 'Rowing'])
    expect(t.deps.db.select().from(importUndo).all()).toEqual([])
  })

  test('a job the process died in is undone at the next start, definitions included, and runs again', async () => {
    const { before, id } = await replacingImport()
    await crashDuringJob(t, id)
    // the crash came after the definitions and the check-ins were written
    expect((await api(bob, '/api/v1/trackers')).map((tr: any) => tr.name)).toEqual(['Energy', 'Gym', 'Weight'])
    expect((await api(bob, '/api/v1/check-in')).find((c: any) => c.date === '2026-06-01')?.note).toBe('# A good day\n\nA long walk, then tea.')
    expect((await sportsOf(bob))['2026-06-01']).toEqual(['yoga', 'Climbing', 'Tennis'])
    expect(await recoverImports(t.deps)).toEqual({ requeued: 1, removed: 0 })
    expect(await api(bob, '/api/v1/trackers')).toEqual(before.trackers)
    expect(await api(bob, '/api/v1/activities')).toEqual(before.activities)
    expect(await api(bob, '/api/v1/sports')).toEqual(before.sports)
    expect(await api(bob, '/api/v1/check-in')).toEqual(before.days)
    expect(t.deps.db.select().from(importUndo).all()).toEqual([])
    expect((await runNextImportJob(t.deps))?.status).toBe('completed')
    expect((await importStatus(t, bob)).counts.trackers).toEqual({ ...none, imported: 2, skipped: 1 })
    expect((await importStatus(t, bob)).counts.sports).toEqual({ ...none, imported: 2 })
  })
})

describe('hostile archives are refused before anything is written', () => {
  async function expectRefused(bytes: Uint8Array, message: string) {
    const r = await postImport(t, bob, bytes)
    expect({ status: r.status, code: r.body.code, message: r.body.message }).toEqual({ status: 422, code: 'validation_failed', message })
    expect(r.body.errors.file).toEqual([message])
    expect(t.deps.db.select().from(importJobs).where(eq(importJobs.userId, bob.id)).all()).toEqual([])
    expect(await api(bob, '/api/v1/trackers')).toEqual([])
    expect(await api(bob, '/api/v1/activities')).toEqual([])
    expect(await api(bob, '/api/v1/sports')).toHaveLength(6)
  }
  const withManifest = (edit: (checkIn: any) => void) => rezip(archive, (files, top) => {
    const manifest = JSON.parse(new TextDecoder().decode(files[`${top}manifest.json`]))
    edit(manifest.features.find((f: any) => f.name === 'checkIn'))
    files[`${top}manifest.json`] = text(JSON.stringify(manifest, null, 2))
  })

  test('a value outside its tracker\'s range, or not of its kind, in data.json', async () => {
    await expectRefused(withData((d) => { d.checkIn[0].values[own.energy.id] = 11 }),
      `Invalid value in data.json, checkIn 1: The values.${own.energy.id} field must be an integer from 0 to 10.`)
    await expectRefused(withData((d) => { d.checkIn[1].values[own.gym.id] = 'maybe' }),
      `Invalid value in data.json, checkIn 2: The values.${own.gym.id} field must be true or false.`)
    await expectRefused(withData((d) => { d.checkIn[0].values[own.weight.id] = 71.55 }),
      `Invalid value in data.json, checkIn 1: The values.${own.weight.id} field must have at most 1 decimal places.`)
  })

  test('ids of no definition of the archive: a tracker, an activity, definitions listed after the days that name them', async () => {
    await expectRefused(withData((d) => { d.checkIn[0].values['999999'] = 1 }), 'Invalid value in data.json, checkIn 1: The selected values.999999 is invalid.')
    await expectRefused(withData((d) => { d.checkIn[1].activities = [424242] }), 'Invalid value in data.json, checkIn 2: The selected activities.0 is invalid.')
    await expectRefused(withDoc((doc) => {
      const { trackers, activities, ...rest } = doc.data
      doc.data = { ...rest, trackers, activities }
    }), `Invalid value in data.json, checkIn 1: The selected values.${own.energy.id} is invalid.`)
  })

  test('10,000 activities: in a day, in data.json, or counted by the manifest', async () => {
    await expectRefused(withData((d) => { d.checkIn[0].activities = Array.from({ length: 10_000 }, () => own.family.id) }),
      'Invalid value in data.json, checkIn 1: The activities field must not have more than 200 items.')
    await expectRefused(withData((d) => {
      d.activities = Array.from({ length: 10_000 }, (_, i) => ({ ...d.activities[0], id: 1_000_000 + i, name: `A${i}` }))
    }), 'The archive entry "data.json" is larger than the records its manifest counts can be (1.1 MiB).')
    await expectRefused(withData((d) => { d.activities.push({ ...d.activities[0], id: 77, name: 'Third' }) }),
      'data.json does not hold the 2 activities records its manifest counts.')
    await expectRefused(withManifest((checkIn) => { checkIn.activities = 10_000 }), 'manifest.json counts 10000 activities, more than the 200 one person can have.')
  })

  test('definitions that break the trackers\' rules or repeat one another', async () => {
    await expectRefused(withData((d) => { d.trackers[0].min = null }), 'Invalid value in data.json, trackers 1: The min field must be an integer from 0 to 9.')
    await expectRefused(withData((d) => { d.trackers[1].kind = 'mood' }), 'Invalid value in data.json, trackers 2: The selected kind is invalid.')
    await expectRefused(withData((d) => { d.trackers[1].name = 'energy' }), 'Invalid value in data.json, trackers 2: the name energy appears twice.')
    await expectRefused(withData((d) => { d.trackers[2].id = d.trackers[0].id }), `Invalid value in data.json, trackers 3: the id ${own.energy.id} appears twice.`)
    await expectRefused(withData((d) => { d.activities[0].id = 'family' }), 'Invalid value in data.json, activities 1: The id field must be a positive integer.')
    await expectRefused(withData((d) => { d.activities[1].name = 'x'.repeat(51) }), 'Invalid value in data.json, activities 2: The name field must not be greater than 50 characters.')
    await expectRefused(rezip(archive, (files, top) => { files[`${top}trackers.csv`] = text('ID,Name\r\n') }), 'trackers.csv holds 0 rows but the manifest counts 3.')
  })

  test('own sports that break the sports\' rules, repeat one another or are more than one person can have', async () => {
    await expectRefused(withData((d) => { d.sports[0].id = 3 }), 'Invalid value in data.json, sports 1: The id field must not be a built-in sport\'s code (1 to 6).')
    await expectRefused(withData((d) => { d.sports[1].name = 'CLIMBING' }), 'Invalid value in data.json, sports 2: the name CLIMBING appears twice.')
    await expectRefused(withData((d) => { d.sports[1].emoji = 7 }), 'Invalid value in data.json, sports 2: The emoji field must be a string.')
    await expectRefused(withManifest((checkIn) => { checkIn.sports = 51 }), 'manifest.json counts 51 sports, more than the 50 one person can have.')
    await expectRefused(rezip(archive, (files, top) => { files[`${top}sports.csv`] = text('ID,Name\r\n') }), 'sports.csv holds 0 rows but the manifest counts 2.')
    await expectRefused(rezip(archive, (files, top) => { delete files[`${top}sports.csv`] }), 'The archive lacks sports.csv, which its manifest lists.')
  })
})
