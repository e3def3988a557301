/** Shared benchmark plumbing: the built executable, a bare Bun baseline, seeding, and autocannon runs. */
import { Database } from 'bun:sqlite'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { DEFAULT_PASSWORD_HASH_MEMORY_KIB } from '../src/lib/passwords'

export const root = resolve(import.meta.dir, '..')
export const binary = join(root, 'dist/daybook')

/** docs/api/check-in.md §1 order: the baseline's presenter and the check-in benchmark's seeding share it. */
export const TRACKERS = ['mood', 'sleep', 'dreams', 'food_quality', 'food_amount', 'water', 'sports', 'work', 'menstruation', 'alcohol', 'smoking', 'social_life'] as const

const newestSource = () =>
  Math.max(...(readdirSync(join(root, 'src'), { recursive: true }) as string[]).map((f) => statSync(join(root, 'src', f)).mtimeMs))

/** Builds dist/daybook when it is missing or older than src, so a run never measures stale code. */
export function ensureBinary(): string {
  if (!existsSync(binary) || statSync(binary).mtimeMs < newestSource()) {
    const r = Bun.spawnSync(['npm', 'run', 'build'], { cwd: root, stdout: 'inherit', stderr: 'inherit' })
    if (r.exitCode !== 0) throw new Error('build failed')
  }
  return binary
}

export function tempDir(prefix = 'daybook-bench-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

export async function freePort(): Promise<number> {
  const s = Bun.serve({ port: 0, fetch: () => new Response() })
  const port = s.port!
  s.stop(true)
  return port
}

export interface Started { proc: Bun.Subprocess; url: string; startupMs: number }

/**
 * BENCH_SERVER_CPUS=0 pins the servers (daybook and the baseline) to those CPUs with taskset, the one-core run
 * of the README; run the bench itself (the load generator) under `taskset -c 1`.
 */
const pin = (cmd: string[]) => process.env.BENCH_SERVER_CPUS ? ['taskset', '-c', process.env.BENCH_SERVER_CPUS, ...cmd] : cmd

// Polls every 2 ms: start-up time is one of the measures. A server that exits fails at once, not at the timeout.
async function waitHealthy(url: string, proc: Bun.Subprocess, started: number, timeoutMs = 30_000): Promise<number> {
  while (performance.now() - started < timeoutMs) {
    if (proc.exitCode !== null) throw new Error(`${url}: the server exited with ${proc.exitCode}`)
    const ok = await fetch(`${url}/api/v1/health`).then((r) => r.ok, () => false)
    if (ok) return performance.now() - started
    await Bun.sleep(2)
  }
  throw new Error(`${url} did not become healthy`)
}

/** DAYBOOK_ENV='K=V K=V': extra environment for every daybook a bench starts (e.g. a BUN_JSC_* option to compare). */
const extraEnv: Record<string, string> = Object.fromEntries((process.env.DAYBOOK_ENV ?? '').split(/\s+/).filter(Boolean).map((kv) => kv.split('=', 2) as [string, string]))

/** Starts the compiled daybook on a data folder; resolves when /api/v1/health answers. */
export async function startDaybook(dataDir: string, env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const started = performance.now()
  const proc = Bun.spawn(pin([ensureBinary()]), {
    cwd: dataDir,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, ...extraEnv },
    stdout: 'ignore', stderr: 'inherit',
  })
  return { proc, url, startupMs: await waitHealthy(url, proc, started) }
}

/**
 * The bare Bun.serve + bun:sqlite baseline (bench/baseline-server.ts) on the same database file. `publicUrl`
 * must be daybook's PUBLIC_URL when the compared JSON holds file URLs (clipboard images).
 */
let compiledBaseline: string | undefined

/** bench/baseline-server.ts compiled as daybook is (`bun build --compile`), once per run: idle memory compares like with like. */
function baselineExecutable(): string {
  if (!compiledBaseline) {
    const out = join(tempDir('daybook-bench-baseline-'), 'baseline')
    const r = Bun.spawnSync([process.execPath, 'build', join(root, 'bench/baseline-server.ts'), '--compile', '--minify', '--outfile', out], { stdout: 'ignore', stderr: 'inherit' })
    if (r.exitCode !== 0) throw new Error('building the compiled baseline failed')
    compiledBaseline = out
  }
  return compiledBaseline
}

