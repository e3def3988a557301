import { afterEach, describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser } from '../helpers/fixtures'
import { expectUnauthenticated } from '../helpers/expect'
import { resolveUserFile } from '../../src/lib/files'
import { users } from '../../src/features/users/schema'
import { checkIns } from '../../src/features/check-in/schema'
import { importJobs, importUndo } from '../../src/features/import/schema'
import { recoverImports } from '../../src/features/import/recovery'
import { runNextImportJob } from '../../src/features/import/run-job'
import { comparableData, crashDuringJob, exportAll, fillAccount, importArchive, importStatus, postImport } from './helpers'

const apps: TestApp[] = []
const app = () => { const t = createTestApp(); apps.push(t); return t }
afterEach(() => { for (const t of apps.splice(0)) t.close() })

describe('import of an export', () => {
  test('round trip: export, import into a new account on a fresh instance, export again → the same data; a second import changes nothing', async () => {
    const one = app()
    const alice = await createUser(one)
    await fillAccount(one, alice)
    const first = await exportAll(one, alice)

    const two = app()
    two.clock.set('2026-09-01T00:00:00.000Z')
    const bob = await createUser(two)
    const job = await importArchive(two, bob, first, undefined, 'include')
    expect(job).toMatchObject({ status: 'completed', progress: 100, mode: 'merge', error: null, with_settings: true })
    expect(job.counts).toEqual({
      trackers: { imported: 0, skipped: 0, refused: 0, refused_why: [] },
      activities: { imported: 0, skipped: 0, refused: 0, refused_why: [] },
      sports: { imported: 0, skipped: 0, refused: 0, refused_why: [] },
      checkIn: { imported: 3, skipped: 0, refused: 0, refused_why: [] },
      values: { imported: 0, skipped: 0, refused: 0, refused_why: [] },
      clipboard: { imported: 3, skipped: 0, refused: 0, refused_why: [] },
      todos: { imported: 1, skipped: 0, refused: 0, refused_why: [] },
      notes: { imported: 1, skipped: 0, refused: 0, refused_why: [] },
      links: { imported: 1, skipped: 0, refused: 0, refused_why: [] },
      music: { imported: 1, skipped: 0, refused: 0, refused_why: [] },
      books: { imported: 1, skipped: 0, refused: 0, refused_why: [] },
      movies: { imported: 1, skipped: 0, refused: 0, refused_why: [] },
      games: { imported: 1, skipped: 0, refused: 0, refused_why: [] },
      recipes: { imported: 1, skipped: 0, refused: 0, refused_why: [] },
      quotes: { imported: 3, skipped: 0, refused: 0, refused_why: [] },
      plants: { imported: 1, skipped: 0, refused: 0, refused_why: [] },
      feeds: { imported: 1, skipped: 0, refused: 0, refused_why: [] },
      friends: { imported: 0, skipped: 0, refused: 0, refused_why: [] },
      settings: { imported: 1, skipped: 0, refused: 0, refused_why: [] },
      profile_image: { imported: 1, skipped: 0, refused: 0, refused_why: [] },
    })
    // the imported files are private and the profile image is there
    const row = two.deps.db.select().from(users).where(eq(users.id, bob.id)).get()!
    expect(row.profileImagePath).toStartWith(`${bob.id}/profile/`)
    expect(statSync(resolveUserFile(two.dataDir, row.profileImagePath!)).mode & 0o777).toBe(0o600)

    two.clock.advance(2 * 24 * 3600 * 1000)
    const second = await exportAll(two, bob)
    expect(comparableData(second)).toEqual(comparableData(first))

    // importing the same archive again changes nothing
    const before = two.deps.db.select().from(checkIns).all()
    const again = await importArchive(two, bob, first, undefined, 'include')
    for (const [kind, c] of Object.entries(again.counts as Record<string, any>)) {
      expect({ kind, imported: c.imported }).toEqual({ kind, imported: 0 })
    }
    expect(again.counts.clipboard.skipped).toBe(3)
    expect(again.counts.quotes.skipped).toBe(3)
    expect(two.deps.db.select().from(checkIns).all()).toEqual(before)
    two.clock.advance(2 * 24 * 3600 * 1000)
    expect(comparableData(await exportAll(two, bob))).toEqual(comparableData(first))
  })

  test('an account keeps its own settings and profile picture unless the import is asked to take the archive\'s', async () => {
    const t = app()
    const alice = await createUser(t)
    await fillAccount(t, alice)
    const archive = await exportAll(t, alice)
    const bob = await createUser(t)
    expect((await t.request('PUT', '/api/v1/users/me/settings/language', { token: bob.token, body: { language: 'fr' } })).status).toBe(200)
    const me = async () => (await t.request('GET', '/api/v1/users/me', { token: bob.token })).body.data
    const before = await me()

    const kept = await importArchive(t, bob, archive)
    expect(kept.with_settings).toBe(false)
    expect(Object.keys(kept.counts)).not.toContain('settings')
    expect(Object.keys(kept.counts)).not.toContain('profile_image')
    expect(kept.counts.checkIn.imported).toBe(3)
    // the account as it was: settings, picture, updated_at
    expect(await me()).toEqual(before)
    expect(readdirSync(`${t.dataDir}/files/user/${bob.id}`)).not.toContain('profile')

    const taken = await importArchive(t, bob, archive, undefined, 'include')
    expect(taken).toMatchObject({ with_settings: true, counts: { settings: { imported: 1 }, profile_image: { imported: 1 } } })
    expect((await me()).settings).toMatchObject({ language: 'de', timezone: 'Europe/Berlin' })

    const bad = await postImport(t, bob, archive, undefined, 'everything')
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({ settings: ['The selected settings is invalid.'] })
  })

  test('an existing check-in date keeps its values, or takes the archive\'s with mode=replace', async () => {
    const t = app()
    const alice = await createUser(t)
    await t.request('POST', '/api/v1/check-in', { token: alice.token, body: { date: '2026-06-01', mood: 5 } })
    const archive = await exportAll(t, alice)
    const bob = await createUser(t)
    await t.request('POST', '/api/v1/check-in', { token: bob.token, body: { date: '2026-06-01', mood: 2, water: 3 } })
    const mood = async () => (await t.request('GET', '/api/v1/check-in', { token: bob.token })).body.data[0]
    const merged = await importArchive(t, bob, archive)
    expect(merged.counts.checkIn).toEqual({ imported: 0, skipped: 1, refused: 0, refused_why: [] })
    expect(await mood()).toMatchObject({ mood: 2, water: 3 })
    const replaced = await importArchive(t, bob, archive, 'replace')
    expect(replaced.mode).toBe('replace')
    expect(replaced.counts.checkIn).toEqual({ imported: 1, skipped: 0, refused: 0, refused_why: [] })
    expect(await mood()).toMatchObject({ mood: 5, water: null })
    const same = await importArchive(t, bob, archive, 'replace')
    expect(same.counts.checkIn).toEqual({ imported: 0, skipped: 1, refused: 0, refused_why: [] })
  })

  test('other users\' data is untouched; friends are never imported', async () => {
    const t = app()
    const alice = await createUser(t)
    const carol = await createUser(t)
    await t.request('POST', '/api/v1/check-in', { token: carol.token, body: { date: '2026-06-01', mood: 1 } })
    await fillAccount(t, alice)
    const archive = await exportAll(t, alice)
    const bob = await createUser(t)
    const carolBefore = t.deps.db.select().from(checkIns).where(eq(checkIns.userId, carol.id)).all()
    const aliceBefore = t.deps.db.select().from(checkIns).where(eq(checkIns.userId, alice.id)).all()
    await importArchive(t, bob, archive)
    expect(t.deps.db.select().from(checkIns).where(eq(checkIns.userId, carol.id)).all()).toEqual(carolBefore)
    expect(t.deps.db.select().from(checkIns).where(eq(checkIns.userId, alice.id)).all()).toEqual(aliceBefore)
    expect((await t.request('GET', '/api/v1/check-in', { token: bob.token })).body.data).toHaveLength(3)
  })

  test('status: none yet, then pending; one import at a time (429 in the export\'s style); 401 without a token', async () => {
    const t = app()
    const alice = await createUser(t)
    expectUnauthenticated(await postImport(t, undefined, new Uint8Array([1])))
    expectUnauthenticated(await t.request('GET', '/api/v1/import/status'))
    const none = await t.request('GET', '/api/v1/import/status', { token: alice.token })
    expect(none.body).toMatchObject({ message: 'No imports found.', data: null })
    const archive = await exportAll(t, alice)
    const r = await postImport(t, alice, archive)
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ message: 'Import started.', data: { status: 'pending', mode: 'merge' } })
    expect(r.headers.get('x-ratelimit-limit')).toBe('10')
    expect(r.headers.get('x-ratelimit-remaining')).toBe('9')
    expect(await importStatus(t, alice)).toMatchObject({ id: r.body.data.id, status: 'pending', progress: 0, counts: null, error: null })
    const busy = await postImport(t, alice, archive)
    expect(busy.status).toBe(429)
    expect(busy.body).toMatchObject({ code: 'rate_limited', message: 'An import is already running. Please wait until it has finished.' })
    expect(busy.headers.get('retry-after')).toBe('10')
    expect(busy.headers.get('x-ratelimit-remaining')).toBe('8')
    // another user is not limited by it
    const bob = await createUser(t)
    expect((await postImport(t, bob, archive)).status).toBe(201)
  })

  test('an import interrupted by a restart is undone (rows, replaced values, files), goes back to pending and runs again', async () => {
    const t = app()
    const alice = await createUser(t)
    await fillAccount(t, alice)
    const archive = await exportAll(t, alice)
    const bob = await createUser(t)
    const before = await t.request('POST', '/api/v1/check-in', { token: bob.token, body: { date: '2026-06-01', mood: 5 } })
    expect(before.status).toBeLessThan(300)
    const r = await postImport(t, bob, archive, 'replace')
    const id = r.body.data.id
    // The process dies in the middle of the job: its writer has written some batches and an image file.
    await crashDuringJob(t, id)
    const written = readdirSync(`${t.dataDir}/files/user/${bob.id}/clipboard`)
    expect(written).toHaveLength(1)
    expect(t.deps.db.select().from(importUndo).all().length).toBeGreaterThan(0)

    expect(await recoverImports(t.deps)).toEqual({ requeued: 1, removed: 0 })
    expect(readdirSync(`${t.dataDir}/files/user/${bob.id}/clipboard`)).toEqual([])
    expect(t.deps.db.select().from(importUndo).all()).toEqual([])
    const checkInsNow = (await t.request('GET', '/api/v1/check-in', { token: bob.token })).body.data
    expect(checkInsNow).toHaveLength(1)
    expect(checkInsNow[0]).toMatchObject({ date: '2026-06-01', mood: 5 })
    expect((await t.request('GET', '/api/v1/clipboard', { token: bob.token })).body.data).toEqual([])
    expect(await importStatus(t, bob)).toMatchObject({ id, status: 'pending', started_at: null })

    expect((await runNextImportJob(t.deps))?.status).toBe('completed')
    expect(existsSync(`${t.dataDir}/imports/import_${id}.zip`)).toBe(false)
    expect(t.deps.db.select().from(importUndo).all()).toEqual([])
    expect((await importStatus(t, bob)).counts.checkIn).toMatchObject({ imported: 3, skipped: 0 })
  })
})
