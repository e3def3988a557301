import { beforeEach, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { HOUR } from '../../src/lib/clock'
import { exportJobs as exportSchedule } from '../../src/features/export/jobs'
import { cleanupExports } from '../../src/features/export/cleanup'
import { exportJobs } from '../../src/features/export/schema'
import { download, expectError, exportStatus, jobRow, runJob, startExport } from './helpers'

const t = useTestApp()
let alice: TestUser
beforeEach(async () => {
  alice = await createUser(t, { name: 'Alice' })
})

const archiveFile = (user: TestUser, id: number) => join(t.dataDir, 'exports', user.id, `export_${id}.zip`)

describe('export cleanup job', () => {
  test('is scheduled hourly at :05', () => {
    expect(exportSchedule(t.deps).map((j) => [j.name, j.pattern])).toEqual([['export cleanup', '5 * * * *']])
  })

  test('deletes expired archives and keeps the rows, so downloads keep answering 410', async () => {
    const id = await startExport(t, alice, ['profile'])
    await runJob(t)
    expect(await cleanupExports(t.deps)).toEqual({ expired: 0, parts: 0, orphans: 0 })
    expect(existsSync(archiveFile(alice, id))).toBe(true)

    t.clock.advance(48 * HOUR)
    expect(await cleanupExports(t.deps)).toEqual({ expired: 1, parts: 0, orphans: 0 })
    expect(existsSync(archiveFile(alice, id))).toBe(false)
    expect(jobRow(t, id)).toMatchObject({ status: 'completed', fileDeletedAt: t.clock.now() })
    expect(await exportStatus(t, alice)).toMatchObject({ id, status: 'completed', is_expired: true })
    expectError(await download(t, alice, id), 410, 'export_expired', 'Export has expired.')
    // idempotent
    expect(await cleanupExports(t.deps)).toEqual({ expired: 0, parts: 0, orphans: 0 })
  })

  test('deletes stray .part files but not the running job\'s, and folders of users that no longer exist', async () => {
    const id = await startExport(t, alice, ['profile'])
    t.deps.db.update(exportJobs).set({ status: 'in-progress', startedAt: t.clock.now() }).run()
    const tmp = join(t.dataDir, 'exports', 'tmp')
    writeFileSync(join(tmp, `export_${id}.zip.part`), 'being written')
    writeFileSync(join(tmp, 'export_4242.zip.part'), 'left behind')
    writeFileSync(join(tmp, 'junk'), 'left behind')
    const ghost = join(t.dataDir, 'exports', '0197a1b2-9a00-7c44-8d55-2e3f4a5b6c7d')
    mkdirSync(ghost)
    writeFileSync(join(ghost, 'export_1.zip'), 'zip')
    expect(await cleanupExports(t.deps)).toEqual({ expired: 0, parts: 2, orphans: 1 })
    expect(readdirSync(tmp)).toEqual([`export_${id}.zip.part`])
    expect(existsSync(ghost)).toBe(false)
  })
})
