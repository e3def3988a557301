import { beforeEach, describe, expect, test } from 'bun:test'
import { rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { HOUR } from '../../src/lib/clock'
import { exportJobs } from '../../src/features/export/schema'
import { download, expectError, exportStatus, runJob, startExport } from './helpers'

const t = useTestApp({ EXPORT_TTL_HOURS: '6' })
let alice: TestUser
let bob: TestUser
beforeEach(async () => {
  alice = await createUser(t, { name: 'Alice' })
  bob = await createUser(t, { name: 'Bob' })
})

async function completedExport(user = alice): Promise<number> {
  const id = await startExport(t, user, ['profile'])
  expect((await runJob(t)).status).toBe('completed')
  return id
}

describe('GET /v1/export/{id}/download', () => {
  test('200 streams the archive with the download headers', async () => {
    const id = await completedExport()
    const file = join(t.dataDir, 'exports', alice.id, `export_${id}.zip`)
    const r = await download(t, alice, id)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('application/zip')
    expect(r.headers.get('content-length')).toBe(String(statSync(file).size))
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="export_${id}.zip"`)
    expect(r.headers.get('cache-control')).toBe('no-store')
    expect(r.headers.get('x-content-type-options')).toBe('nosniff')
    const bytes = new Uint8Array(await r.raw.arrayBuffer())
    expect(bytes).toEqual(new Uint8Array(await Bun.file(file).arrayBuffer()))
    expect((await exportStatus(t, alice)).size_bytes).toBe(bytes.length)
  })

  test('the Accept header does not matter', async () => {
    const id = await completedExport()
    const r = await t.request('GET', `/api/v1/export/${id}/download`, { token: alice.token, headers: { accept: 'application/json' } })
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('application/zip')
  })

  test('404 Export not found. for another user\'s, unknown and malformed ids', async () => {
    const id = await completedExport()
    expectError(await download(t, bob, id), 404, 'not_found', 'Export not found.')
    expectError(await download(t, alice, id + 1000), 404, 'not_found', 'Export not found.')
    // malformed ids are answered like unknown ones, with the endpoint's own message (docs/api/export.md §5)
    for (const bad of ['abc', '0', '-1', '01', '1.5', '99999999999999999']) {
      expectError(await download(t, alice, bad), 404, 'not_found', 'Export not found.')
    }
    expectError(await t.request('GET', '/api/v1/export/abc/download'), 404, 'not_found', 'Export not found.')
    // other paths keep the generic message
    expectError(await t.request('GET', '/api/v1/export/abc', { token: alice.token }), 404, 'not_found', 'The requested resource was not found.')
    expectError(await t.request('POST', '/api/v1/export/abc/download', { token: alice.token }), 404, 'not_found', 'The requested resource was not found.')
    expectError(await t.request('POST', `/api/v1/export/${id}/download`, { token: alice.token }), 405, 'method_not_allowed')
  })

  test('409 while pending or in-progress; 409 export_failed when failed', async () => {
    const id = await startExport(t, alice)
    expectError(await download(t, alice, id), 409, 'export_not_ready', 'Export is not ready yet.')
    t.deps.db.update(exportJobs).set({ status: 'in-progress', startedAt: t.clock.now() }).run()
    expectError(await download(t, alice, id), 409, 'export_not_ready', 'Export is not ready yet.')
    t.deps.db.update(exportJobs).set({ status: 'failed', error: 'Export could not be created.' }).run()
    expectError(await download(t, alice, id), 409, 'export_failed', 'Export failed.')
    // another user's job: 404 comes before the state checks
    expectError(await download(t, bob, id), 404, 'not_found', 'Export not found.')
  })

  test('410 once expires_at (completed_at + EXPORT_TTL_HOURS) has passed', async () => {
    const id = await completedExport()
    const status = await exportStatus(t, alice)
    expect(Date.parse(status.expires_at) - Date.parse(status.completed_at)).toBe(6 * HOUR)
    t.clock.advance(6 * HOUR - 1)
    expect((await download(t, alice, id)).status).toBe(200)
    expect((await exportStatus(t, alice)).is_expired).toBe(false)
    t.clock.advance(1)
    expectError(await download(t, alice, id), 410, 'export_expired', 'Export has expired.')
    expect(await exportStatus(t, alice)).toMatchObject({ status: 'completed', is_expired: true })
  })

  test('404 Export file not found. when the archive is missing', async () => {
    const id = await completedExport()
    rmSync(join(t.dataDir, 'exports', alice.id, `export_${id}.zip`))
    expectError(await download(t, alice, id), 404, 'not_found', 'Export file not found.')
  })

  test('401 without a token', async () => {
    const id = await completedExport()
    expectError(await t.request('GET', `/api/v1/export/${id}/download`), 401, 'unauthenticated', 'Unauthenticated.')
  })

  test('download and status are never rate limited', async () => {
    const id = await completedExport()
    for (let i = 0; i < 5; i++) {
      expect((await download(t, alice, id)).status).toBe(200)
      expect((await t.request('GET', '/api/v1/export/status', { token: alice.token })).status).toBe(200)
    }
  })
})
