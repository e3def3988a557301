/** The admin API under /api/v1/admin/backups: list, start now (asynchronous), follow a run, download, delete. */
import { describe, expect, test } from 'bun:test'
import { existsSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { useTestApp } from '../helpers/use-test-app'
import { expectError, expectInvalid, expectNotFound, expectUnauthenticated } from '../helpers/expect'
import { backupsSettled } from '../../src/features/backups/background'
import { runBackup } from '../../src/features/backups/run-backup'
import { adminAndUser } from './helpers'

const t = useTestApp()
const BASE = '/api/v1/admin/backups'

async function startAndWait(token: string) {
  const started = await t.request('POST', BASE, { token })
  expect(started.status).toBe(202)
  await backupsSettled(t.deps)
  return started
}

describe('admin backups API', () => {
  test('start now → 202 with the run; the run and the list show the result', async () => {
    const { admin } = await adminAndUser(t)
    const empty = await t.request('GET', BASE, { token: admin.token })
    expect(empty.status).toBe(200)
    expect(empty.body.data).toEqual({ backups: [], offsite: null, schedule: { pattern: '0 3 * * *', timezone: 'UTC' }, keep: 7, runs: [] })

    const started = await t.request('POST', BASE, { token: admin.token })
    expect(started.status).toBe(202)
    expect(started.body).toMatchObject({ success: true, message: 'Backup started.' })
    expect(started.body.data).toEqual({
      id: expect.any(Number), trigger: 'admin', status: 'pending', created_at: '2026-06-24T10:00:00.000Z',
      started_at: null, finished_at: null, file: null, size_bytes: null, error: null,
    })
    await backupsSettled(t.deps)
    const run = await t.request('GET', `${BASE}/runs/${started.body.data.id}`, { token: admin.token })
    expect(run.status).toBe(200)
    expect(run.body.data).toMatchObject({ status: 'completed', file: 'daybook-backup-20260624T100000Z.zip', size_bytes: expect.any(Number), error: null })

    const list = await t.request('GET', BASE, { token: admin.token })
    expect(list.body.data.backups).toEqual([{
      name: 'daybook-backup-20260624T100000Z.zip', size_bytes: run.body.data.size_bytes, created_at: '2026-06-24T10:00:00.000Z', locations: ['local'],
    }])
    expect(list.body.data.runs).toEqual([run.body.data])
    const fewer = await t.request('GET', `${BASE}?runs=0`, { token: admin.token })
    expect(fewer.body.data.runs).toEqual([])
  })

  test('while a backup runs, start now answers that run; a lock without a run to show is a 409', async () => {
    const { admin } = await adminAndUser(t)
    const first = await t.request('POST', BASE, { token: admin.token })
    const second = await t.request('POST', BASE, { token: admin.token })
    expect(second.status).toBe(202)
    expect(second.body.message).toBe('A backup is already running.')
    expect(second.body.data.id).toBe(first.body.data.id)
    await backupsSettled(t.deps)
    expect(t.deps.db.$client.query('SELECT count(*) AS n FROM backup_runs').get()).toEqual({ n: 1 })
    const holder = Bun.spawn(['sleep', '30'])
    try {
      writeFileSync(join(t.dataDir, 'backup.lock'), `${holder.pid}\n`)
      expectError(await t.request('POST', BASE, { token: admin.token }), 409, 'backup_running', 'A backup is already running.')
    } finally {
      holder.kill()
      await holder.exited
    }
    await startAndWait(admin.token)
  })

  test('requests are answered while VACUUM INTO writes the snapshot: it runs on a thread of its own', async () => {
    const { admin } = await adminAndUser(t)
    // 64 MB of rows (repeated text: cheap to fingerprint and deflate), so that the copy takes a while to write.
    t.deps.db.$client.exec('CREATE TABLE ballast (b TEXT)')
    t.deps.db.$client.exec("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 16000) INSERT INTO ballast SELECT printf('%.4000c', 'x') FROM n")
    const snapshot = join(t.config.backupDir, 'daybook-backup-20260624T100000Z.zip.db.part')
    const sizeOf = () => statSync(snapshot, { throwIfNoEntry: false })?.size
    const started = await t.request('POST', BASE, { token: admin.token })
    while (sizeOf() === undefined) await Bun.sleep(1)
    // An answer counts when the snapshot grew after it: the request did not wait for VACUUM INTO to finish.
    let answeredWhileWriting = false
    while (!answeredWhileWriting && sizeOf() !== undefined) {
      expect((await t.request('GET', '/api/v1/health')).status).toBe(200)
      const atAnswer = sizeOf()
      await Bun.sleep(2)
      answeredWhileWriting = atAnswer !== undefined && (sizeOf() ?? 0) > atAnswer
    }
    await backupsSettled(t.deps)
    expect(answeredWhileWriting).toBe(true)
    expect((await t.request('GET', `${BASE}/runs/${started.body.data.id}`, { token: admin.token })).body.data.status).toBe('completed')
  })

  test('download streams the archive; delete removes it; both 404 for unknown and malformed names', async () => {
    const { admin } = await adminAndUser(t)
    const made = await runBackup(t.deps, { trigger: 'cli' })
    const name = made.path!.split('/').at(-1)!
    const download = await t.request('GET', `${BASE}/${name}/download`, { token: admin.token })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/zip')
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`)
    expect(new Uint8Array(await download.raw.arrayBuffer())).toEqual(new Uint8Array(readFileSync(made.path!)))

    const unknown = 'daybook-backup-20200101T000000Z.zip'
    expectNotFound(await t.request('GET', `${BASE}/${unknown}/download`, { token: admin.token }), 'Backup not found.')
    expectNotFound(await t.request('DELETE', `${BASE}/${unknown}`, { token: admin.token }), 'Backup not found.')
    for (const bad of ['daybook.db', '..%2Fdaybook.db', 'app.key', `${name}.part`, 'daybook-backup-x.zip', '%2Fetc%2Fpasswd']) {
      expectNotFound(await t.request('GET', `${BASE}/${bad}/download`, { token: admin.token }), 'Backup not found.')
      expectNotFound(await t.request('DELETE', `${BASE}/${bad}`, { token: admin.token }), 'Backup not found.')
    }
    expectNotFound(await t.request('GET', `${BASE}/runs/4242`, { token: admin.token }), 'Backup run not found.')
    expectNotFound(await t.request('GET', `${BASE}/runs/abc`, { token: admin.token }), 'Backup run not found.')

    const deleted = await t.request('DELETE', `${BASE}/${name}`, { token: admin.token })
    expect(deleted.status).toBe(200)
    expect(deleted.body).toMatchObject({ success: true, message: 'Backup deleted successfully.', data: null })
    expectNotFound(await t.request('GET', `${BASE}/${name}/download`, { token: admin.token }), 'Backup not found.')
    expect((await t.request('GET', BASE, { token: admin.token })).body.data.backups).toEqual([])
  })

  test('a link with a backup\'s name is no backup: not listed, not downloaded, not deleted (it could point at the database)', async () => {
    const { admin } = await adminAndUser(t)
    const name = 'daybook-backup-20260101T000000Z.zip'
    const link = join(t.config.backupDir, name)
    mkdirSync(t.config.backupDir, { recursive: true })
    symlinkSync(t.config.databasePath, link)
    expectNotFound(await t.request('GET', `${BASE}/${name}/download`, { token: admin.token }), 'Backup not found.')
    expectNotFound(await t.request('DELETE', `${BASE}/${name}`, { token: admin.token }), 'Backup not found.')
    expect((await t.request('GET', BASE, { token: admin.token })).body.data.backups).toEqual([])
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(existsSync(t.config.databasePath)).toBe(true)
  })

  test('validation of the list query', async () => {
    const { admin } = await adminAndUser(t)
    expectInvalid(await t.request('GET', `${BASE}?runs=abc`, { token: admin.token }), { runs: 'The runs field must be an integer.' })
    expectInvalid(await t.request('GET', `${BASE}?runs=101`, { token: admin.token }), { runs: 'The runs field must be between 0 and 100.' })
  })

  test('401 without a token, 403 for a signed-in non-admin on every route', async () => {
    const { user } = await adminAndUser(t)
    const name = 'daybook-backup-20260624T100000Z.zip'
    const routes: [string, string][] = [['GET', BASE], ['POST', BASE], ['GET', `${BASE}/runs/1`], ['GET', `${BASE}/${name}/download`], ['DELETE', `${BASE}/${name}`]]
    for (const [method, path] of routes) {
      expectUnauthenticated(await t.request(method, path))
      expectError(await t.request(method, path, { token: user.token }), 403, 'forbidden', 'This action is unauthorized.')
    }
    // Nothing was started by the refused requests.
    expect(t.deps.db.$client.query('SELECT count(*) AS n FROM backup_runs').get()).toEqual({ n: 0 })
  })

  test('the OpenAPI document describes the routes with their response schemas', async () => {
    const doc = (await t.request('GET', '/api/docs/json')).body
    const list = doc.paths['/api/v1/admin/backups']
    expect(list.get.security).toEqual([{ bearer: [] }])
    expect(JSON.stringify(list.get.responses['200'])).toContain('locations')
    expect(JSON.stringify(list.post.responses['202'])).toContain('size_bytes')
    expect(doc.paths['/api/v1/admin/backups/runs/{id}'].get).toBeDefined()
    expect(doc.paths['/api/v1/admin/backups/{name}/download'].get).toBeDefined()
    expect(doc.paths['/api/v1/admin/backups/{name}'].delete).toBeDefined()
  })
})
