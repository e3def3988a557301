/**
 * Backup while writes are running → restore into an empty folder → every write acknowledged before the backup
 * began is there, and the restored server starts and signs in. Everything through real processes: `daybook
 * serve`, `daybook backup`, `daybook restore`.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MAIN, cliEnv, daybook, treeOf } from './helpers'
import { signIn, startServer, type Served } from './server'

const PASSWORD = 'a long enough password'
let root: string
const servers: Served[] = []
afterEach(async () => {
  for (const s of servers.splice(0)) if (s.proc.exitCode === null) await s.stop()
  rmSync(root, { recursive: true, force: true })
})

const day = (i: number) => new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)

describe('backup while serving, restore into an empty folder', () => {
  test('every acknowledged write before the backup is restored; the server starts and signs in', async () => {
    root = mkdtempSync(join(tmpdir(), 'daybook-roundtrip-'))
    const live = join(root, 'live')
    expect(daybook(live, ['user', 'create', '--email', 'admin@example.com', '--name', 'Admin', '--password', PASSWORD]).code).toBe(0)
    const server = await startServer(live)
    servers.push(server)
    const { token } = await signIn(server.url, 'admin@example.com', PASSWORD)
    expect(token).toBeString()

    // A writer that keeps upserting check-ins for new dates and records each acknowledged one.
    const acked: string[] = []
    let writing = true
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const r = await fetch(`${server.url}/api/v1/check-in`, {
          method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ date: day(i), mood: (i % 5) + 1 }),
        })
        if (r.ok) acked.push(day(i))
        else throw new Error(`write failed: ${r.status}`)
      }
    })()
    while (acked.length < 25) await Bun.sleep(5)
    const beforeBackup = [...acked]
    const archive = join(root, 'full.zip')
    const backup = Bun.spawn([process.execPath, MAIN, 'backup', archive], { env: cliEnv(live), stdout: 'pipe', stderr: 'pipe' })
    expect(await backup.exited).toBe(0)
    const duringBackup = acked.length
    writing = false
    await writer
    expect(acked.length).toBeGreaterThanOrEqual(duringBackup)

    // While the server runs, restore into its folder is refused and nothing changes.
    const refused = daybook(live, ['restore', archive])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`a daybook server (pid ${server.proc.pid}) is running on ${live}: stop it, then restore`)
    expect(readdirSync(root).sort()).toEqual(['full.zip', 'live'])

    // Restore into an empty folder.
    const fresh = join(root, 'fresh')
    mkdirSync(fresh)
    const restored = daybook(fresh, ['restore', archive])
    expect(restored.stderr).toBe('')
    expect(restored.code).toBe(0)
    expect(restored.stdout).toContain(`into ${fresh}`)
    expect(readdirSync(root).sort()).toEqual(['fresh', 'full.zip', 'live'])

    const db = new Database(join(fresh, 'daybook.db'), { readonly: true })
    const dates = new Set((db.query('SELECT date FROM check_ins').all() as { date: string }[]).map((r) => r.date))
    db.close()
    for (const d of beforeBackup) expect(dates.has(d)).toBe(true)
    // Nothing that was never written, and the snapshot is a prefix of the writer's sequence (consistent).
    expect([...dates].sort()).toEqual(Array.from({ length: dates.size }, (_, i) => day(i)))
    expect(dates.size).toBeLessThanOrEqual(acked.length)

    const restoredServer = await startServer(fresh)
    servers.push(restoredServer)
    const again = await signIn(restoredServer.url, 'admin@example.com', PASSWORD)
    expect(again.status).toBe(200)
    const me = await fetch(`${restoredServer.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${again.token}` } })
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe('admin@example.com')
    // The server holds its pid lock while it runs and removes it at shutdown.
    expect(existsSync(join(fresh, 'serve.lock'))).toBe(true)
    expect(await restoredServer.stop()).toBe(0)
    expect(existsSync(join(fresh, 'serve.lock'))).toBe(false)
  }, 60_000)

  test('restore over existing data moves it aside, keeps the backups folder, and a stale server lock is taken over', async () => {
    root = mkdtempSync(join(tmpdir(), 'daybook-roundtrip-'))
    const data = join(root, 'data')
    expect(daybook(data, ['user', 'create', '--email', 'one@example.com', '--name', 'One', '--password', PASSWORD]).code).toBe(0)
    expect(daybook(data, ['backup']).code).toBe(0)
    const [name] = readdirSync(join(data, 'backups'))
    expect(daybook(data, ['user', 'create', '--email', 'two@example.com', '--name', 'Two', '--password', PASSWORD]).code).toBe(0)
    const before = treeOf(data)
    // A server that crashed left its lock behind: the pid is gone.
    const gone = Bun.spawn(['true'])
    await gone.exited
    await Bun.write(join(data, 'serve.lock'), `${gone.pid}\n`)

    const r = daybook(data, ['restore', join(data, 'backups', name!)])
    expect(r.code).toBe(0)
    const aside = readdirSync(root).find((n) => n.startsWith('data.before-restore-'))!
    expect(aside).toMatch(/^data\.before-restore-\d{8}T\d{6}Z$/)
    expect(r.stdout).toContain(`the previous data is kept in ${join(root, aside)}`)
    // The old data is intact aside (without the backups folder, which stayed with DATA_DIR, and the stale lock).
    const { ['serve.lock']: _lock, ...kept } = before
    expect(treeOf(join(root, aside))).toEqual(Object.fromEntries(Object.entries(kept).filter(([k]) => !k.startsWith('backups/'))))
    expect(readdirSync(join(data, 'backups'))).toEqual([name!])
    const users = daybook(data, ['user', 'list'])
    expect(users.stdout).toContain('one@example.com')
    expect(users.stdout).not.toContain('two@example.com')
    expect(existsSync(join(data, 'serve.lock'))).toBe(false)
  }, 60_000)
})
