/** The backup archive: contents, manifest, checksums, modes, atomic write, and `daybook backup [FILE]`. */
import { describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { useTestApp } from '../helpers/use-test-app'
import { createTestApp } from '../helpers/app'
import { runBackup } from '../../src/features/backups/run-backup'
import { currentSchemaVersion } from '../../src/features/backups/snapshot'
import { VERSION } from '../../src/version'
import { addCheckIn, adminAndUser, daybook, entriesOf, modeOf, putUserFile, sha256 } from './helpers'

const t = useTestApp()

describe('backup archive', () => {
  test('holds the database snapshot, the files folder, app.key and a manifest with size and SHA-256 of each', async () => {
    const { user } = await adminAndUser(t)
    await addCheckIn(t, user.token, '2026-06-20', 4)
    const image = crypto.getRandomValues(new Uint8Array(70_000))
    const imageEntry = putUserFile(t.dataDir, user.id, image)
    writeFileSync(join(t.dataDir, 'files/user', user.id, 'clipboard', 'half-written.png.1234.tmp'), 'x')

    const outcome = await runBackup(t.deps, { trigger: 'cli' })
    expect(outcome.status).toBe('completed')
    const name = outcome.path!.split('/').at(-1)!
    expect(name).toBe('daybook-backup-20260624T100000Z.zip')
    expect(outcome.path).toBe(join(t.dataDir, 'backups', name))
    expect(modeOf(outcome.path!)).toBe(0o600)
    expect(modeOf(join(t.dataDir, 'backups'))).toBe(0o700)
    // Only the archive remains: no snapshot or temp name left behind.
    expect(readdirSync(join(t.dataDir, 'backups'))).toEqual([name])

    const entries = entriesOf(outcome.path!)
    expect(Object.keys(entries).sort()).toEqual(['app.key', 'daybook.db', imageEntry, 'manifest.json'].sort())
    const manifest = JSON.parse(new TextDecoder().decode(entries['manifest.json']))
    expect(manifest).toMatchObject({
      format: 'daybook-backup', format_version: 1, daybook_version: VERSION,
      schema_version: currentSchemaVersion(), created_at: '2026-06-24T10:00:00.000Z',
    })
    for (const f of manifest.files) {
      expect({ name: f.name, size: f.size, sha256: f.sha256 }).toEqual({ name: f.name, size: entries[f.name]!.length, sha256: sha256(entries[f.name]!) })
    }
    expect(manifest.files.map((f: { name: string }) => f.name)).toEqual(['daybook.db', 'app.key', imageEntry])
    expect(entries[imageEntry]).toEqual(image)
    expect(new TextDecoder().decode(entries['app.key']).trim()).toBe(t.deps.appKey.toString('hex'))

    const snapshotFile = join(t.dataDir, 'snapshot-check.db')
    writeFileSync(snapshotFile, entries['daybook.db']!)
    const db = new Database(snapshotFile, { readonly: true })
    try {
      expect(db.query('SELECT mood FROM check_ins').all()).toEqual([{ mood: 4 }])
      expect(db.query('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' })
      // The run that made the archive is recorded in it as completed, not as interrupted.
      expect(db.query('SELECT status, file FROM backup_runs').all()).toEqual([{ status: 'completed', file: name }])
    } finally { db.close() }

    // Info-ZIP agrees the archive is sound (CRCs, sizes, structure).
    const unzip = Bun.spawnSync(['unzip', '-tq', outcome.path!])
    expect(unzip.stdout.toString()).toContain('No errors detected')

    const row = t.deps.db.$client.query('SELECT trigger, status, file, size_bytes, error FROM backup_runs').get()
    expect(row).toEqual({ trigger: 'cli', status: 'completed', file: name, size_bytes: outcome.size!, error: null })
  })

  test('two backups within one second get distinct names', async () => {
    const a = await runBackup(t.deps, { trigger: 'cli' })
    const b = await runBackup(t.deps, { trigger: 'cli' })
    expect([a.path!.split('/').at(-1), b.path!.split('/').at(-1)]).toEqual(['daybook-backup-20260624T100000Z.zip', 'daybook-backup-20260624T100000Z-2.zip'])
  })

  test('a backup that fails leaves no file and records the failure', async () => {
    const target = join(t.dataDir, 'no-such-folder-file', 'x.zip')
    writeFileSync(join(t.dataDir, 'no-such-folder-file'), 'a file where a folder is needed')
    const outcome = await runBackup(t.deps, { trigger: 'cli', target })
    expect(outcome.status).toBe('failed')
    expect(existsSync(target)).toBe(false)
    const row = t.deps.db.$client.query('SELECT status, error FROM backup_runs').get() as { status: string; error: string }
    expect(row.status).toBe('failed')
    expect(row.error).toStartWith('backup failed:')
    expect(t.logs.some((l) => l.includes('"backup failed"'))).toBe(true)
  })
})

describe('daybook backup [FILE]', () => {
  test('writes an archive while the app holds the database open; FILE is refused when it exists', async () => {
    const dataDir = join(t.dataDir, 'served')
    const served = createTestApp({}, dataDir)
    try {
      const { user } = await adminAndUser(served)
      await addCheckIn(served, user.token, '2026-06-24', 5)
      const file = join(t.dataDir, 'copy.zip')
      const first = daybook(dataDir, ['backup', file])
      expect(first).toMatchObject({ code: 0 })
      expect(first.stdout).toContain(`backup written to ${file}`)
      expect(modeOf(file)).toBe(0o600)
      expect(Object.keys(entriesOf(file))).toContain('daybook.db')
      const again = daybook(dataDir, ['backup', file])
      expect(again.code).toBe(1)
      expect(again.stderr).toContain('refusing to overwrite')
      // Without FILE: a fresh name in BACKUP_DIR.
      const inDir = daybook(dataDir, ['backup'], { BACKUP_DIR: join(t.dataDir, 'elsewhere') })
      expect(inDir.code).toBe(0)
      expect(readdirSync(join(t.dataDir, 'elsewhere'))).toEqual([expect.stringMatching(/^daybook-backup-\d{8}T\d{6}Z\.zip$/)])
      expect(daybook(dataDir, ['backup', 'a', 'b']).code).toBe(2)
      const runs = served.deps.db.$client.query("SELECT trigger, status FROM backup_runs ORDER BY id").all()
      expect(runs).toEqual([{ trigger: 'cli', status: 'completed' }, { trigger: 'cli', status: 'completed' }])
    } finally { served.close() }
  })
})
