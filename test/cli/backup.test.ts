/** `daybook migrate` as a real process beside a running app on the same data folder. */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestApp, type TestApp } from '../helpers/app'

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

// `daybook backup [FILE]` writes a full backup archive now: test/backups/archive.test.ts.

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
