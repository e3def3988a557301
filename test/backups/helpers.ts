/** Shared by the backup tests: the CLI as a child process, archive inspection, and a full data folder. */
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { unzipSync } from 'fflate'
import type { TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'

export const MAIN = join(import.meta.dir, '../../src/main.ts')

export function cliEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PASSWORD_HASH_MEMORY_KIB: '1024', ...extra }
}

/** `daybook …` as a real process (the same commands as the executable). */
export function daybook(dataDir: string, args: string[], extra: Record<string, string> = {}) {
  const r = Bun.spawnSync([process.execPath, MAIN, ...args], { env: cliEnv(dataDir, extra) })
  return { code: r.exitCode, stdout: r.stdout.toString(), stderr: r.stderr.toString() }
}

/** Runs the command in argv[1] (JSON) and prints its exit code, stderr and peak resident memory (bytes). */
const LAUNCHER = `const r = Bun.spawnSync(JSON.parse(process.argv[1]), { env: process.env });
process.stdout.write(JSON.stringify({ code: r.exitCode, stderr: r.stderr.toString(), maxRss: r.resourceUsage.maxRSS }))`

/**
 * `daybook …` with its peak resident memory. The kernel counts in a child's peak what it held before exec, a copy
 * of the process that forked it; from this test process that is the test's own memory, so the command is started
 * by a small Bun process instead, which reports it (its own ~30 MB are the floor).
 */
export function daybookPeakRss(dataDir: string, args: string[]): { code: number | null; stderr: string; maxRss: number } {
  const r = Bun.spawnSync([process.execPath, '-e', LAUNCHER, JSON.stringify([process.execPath, MAIN, ...args])], { env: cliEnv(dataDir) })
  if (r.exitCode !== 0) throw new Error(`the launcher failed: ${r.stderr.toString()}`)
  return JSON.parse(r.stdout.toString())
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** Every entry of an archive, in memory (tests only: small archives). */
export function entriesOf(file: string): Record<string, Uint8Array> {
  return unzipSync(readFileSync(file))
}

/** Every file below `dir` (relative path → SHA-256), to prove a folder was left untouched. */
export function treeOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name)
      if (e.isDirectory()) walk(p)
      else out[relative(dir, p)] = sha256(readFileSync(p))
    }
  }
  walk(dir)
  return out
}

export function modeOf(path: string): number {
  return statSync(path).mode & 0o777
}

/** A user file as the app stores them (files/user/{id}/{kind}/{32 hex}.png). */
export function putUserFile(dataDir: string, userId: string, bytes: Uint8Array, kind = 'clipboard'): string {
  const rel = `${userId}/${kind}/${sha256(bytes).slice(0, 32)}.png`
  mkdirSync(join(dataDir, 'files/user', userId, kind), { recursive: true })
  writeFileSync(join(dataDir, 'files/user', rel), bytes, { mode: 0o600 })
  return `files/user/${rel}`
}

export async function adminAndUser(t: TestApp): Promise<{ admin: TestUser; user: TestUser }> {
  return { admin: await createUser(t, { role: 'admin' }), user: await createUser(t) }
}

export async function addCheckIn(t: TestApp, token: string, date: string, mood = 3): Promise<void> {
  const r = await t.request('POST', '/api/v1/check-in', { token, body: { date, mood } })
  if (r.status !== 200 && r.status !== 201) throw new Error(`check-in failed: ${r.status} ${JSON.stringify(r.body)}`)
}
