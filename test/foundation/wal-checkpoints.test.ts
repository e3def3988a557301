/**
 * WAL checkpoints of a running `daybook serve` (src/lib/db/checkpoints.ts), from the sources and from the
 * executable (which must embed the thread's entry point): while requests write a lot, a thread of its own copies
 * what they wrote into the database file, instead of the request that happens to follow the WAL's 1,000th page;
 * a stopped server leaves no WAL behind (the thread's connection closes before the server's).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { until } from '../helpers/until'
import { freshBinary } from '../helpers/fresh-binary'
import { freePort, untilHealthy } from '../helpers/serve'

const ROOT = resolve(import.meta.dir, '../..')
let binary: string
beforeAll(() => { binary = freshBinary(ROOT) }, 120_000)
const work: string[] = []
afterAll(() => { for (const dir of work) rmSync(dir, { recursive: true, force: true }) })

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'daybook-wal-'))
  work.push(dir)
  return dir
}


async function startServe(command: string[], dataDir: string): Promise<{ url: string; proc: Bun.Subprocess }> {
  const port = await freePort()
  const env = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PASSWORD_HASH_MEMORY_KIB: '1024', BACKUP_SCHEDULE: 'off' }
  const proc = Bun.spawn([...command, 'serve'], { env, stdout: 'ignore', stderr: 'inherit' })
  const url = `http://127.0.0.1:${port}`
  if (await untilHealthy(url, proc, 15_000)) return { url, proc }
  proc.kill()
  throw new Error('the server did not become healthy')
}

const post = (url: string, path: string, body: unknown, token?: string) => fetch(`${url}/api/v1${path}`, {
  method: 'POST', body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
})

/**
 * The check-ins (date → mood) in a copy of the database file alone, without the WAL beside it: what checkpoints
 * have copied in. A copy taken while a checkpoint writes may not open; that counts as nothing yet.
 */
function moodsInFile(dbPath: string, scratch: string): Record<string, number> {
  const copy = join(scratch, `copy-${Date.now()}-${Math.random()}.db`)
  copyFileSync(dbPath, copy)
  try {
    const db = new Database(copy)
    try {
      const rows = db.query('SELECT date, mood FROM check_ins').all() as { date: string; mood: number }[]
      return Object.fromEntries(rows.map((r) => [r.date, r.mood]))
    } finally {
      db.close()
    }
  } catch {
    return {}
  } finally {
    for (const f of [copy, `${copy}-wal`, `${copy}-shm`]) rmSync(f, { force: true })
  }
}

const servers: [string, () => string[]][] = [
  ['bun src/main.ts', () => [process.execPath, join(ROOT, 'src/main.ts')]],
  ['the executable', () => [binary]],
]

describe.each(servers)('WAL checkpoints of a running server (%s)', (_, command) => {
  test('a burst of writes reaches the database file while the server runs, below 1,000 WAL pages; a stop leaves no WAL', async () => {
    const dataDir = tempDir()
    const scratch = tempDir()
    const dbPath = join(dataDir, 'daybook.db')
    const { url, proc } = await startServe(command(), dataDir)
    try {
      const password = 'correct horse battery'
      expect((await post(url, '/auth/register', { name: 'Ada', email: 'ada@example.com', password, password_confirmation: password })).status).toBe(201)
      const { data } = await (await post(url, '/auth/login', { email: 'ada@example.com', password })).json() as { data: { token: string } }
      // 480 upserts on 24 dates from 12 clients: more than a hundred rows a second, about 550 WAL pages, at which
      // SQLite's own checkpoint would leave everything in the WAL.
      await Promise.all(Array.from({ length: 12 }, async (_, writer) => {
        for (let i = 0; i < 40; i++) {
          const date = `2026-01-${String(2 * writer + 1 + (i % 2)).padStart(2, '0')}`
          expect((await post(url, '/check-in', { date, mood: 1 + (i % 5) }, data.token)).status).toBe(201)
        }
      }))
      const live = await (await fetch(`${url}/api/v1/check-in`, { headers: { authorization: `Bearer ${data.token}` } })).json() as { data: { date: string; mood: number }[] }
      const expected = Object.fromEntries(live.data.map((e) => [e.date, e.mood]))
      expect(Object.keys(expected)).toHaveLength(24)
      await until(() => Bun.deepEquals(moodsInFile(dbPath, scratch), expected), 10_000, 'the check-ins in the database file')
    } finally {
      proc.kill('SIGTERM')
    }
    expect(await proc.exited).toBe(0)
    expect(existsSync(`${dbPath}-wal`)).toBe(false)
  }, 30_000)
})
