/**
 * An import from another app is all or nothing like an export's (docs/api/import.md §6): a job the process dies in
 * is undone at the next start — days, created trackers and activities — and, its format and mapping kept beside
 * the upload, runs again to completion with that mapping.
 */
import { expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { existsSync } from 'node:fs'
import { useTestApp } from '../helpers/use-test-app'
import { createUser } from '../helpers/fixtures'
import { importJobs } from '../../src/features/import/schema'
import { formatPath, uploadPath } from '../../src/features/import/paths'
import { recoverImports } from '../../src/features/import/recovery'
import { runNextImportJob } from '../../src/features/import/run-job'
import { ImportWriter } from '../../src/features/import/apply'
import type { ImportSink } from '../../src/features/import/archive'
import { readForeignJob } from '../../src/features/import/formats/job'
import { timeSlicer } from '../../src/lib/time-slice'
import { daysByDate, get, postForeign } from './foreign-helpers'

const t = useTestApp()

const file = [
  'full_date,date,weekday,time,mood,activities,scales,note_title,note',
  ...Array.from({ length: 600 }, (_, i) => {
    const date = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)
    return `${date},x,x,9:00 pm,Top,reading,Stress: ${(i % 5) + 1},,`
  }).reverse(),
].join('\n')

test('a job the process died in is undone at the next start and runs again with its mapping', async () => {
  const alice = await createUser(t)
  const r = await postForeign(t, alice, file, 'daylio-csv', { mapping: { moods: { Top: 5 } } })
  expect(r.status).toBe(201)
  const id = r.body.data.id
  expect(existsSync(formatPath(t.deps.config.dataDir, id))).toBe(true)

  // the job writes its first batches (250 days each), then the process dies
  const job = t.deps.db.select().from(importJobs).where(eq(importJobs.id, id)).get()!
  t.deps.db.update(importJobs).set({ status: 'in-progress', startedAt: t.clock.now() }).where(eq(importJobs.id, id)).run()
  const pause = timeSlicer()
  const writer = new ImportWriter(t.deps, job, pause)
  const crash = new Error('the process died')
  let days = 0
  const dying: ImportSink = {
    tracker: (record) => writer.tracker(record), activity: (record) => writer.activity(record), sport: (record) => writer.sport(record),
    checkIn: (record) => { if (++days > 520) throw crash; return writer.checkIn(record) },
    clipboard: () => { throw crash }, item: () => { throw crash }, profile: () => { throw crash },
  }
  const stored = await Bun.file(formatPath(t.deps.config.dataDir, id)).text()
  const bytes = new Uint8Array(await Bun.file(uploadPath(t.deps.config.dataDir, id)).arrayBuffer())
  await expect(readForeignJob(t.deps, alice.id, stored, bytes, dying, pause)).rejects.toBe(crash)
  expect((await get(t, alice, '/api/v1/check-in')).length).toBe(500)

  await recoverImports(t.deps)
  expect(await get(t, alice, '/api/v1/check-in')).toEqual([])
  expect(await get(t, alice, '/api/v1/trackers')).toEqual([])
  expect(await get(t, alice, '/api/v1/activities')).toEqual([])
  expect(existsSync(formatPath(t.deps.config.dataDir, id))).toBe(true)

  expect((await runNextImportJob(t.deps))?.status).toBe('completed')
  const after = await daysByDate(t, alice)
  expect(Object.keys(after).length).toBe(600)
  expect(after['2020-01-01']).toEqual({ mood: 5, activities: ['reading'], values: { Stress: 1 }, note: null })
  // the upload and its format are gone with the job
  expect(existsSync(formatPath(t.deps.config.dataDir, id))).toBe(false)
  expect(existsSync(uploadPath(t.deps.config.dataDir, id))).toBe(false)
})
