/**
 * Head-of-line benchmark (README "Performance", background work): how long does any other request wait while
 * daybook imports, backs up or exports? The compiled server runs on a data folder holding one user with 10x the
 * export benchmark's data (bench/export.ts scale 10: 36,500 check-ins, 100,000 clipboard entries, 50,000 library
 * items). A probe client sends an authenticated GET /api/v1/users/me every 20 ms and records each answer's
 * latency; the server's RSS is read from /proc every 100 ms. Each round measures, in turn:
 *
 *   idle    the probe alone, 3 s
 *   import  a fresh account imports the export of bench/export.ts scale 4 (74,600 rows, ~4 MiB zipped)
 *   backup  an admin's "start now" backup of the 10x folder
 *   export  the 10x user's export
 *
 * and for each: the longest probe latency (the longest stall of a cheap request), its p99, the peak RSS above
 * the RSS just before, and the RSS 5 s after the job ended (while the probe goes on).
 *
 *   node_modules/.bin/bun bench/background.ts [rounds=3] [jobs=import,backup,export]
 */
import { Database } from 'bun:sqlite'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fmt, rssMb, seedUsers, startDaybook, stop, table, tempDir } from './lib'

const EXPORT_BENCH = join(import.meta.dir, 'export.ts')
const PROBE_MS = 20
const SETTLE_MS = 5000

type Job = 'idle' | 'import' | 'backup' | 'export'
interface Window { job: Job; maxMs: number; p99Ms: number; probes: number; peakGrowthMb: number; afterGrowthMb: number; seconds: number }

function runChild(args: string[]): any {
  const run = Bun.spawnSync([process.execPath, EXPORT_BENCH, ...args], { stderr: 'inherit' })
  if (run.exitCode !== 0) throw new Error(`bench/export.ts ${args.join(' ')} failed`)
  return JSON.parse(run.stdout.toString().trim().split('\n').at(-1)!)
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/** Probes every 20 ms (one at a time: a stalled server delays the next probe, as a waiting person would). */
function startProbe(url: string, token: string) {
  const samples: { at: number; ms: number }[] = []
  let running = true
  const done = (async () => {
    while (running) {
      const at = performance.now()
      const r = await fetch(`${url}/api/v1/users/me`, { headers: { Authorization: `Bearer ${token}` } })
      await r.arrayBuffer()
      if (r.status !== 200) throw new Error(`probe answered ${r.status}`)
      samples.push({ at, ms: performance.now() - at })
      const wait = PROBE_MS - (performance.now() - at)
      if (wait > 0) await sleep(wait)
    }
  })()
  return { samples, stop: async () => { running = false; await done } }
}

function startRss(pid: number) {
  const samples: { at: number; mb: number }[] = []
  const timer = setInterval(() => samples.push({ at: performance.now(), mb: rssMb(pid) }), 100)
  return { samples, stop: () => clearInterval(timer) }
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = performance.now() + 10 * 60_000
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`${what} did not finish`)
    await sleep(250)
  }
}

