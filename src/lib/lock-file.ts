/**
 * Process lock files: a file holding the owner's pid, created exclusively (mode 0600). A lock whose pid is no
 * longer alive is stale and taken over; so is one naming this very process when this process does not hold it
 * (in a container the server is pid 1 after every restart). Used for "one server per data folder" (`serve`,
 * refused by `restore`) and "one backup at a time" (across the CLI and the server).
 */
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { PRIVATE_FILE_MODE } from '../data-dir'
import { randomHex } from './crypto'

/** Locks this process holds, so a second acquire in the same process is refused, not "taken over". */
const held = new Set<string>()

export interface LockFile {
  path: string
  release(): void
}

export type LockResult = { ok: true; lock: LockFile } | { ok: false; pid: number }

export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The pid recorded in a lock file, or undefined when there is none (or it is unreadable). */
export function lockHolder(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim())
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

/** Whether a live process other than a stale record holds the lock (for callers that only look). */
export function lockIsHeld(path: string): number | undefined {
  const pid = lockHolder(path)
  if (pid === undefined) return undefined
  if (pid === process.pid) return held.has(path) ? pid : undefined
  return isProcessAlive(pid) ? pid : undefined
}

/**
 * Takes the lock at `path` for this process. The pid is written to a private temp file first and linked into
 * place, so the lock file never exists half-written and two processes cannot both create it.
 */
export function acquireLockFile(path: string): LockResult {
  if (held.has(path)) return { ok: false, pid: process.pid }
  const temp = `${path}.${randomHex(4)}.tmp`
  writeFileSync(temp, `${process.pid}\n`, { mode: PRIVATE_FILE_MODE })
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(temp, path)
        held.add(path)
        return { ok: true, lock: { path, release: () => releaseLockFile(path) } }
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      }
      const holder = lockIsHeld(path)
      if (holder !== undefined) return { ok: false, pid: holder }
      // Stale (dead pid, unreadable, or an earlier process with our pid): remove and try again.
      rmSync(path, { force: true })
    }
    return { ok: false, pid: lockHolder(path) ?? 0 }
  } finally {
    rmSync(temp, { force: true })
  }
}

function releaseLockFile(path: string): void {
  if (!held.delete(path)) return
  // Only our own record is removed (a restore may have replaced the folder under it).
  if (lockHolder(path) === process.pid) rmSync(path, { force: true })
}
