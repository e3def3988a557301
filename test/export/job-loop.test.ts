import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { createTestApp, T0, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { DAY, MINUTE } from '../../src/lib/clock'
import { users } from '../../src/features/users/schema'
import { exportJobs } from '../../src/features/export/schema'
import { runNextExportJob } from '../../src/features/export/run-job'
import { startExportWorker, type ExportWorker } from '../../src/features/export/worker'
import { recoverExports } from '../../src/features/export/recovery'
import { download, exportStatus, fetchArchive, jobRow, requestExport, runJob, startExport } from './helpers'

let t: TestApp
let alice: TestUser
let worker: ExportWorker | undefined
beforeEach(async () => {
  t = createTestApp()
  alice = await createUser(t, { name: 'Alice' })
})
afterEach(async () => {
  await worker?.stop()
  worker = undefined
  t.close()
})

const tmpDir = () => join(t.dataDir, 'exports', 'tmp')

/** Makes the final move fail: a plain file where the user's archive folder must go. */
function blockArchiveFolder(user: TestUser) {
  mkdirSync(join(t.dataDir, 'exports'), { recursive: true })
  writeFileSync(join(t.dataDir, 'exports', user.id), 'not a folder')
}

describe('running jobs', () => {
  test('pending → in-progress (started_at) → completed; nothing to do afterwards', async () => {
    const id = await startExport(t, alice, ['profile'])
    t.clock.advance(5000)
    expect(await runJob(t)).toEqual({ id, status: 'completed' })
    expect(jobRow(t, id)).toMatchObject({ status: 'completed', startedAt: T0 + 5000, completedAt: T0 + 5000, error: null })
    expect(await runNextExportJob(t.deps)).toBeUndefined()
    expect(readdirSync(tmpDir())).toEqual([])
  })

  test('oldest pending job first (created_at, then id)', async () => {
    const bob = await createUser(t, { name: 'Bob' })
    const carol = await createUser(t, { name: 'Carol' })
    t.clock.advance(1000)
    const late = await startExport(t, bob, ['profile'])
    t.deps.db.update(exportJobs).set({ createdAt: T0 + 2000 }).where(eq(exportJobs.id, late)).run()
    const first = await startExport(t, alice, ['profile'])
    const second = await startExport(t, carol, ['profile'])
    expect((await runJob(t)).id).toBe(first)
    expect((await runJob(t)).id).toBe(second)
    expect((await runJob(t)).id).toBe(late)
  })

  test('an error fails the job with a short reason, details only in the log; the next request is allowed', async () => {
    blockArchiveFolder(alice)
    const id = await startExport(t, alice, ['profile'])
    expect(await runJob(t)).toEqual({ id, status: 'failed' })
    expect(await exportStatus(t, alice)).toMatchObject({ id, status: 'failed', error: 'Export could not be created.', completed_at: null, size_bytes: null })
    const logged = t.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'export failed')
    expect(logged).toMatchObject({ level: 'error', export_id: id, user_id: alice.id })
    expect(logged.error).toBeString()
    expect(readdirSync(tmpDir())).toEqual([])

    rmSync(join(t.dataDir, 'exports', alice.id))
    const next = await startExport(t, alice, ['profile'])
    expect(await runJob(t)).toEqual({ id: next, status: 'completed' })
    expect((await download(t, alice, next)).status).toBe(200)
  })

  test('a job still running after 10 minutes fails with Export timed out.', async () => {
    const id = await startExport(t, alice)
    const running = runNextExportJob(t.deps)
    t.clock.advance(10 * MINUTE)
    expect(await running).toEqual({ id, status: 'failed' })
    expect(jobRow(t, id)).toMatchObject({ status: 'failed', error: 'Export timed out.' })
    expect(readdirSync(tmpDir())).toEqual([])
    expect(existsSync(join(t.dataDir, 'exports', alice.id))).toBe(false)
  })

  test('stopping (shutdown) puts the running job back to pending and deletes its partial file', async () => {
    const id = await startExport(t, alice)
    const stop = new AbortController()
    const running = runNextExportJob(t.deps, { signal: stop.signal })
    expect(jobRow(t, id)).toMatchObject({ status: 'in-progress', startedAt: T0 })
    stop.abort()
    expect(await running).toEqual({ id, status: 'pending' })
    expect(jobRow(t, id)).toMatchObject({ status: 'pending', startedAt: null })
    expect(readdirSync(tmpDir())).toEqual([])
    // it runs again later and completes
    expect(await runJob(t)).toEqual({ id, status: 'completed' })
  })

  test('the user deleted mid-job: the job stops and their files are deleted', async () => {
    const old = await startExport(t, alice, ['profile'])
    await runJob(t)
    t.clock.advance(DAY)
    const id = await startExport(t, alice)
    const running = runNextExportJob(t.deps)
    t.deps.db.delete(users).where(eq(users.id, alice.id)).run()
    expect(await running).toEqual({ id, status: 'gone' })
    expect(jobRow(t, id)).toBeUndefined()
    expect(jobRow(t, old)).toBeUndefined()
    expect(existsSync(join(t.dataDir, 'exports', alice.id))).toBe(false)
    expect(readdirSync(tmpDir())).toEqual([])
  })

  test('the user deleted while the archive is being written: stopped at the next checkpoint, files deleted', async () => {
    const id = await startExport(t, alice)
    const part = join(tmpDir(), `export_${id}.zip.part`)
    const now = t.clock.now
    let deletedWhileWriting = false
    // The checkpoint reads the clock before it looks for the job: delete the user there, once the part file exists.
    t.clock.now = () => {
      if (!deletedWhileWriting && existsSync(part)) {
        deletedWhileWriting = true
        t.deps.db.delete(users).where(eq(users.id, alice.id)).run()
      }
      return now()
    }
    expect(await runNextExportJob(t.deps)).toEqual({ id, status: 'gone' })
    expect(deletedWhileWriting).toBe(true)
    expect(readdirSync(tmpDir())).toEqual([])
    expect(existsSync(join(t.dataDir, 'exports', alice.id))).toBe(false)
  })
})

