/**
 * Everything daybook keeps on disk is readable by its own account only: the data folder and its subfolders
 * 0700; the database with its -wal/-shm, backups, export archives, outbox mails and uploaded images 0600.
 * Other local users must not read password hashes, tokens, reset links or anyone's exported data.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { openDatabase } from '../../src/lib/db/client'
import { form, png } from '../users/images'
import { runJob, startExport } from '../export/helpers'

let root: string
let dataDir: string
let t: TestApp
let u: TestUser
beforeEach(async () => {
  // A data folder that does not exist yet, so start-up creates it (mkdtemp alone would already be 0700).
  root = mkdtempSync(join(tmpdir(), 'daybook-modes-'))
  dataDir = join(root, 'data')
  t = createTestApp({}, dataDir)
  u = await createUser(t)
})
afterEach(() => {
  t.close()
  rmSync(root, { recursive: true, force: true })
})

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8)
const modes = (paths: string[]) => Object.fromEntries(paths.map((p) => [p.slice(root.length + 1), modeOf(p)]))
const all = (paths: string[], mode: string) => Object.fromEntries(paths.map((p) => [p.slice(root.length + 1), mode]))

describe('modes of what daybook writes', () => {
  test('the data folder and its subfolders are 0700', () => {
    const dirs = ['', 'files', 'files/user', 'exports', 'exports/tmp', 'outbox'].map((d) => join(dataDir, d))
    expect(modes(dirs)).toEqual(all(dirs, '700'))
  })

  test('the database, its -wal and -shm and app.key are 0600', () => {
    const db = join(dataDir, 'daybook.db')
    const files = [db, `${db}-wal`, `${db}-shm`, join(dataDir, 'app.key')]
    expect(modes(files)).toEqual(all(files, '600'))
  })

  test('an uploaded image is 0600 in 0700 folders', async () => {
    const r = await t.request('POST', '/api/v1/users/me/profile-image', { token: u.token, body: form({ image: { bytes: png() } }) })
    expect(r.status).toBe(200)
    const userDir = join(dataDir, 'files/user', u.id)
    expect(modes([userDir, join(userDir, 'profile')])).toEqual(all([userDir, join(userDir, 'profile')], '700'))
    const image = join(dataDir, 'files/user', r.body.data.profile_image_path)
    expect(modes([image])).toEqual(all([image], '600'))
  })

  test('an export archive is 0600 in a 0700 folder (the .part it was renamed from had the same mode)', async () => {
    const id = await startExport(t, u, ['profile'])
    expect((await runJob(t)).status).toBe('completed')
    const folder = join(dataDir, 'exports', u.id)
    expect(modes([folder, join(folder, `export_${id}.zip`)])).toEqual({ ...all([folder], '700'), ...all([join(folder, `export_${id}.zip`)], '600') })
  })

  test('an outbox mail is 0600', async () => {
    await t.deps.mailer.send({ to: u.email, subject: 'Reset your password', text: 'secret link', html: '<p>secret link</p>' })
    const mails = readdirSync(join(dataDir, 'outbox')).map((name) => join(dataDir, 'outbox', name))
    expect(mails).toHaveLength(1)
    expect(modes(mails)).toEqual(all(mails, '600'))
  })

  test('a backup (`daybook backup FILE`) is 0600', () => {
    const file = join(root, 'backup.db')
    const r = Bun.spawnSync([process.execPath, join(import.meta.dir, '../../src/main.ts'), 'backup', file], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    })
    expect([r.exitCode, r.stderr.toString()]).toEqual([0, ''])
    expect(modes([file])).toEqual(all([file], '600'))
  })
})

describe('a database left readable by an older version', () => {
  test('is tightened to 0600 when opened, with the -wal and -shm a crash left behind', () => {
    const db = join(root, 'old.db')
    const old = new Database(db)
    old.exec('PRAGMA journal_mode = WAL')
    old.exec('CREATE TABLE t (x)')
    const files = [db, `${db}-wal`, `${db}-shm`]
    for (const file of files) chmodSync(file, 0o644)
    const opened = openDatabase(db)
    try {
      expect(modes(files)).toEqual(all(files, '600'))
    } finally {
      opened.$client.close()
      old.close()
    }
  })
})
