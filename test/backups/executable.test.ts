/**
 * The compiled executable runs a backup's archive job on its worker thread, which it embeds as an entry point of
 * its own (scripts/compile.ts): `daybook backup` and the admin's "start now" complete, and the archive restores.
 * Runs dist/daybook, built first when it is missing or older than the sources.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { freshBinary } from '../helpers/fresh-binary'
import { freePort } from '../helpers/serve'

const PASSWORD = 'a long enough password'
let binary: string
let root: string

beforeAll(() => {
  binary = freshBinary(resolve(import.meta.dir, '../..'))
  root = mkdtempSync(join(tmpdir(), 'daybook-executable-backup-'))
}, 120_000)
afterAll(() => rmSync(root, { recursive: true, force: true }))

const env = (dataDir: string, extra: Record<string, string> = {}) =>
  ({ PATH: process.env.PATH ?? '/usr/bin:/bin', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PASSWORD_HASH_MEMORY_KIB: '1024', ...extra })

function run(dataDir: string, args: string[]) {
  const r = Bun.spawnSync([binary, ...args], { env: env(dataDir) })
  return { code: r.exitCode, stdout: r.stdout.toString(), stderr: r.stderr.toString() }
}

test('daybook backup and the admin\'s start now complete in the executable; the archive restores', async () => {
  const data = join(root, 'data')
  expect(run(data, ['user', 'create', '--email', 'admin@example.com', '--name', 'Admin', '--password', PASSWORD, '--admin']).code).toBe(0)
  const file = join(root, 'cli.zip')
  const backup = run(data, ['backup', file])
  expect({ code: backup.code, stderr: backup.stderr }).toEqual({ code: 0, stderr: '' })
  expect(backup.stdout).toContain(`backup written to ${file}`)

  const port = await freePort()
  const server = Bun.spawn([binary, 'serve'], { env: env(data, { PORT: String(port), HOST: '127.0.0.1', BACKUP_SCHEDULE: 'off' }), stdout: 'ignore', stderr: 'pipe' })
  try {
    const url = `http://127.0.0.1:${port}/api/v1`
    for (let i = 0; i < 200 && !(await fetch(`${url}/health`).then((r) => r.ok, () => false)); i++) await Bun.sleep(25)
    const login = await fetch(`${url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: PASSWORD }) })
    const headers = { authorization: `Bearer ${(await login.json()).data.token}` }
    let backupRun = (await (await fetch(`${url}/admin/backups`, { method: 'POST', headers })).json()).data
    for (let i = 0; i < 200 && (backupRun.status === 'pending' || backupRun.status === 'in-progress'); i++) {
      await Bun.sleep(25)
      backupRun = (await (await fetch(`${url}/admin/backups/runs/${backupRun.id}`, { headers })).json()).data
    }
    expect(backupRun).toMatchObject({ status: 'completed', error: null })
  } finally {
    server.kill('SIGTERM')
  }
  expect(await server.exited).toBe(0)

  const restored = run(join(root, 'restored'), ['restore', file])
  expect({ code: restored.code, stderr: restored.stderr }).toEqual({ code: 0, stderr: '' })
}, 30_000)