describe('the worker', () => {
  test('a new export wakes it; the job completes without a manual run', async () => {
    worker = startExportWorker(t.deps)
    t.deps.exportWorker = worker
    const id = await startExport(t, alice, ['profile'])
    const end = Date.now() + 5000
    while ((await exportStatus(t, alice)).status !== 'completed' && Date.now() < end) await Bun.sleep(5)
    expect(await exportStatus(t, alice)).toMatchObject({ id, status: 'completed' })
    expect((await download(t, alice, id)).status).toBe(200)
  })

  test('stop() returns the running job to pending', async () => {
    const id = await startExport(t, alice)
    worker = startExportWorker(t.deps) // takes the pending job at once
    expect(jobRow(t, id)!.status).toBe('in-progress')
    await worker.stop()
    expect(jobRow(t, id)).toMatchObject({ status: 'pending', startedAt: null })
    expect(readdirSync(tmpDir())).toEqual([])
  })
})

describe('recovery after a crash', () => {
  test('an in-progress job on a new start goes back to pending, tmp is emptied, and the job then completes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'daybook-export-crash-'))
    try {
      const before = createTestApp({}, dataDir)
      const user = await createUser(before, { name: 'Dana' })
      const id = await startExport(before, user, ['checkIn', 'profile'])
      // the crash: the job was taken and a partial archive written when the process died
      before.deps.db.update(exportJobs).set({ status: 'in-progress', startedAt: T0 }).run()
      writeFileSync(join(dataDir, 'exports', 'tmp', `export_${id}.zip.part`), 'partial')
      writeFileSync(join(dataDir, 'exports', 'tmp', 'export_999.zip.part'), 'older leftover')
      before.close()

      const after = createTestApp({}, dataDir)
      try {
        expect(recoverExports(after.deps)).toEqual({ requeued: 1, removed: 2 })
        expect(readdirSync(join(dataDir, 'exports', 'tmp'))).toEqual([])
        expect(await exportStatus(after, user)).toMatchObject({ id, status: 'pending', started_at: null })
        expect((await requestExport(after, user)).status).toBe(429)
        expect(await runJob(after)).toEqual({ id, status: 'completed' })
        const archive = await fetchArchive(after, user, id)
        expect(archive.json('profile.json').id).toBe(user.id)
      } finally {
        after.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
