/**
 * Preloaded by bunfig.toml before any test file. Points TMPDIR — so `os.tmpdir()`, and the processes tests
 * spawn — at one folder for this test run, removed after the last test (bun test emits no process `exit`):
 * the migrated template database and whatever a test forgets to delete go with it. The folder is on the RAM
 * disk when the machine has one with room to spare: every test app creates and deletes its own data folder
 * and database, and on a real disk the fsyncs and discards of that cost more than most tests themselves.
 */
import { afterAll } from 'bun:test'
import { mkdtempSync, rmSync, statfsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const RAM_DISK = '/dev/shm'
const ENOUGH_BYTES = 512 * 1024 * 1024

function hasRoom(dir: string): boolean {
  try {
    const fs = statfsSync(dir)
    return fs.bavail * fs.bsize >= ENOUGH_BYTES
  } catch {
    return false
  }
}

const root = mkdtempSync(join(hasRoom(RAM_DISK) ? RAM_DISK : tmpdir(), 'daybook-tests-'))
process.env.TMPDIR = root
// A hook in a preload is global: this one runs once, after every file.
afterAll(() => rmSync(root, { recursive: true, force: true }))