async function main() {
  const rounds = Number(process.argv[2] ?? 3)
  const jobs = (process.argv[3] ?? 'import,backup,export').split(',') as Job[]
  const source = tempDir('daybook-bench-bg-src-')
  const data = tempDir('daybook-bench-bg-data-')
  try {
    console.error('seeding: the import archive (scale 4) and the 10x folder (scale 10)…')
    runChild(['--seed', source, '4'])
    runChild(['--export', source])
    const userDir = readdirSync(join(source, 'exports')).find((d) => d !== 'tmp')!
    const archive = readFileSync(join(source, 'exports', userDir, readdirSync(join(source, 'exports', userDir)).find((f) => f.endsWith('.zip'))!))
    runChild(['--seed', data, '10'])
    const dbPath = join(data, 'daybook.db')
    const admin = seedUsers(dbPath, 1)[0]!
    const sqlite = new Database(dbPath)
    sqlite.run("UPDATE users SET role = 'super_admin' WHERE id = ?", [admin.id])
    const owner = sqlite.query<{ id: string }, []>("SELECT user_id AS id FROM check_ins GROUP BY user_id ORDER BY count(*) DESC LIMIT 1").get()!.id
    sqlite.close()
    const ownerToken = tokenFor(dbPath, owner)
    const server = await startDaybook(data, { BACKUP_KEEP: '2' })
    const pid = server.proc.pid
    const windows: Window[] = []
    try {
      const probe = startProbe(server.url, admin.token)
      const rss = startRss(pid)
      const measure = async (job: Job, run: () => Promise<void>) => {
        await sleep(1000)
        const before = rssMb(pid)
        const start = performance.now()
        await run()
        const end = performance.now()
        await sleep(SETTLE_MS)
        const inWindow = probe.samples.filter((s) => s.at >= start && s.at <= end).map((s) => s.ms).sort((a, b) => a - b)
        const peak = Math.max(...rss.samples.filter((s) => s.at >= start && s.at <= end + 500).map((s) => s.mb), before)
        windows.push({
          job, probes: inWindow.length, maxMs: inWindow.at(-1) ?? 0, p99Ms: inWindow[Math.floor(inWindow.length * 0.99)] ?? 0,
          peakGrowthMb: peak - before, afterGrowthMb: rssMb(pid) - before, seconds: (end - start) / 1000,
        })
        console.error(JSON.stringify(windows.at(-1)))
      }
      const api = async (method: string, path: string, token: string, body?: BodyInit) => {
        const headers: Record<string, string> = { Authorization: `Bearer ${token}` }
        if (typeof body === 'string') headers['Content-Type'] = 'application/json'
        const r = await fetch(`${server.url}${path}`, { method, headers, body })
        return { status: r.status, body: await r.json() as any }
      }
      for (let round = 1; round <= rounds; round++) {
        await measure('idle', () => sleep(3000))
        if (jobs.includes('import')) {
          const importer = seedUsers(dbPath, 1)[0]!
          await measure('import', async () => {
            const form = new FormData()
            form.append('file', new Blob([archive], { type: 'application/zip' }), 'export.zip')
            const r = await api('POST', '/api/v1/import', importer.token, form)
            if (r.status !== 201) throw new Error(`import: ${r.status} ${JSON.stringify(r.body)}`)
            await until(async () => {
              const s = (await api('GET', '/api/v1/import/status', importer.token)).body.data
              if (s.status === 'failed') throw new Error(`import failed: ${s.error}`)
              return s.status === 'completed'
            }, 'import')
          })
        }
        if (jobs.includes('backup')) {
          await measure('backup', async () => {
            const r = await api('POST', '/api/v1/admin/backups', admin.token)
            if (r.status >= 300) throw new Error(`backup: ${r.status} ${JSON.stringify(r.body)}`)
            await until(async () => {
              const runs = (await api('GET', '/api/v1/admin/backups', admin.token)).body.data.runs as { status: string }[]
              return runs.length > 0 && runs[0]!.status !== 'in-progress' && runs[0]!.status !== 'pending'
            }, 'backup')
          })
        }
        if (jobs.includes('export')) {
          // the 24-hour rule: the previous round's export is forgotten
          const db = new Database(dbPath)
          db.run('DELETE FROM export_jobs')
          db.close()
          await measure('export', async () => {
            const r = await api('POST', '/api/v1/export', ownerToken, JSON.stringify({}))
            if (r.status >= 300) throw new Error(`export: ${r.status} ${JSON.stringify(r.body)}`)
            await until(async () => {
              const s = (await api('GET', '/api/v1/export/status', ownerToken)).body.data
              return s !== null && (s.status === 'completed' || s.status === 'failed')
            }, 'export')
          })
        }
      }
      await probe.stop()
      rss.stop()
    } finally {
      await stop(server)
    }
    const rows: (string | number)[][] = []
    for (const job of ['idle', ...jobs] as Job[]) {
      const of = windows.filter((w) => w.job === job)
      const range = (pick: (w: Window) => number, digits = 0) => {
        const v = of.map(pick).sort((a, b) => a - b)
        return `${fmt(v[0]!, digits)} / ${fmt(v[Math.floor(v.length / 2)]!, digits)} / ${fmt(v.at(-1)!, digits)}`
      }
      rows.push([job, of.length, range((w) => w.seconds, 1), range((w) => w.maxMs), range((w) => w.p99Ms), range((w) => w.peakGrowthMb), range((w) => w.afterGrowthMb)])
    }
    console.log(table(['job', 'rounds', 'duration s', 'longest stall ms (min / median / max)', 'p99 ms', 'peak RSS added MB', `RSS added ${SETTLE_MS / 1000} s after`], rows))
  } finally {
    rmSync(source, { recursive: true, force: true })
    rmSync(data, { recursive: true, force: true })
  }
}

/** A token for a user the export benchmark seeded (it keeps none). */
function tokenFor(dbPath: string, userId: string): string {
  const [fresh] = seedUsers(dbPath, 1)
  const db = new Database(dbPath)
  db.run('UPDATE access_tokens SET user_id = ? WHERE user_id = ?', [userId, fresh!.id])
  db.run('DELETE FROM users WHERE id = ?', [fresh!.id])
  db.close()
  return fresh!.token
}

await main()