/** `script`: another baseline module (a bench's own, e.g. bench/search.ts) started the same way. */
export async function startBaseline(dbPath: string, opts: { publicUrl?: string; compiled?: boolean; script?: string } = {}): Promise<Started> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const started = performance.now()
  const env: Record<string, string | undefined> = { ...process.env, BASELINE_DB: dbPath, BASELINE_PORT: String(port) }
  if (opts.publicUrl) env.BASELINE_PUBLIC_URL = opts.publicUrl
  const cmd = opts.compiled ? [baselineExecutable()] : [process.execPath, opts.script ?? join(root, 'bench/baseline-server.ts')]
  const proc = Bun.spawn(pin(cmd), { env, stdout: 'ignore', stderr: 'inherit' })
  return { proc, url, startupMs: await waitHealthy(url, proc, started) }
}

export async function stop(...servers: Started[]): Promise<void> {
  for (const s of servers) s.proc.kill('SIGTERM')
  await Promise.all(servers.map((s) => s.proc.exited))
}

export function migrate(dataDir: string): void {
  const r = Bun.spawnSync([ensureBinary(), 'migrate'], { cwd: dataDir, env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' } })
  if (r.exitCode !== 0) throw new Error(r.stderr.toString())
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** Inserts users with one web token each, in the exact stored format of src/features/auth/tokens.ts. */
export function seedUsers(dbPath: string, count: number, now = Date.now()): { id: string; token: string }[] {
  const db = new Database(dbPath)
  const out: { id: string; token: string }[] = []
  const hash = Bun.password.hashSync('bench password 123', { algorithm: 'argon2id', memoryCost: DEFAULT_PASSWORD_HASH_MEMORY_KIB, timeCost: 2 })
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const id = crypto.randomUUID()
      const email = `bench${i}-${id.slice(0, 8)}@example.com`
      db.query(`INSERT INTO users (id, name, email, email_key, password_hash, role, email_verified_at, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, 'user', ?, ?, ?)`).run(id, `Bench ${i}`, email, email, hash, now, now, now)
      const secret = [...randomBytes(40)].map((b) => ALNUM[b % 62]).join('')
      const digest = createHash('sha256').update(secret).digest('hex')
      const row = db.query(`INSERT INTO access_tokens (user_id, secret_hash, platform, created_at, expires_at)
        VALUES (?, ?, 'web', ?, ?) RETURNING id`).get(id, digest, now, now + 7 * 86_400_000) as { id: number }
      out.push({ id, token: `${row.id}|${secret}` })
    }
  })()
  db.close()
  return out
}

export interface LoadResult { rps: number; p99: number; errors: number; non2xx: number; requests: number }

