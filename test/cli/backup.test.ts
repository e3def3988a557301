/** `daybook backup` and `daybook migrate` as real processes beside a running app on the same data folder. */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser } from '../helpers/fixtures'

let dataDir: string
let server: TestApp
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'daybook-backup-'))
  server = createTestApp({}, dataDir)
})
afterEach(() => {
  server.close()
  rmSync(dataDir, { recursive: true, force: true })
})

function daybook(...args: string[]) {
  const r = Bun.spawnSync([process.execPath, join(import.meta.dir, '../../src/main.ts'), ...args], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  })
  return { code: r.exitCode, stdout: r.stdout.toString(), stderr: r.stderr.toString() }
}

describe('daybook backup', () => {
  test('writes a consistent copy while the app holds the database open, and refuses to overwrite', async () => {
    const user = await createUser(server)
    await server.request('POST', '/api/v1/check-in', { token: user.token, body: { date: '2026-06-24', mood: 4 } })
    const file = join(dataDir, 'copy.db')
    const first = daybook('backup', file)
    expect(first.code).toBe(0)
    expect(first.stdout).toContain(file)
    const copy = new Database(file, { readonly: true })
    try {
      expect(copy.query('SELECT email FROM users').all()).toEqual([{ email: user.email }])
      expect(copy.query('SELECT mood FROM check_ins').all()).toEqual([{ mood: 4 }])
    } finally { copy.close() }
    const again = daybook('backup', file)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('refusing to overwrite')
  })

  test('without a file it is a usage error (exit 2)', () => {
    const r = daybook('backup')
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('usage: daybook backup <file>')
  })
})

describe('daybook migrate', () => {
  test('is idempotent on an up-to-date database; an unknown command exits 2', () => {
    expect(daybook('migrate').code).toBe(0)
    expect(daybook('migrate').stdout).toContain('up to date')
    expect(existsSync(join(dataDir, 'daybook.db'))).toBe(true)
    const unknown = daybook('frobnicate')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('unknown command')
  })
})