/** One autocannon run (under Node, the load generator's home runtime). */
export function load(url: string, opts: { connections?: number; seconds?: number; headers?: Record<string, string>; method?: string; body?: string } = {}): LoadResult {
  const args = [join(root, 'node_modules/autocannon/autocannon.js'), '-j', '-c', String(opts.connections ?? 32), '-d', String(opts.seconds ?? 5)]
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}=${v}`)
  if (opts.method) args.push('-m', opts.method)
  if (opts.body) args.push('-b', opts.body)
  args.push(url)
  const r = Bun.spawnSync(['node', ...args], { stdout: 'pipe', stderr: 'pipe' })
  if (r.exitCode !== 0) throw new Error(r.stderr.toString())
  const j = JSON.parse(r.stdout.toString())
  return { rps: j.requests.average, p99: j.latency.p99, errors: j.errors + j.timeouts, non2xx: j.non2xx, requests: j.requests.total }
}

/** What one connection sends (its k-th request, from 0) and hears back. */
export interface Connection {
  request(k: number): { method?: string; path: string; headers?: Record<string, string>; body?: string }
  onResponse?(status: number): void
}

/**
 * An autocannon run where each connection has its own requests (its own token, a path or body per request),
 * which the CLI cannot express. This is autocannon's programmatic API in this process, so callers also see
 * every response. Imported lazily: the export benchmark measures its own process's memory.
 */
export async function loadPerConnection(url: string, opts: { connections?: number; seconds?: number; connection: (index: number) => Connection }): Promise<LoadResult> {
  const { default: autocannon } = await import('autocannon')
  let index = 0
  const r = await autocannon({
    url, connections: opts.connections ?? 32, duration: opts.seconds ?? 5,
    setupClient(client) {
      const conn = opts.connection(index++)
      let k = 0
      client.setRequests([{
        // autocannon calls setupRequest before every request, the first included.
        setupRequest: (request) => ({ ...request, ...conn.request(k++) }),
        onResponse: conn.onResponse && ((status) => conn.onResponse!(status)),
      }])
    },
  })
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx, requests: r.requests.total }
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024
}

/** RSS split into its anonymous part (heap, JIT code: what a Pi cannot page out) and file-backed pages (the executable). */
export function rssParts(pid: number): { rss: number; anon: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)![1]) / 1024
  return { rss: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') + kb('RssShmem') }
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })

export function table(headers: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n')
}

/**
 * An in-process daybook on a migrated `dataDir` with one seeded user, as the import benches run it: the import's
 * verbs, the runtime and the user as an actor. Close it with `deps.db.$client.close()`.
 */
export async function importRuntime(dataDir: string) {
  migrate(dataDir)
  const [user] = seedUsers(join(dataDir, 'daybook.db'), 1)
  const { loadConfig } = await import('../src/config')
  const { openRuntime } = await import('../src/runtime')
  const { startImport } = await import('../src/features/import/import-jobs')
  const { runNextImportJob } = await import('../src/features/import/run-job')
  const deps = openRuntime(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }))
  return { deps, actor: deps.authenticate(`Bearer ${user!.token}`)!, startImport, runNextImportJob }
}

/** This process's peak RSS growth in MB since the call (sampled every 50 ms, after a full GC); `stop` ends the sampling. */
export function rssPeak(): { growthMb: () => number; stop: () => void } {
  Bun.gc(true)
  const base = process.memoryUsage().rss
  let peak = base
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss) }, 50)
  return { growthMb: () => (Math.max(peak, process.memoryUsage().rss) - base) / (1024 * 1024), stop: () => clearInterval(sampler) }
}

/**
 * Rounds of runs in turn: daybook, then its baseline (and any other server to compare), one run each per round. A
 * round shares its moment, so a burst of load elsewhere or a collection falling into one run moves every side; one
 * run of each after the other measured anything from 0.77 to 1.02 for the same code. The figure is the median
 * round's ratio, with the spread of the rounds beside it.
 */
export async function rounds<K extends string>(count: number, runs: Record<K, () => LoadResult | Promise<LoadResult>>): Promise<Record<K, LoadResult[]>> {
  const out = Object.fromEntries(Object.keys(runs).map((k) => [k, []])) as unknown as Record<K, LoadResult[]>
  for (let i = 0; i < count; i++) for (const k of Object.keys(runs) as K[]) out[k].push(await runs[k]())
  return out
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!

export interface Compared {
  a: { rps: number; p99: number }; b: { rps: number; p99: number }; ratio: number; low: number; high: number; p99Ratio: number
  /** connection errors and timeouts of both sides */
  errors: number
  /** answers outside 2xx of both sides (expected of a 404 case, a failure elsewhere) */
  non2xx: number
}

/** Side `a` against side `b` of the same rounds: each side's medians, the rounds' throughput ratios, the p99 ratio. */
export function compare(a: LoadResult[], b: LoadResult[]): Compared {
  const ratios = a.map((x, i) => x.rps / b[i]!.rps)
  const side = (runs: LoadResult[]) => ({ rps: median(runs.map((x) => x.rps)), p99: median(runs.map((x) => x.p99)) })
  return {
    a: side(a), b: side(b), ratio: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios), p99Ratio: median(a.map((x) => x.p99)) / median(b.map((x) => x.p99)),
    errors: [...a, ...b].reduce((n, x) => n + x.errors, 0), non2xx: [...a, ...b].reduce((n, x) => n + x.non2xx, 0),
  }
}

/** `0.82 (0.78–0.86)`: the median round's ratio and the rounds' range. */
export const ratioText = (c: Compared) => `${c.ratio.toFixed(2)} (${c.low.toFixed(2)}–${c.high.toFixed(2)})`
