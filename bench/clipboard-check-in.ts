/**
 * Clipboard and check-in benchmark: `node_modules/.bin/bun bench/clipboard-check-in.ts [--no-build]`.
 *
 * Builds daybook (dist/daybook; falls back to `bun src/main.ts` when there is no executable), seeds a temp
 * data folder straight into SQLite, starts daybook and a bare Bun.serve + bun:sqlite baseline (this file
 * re-run as a child with --baseline) on the same database file, and measures with autocannon:
 *   1. 64 clients, each its own user and token, upserting check-ins for 10 s; then the database is checked
 *      for duplicate (user, date) entries and for lost writes (every acknowledged tracker value is stored);
 *   2. GET /api/v1/clipboard, per_page 50, paging through 2,000 entries, daybook beside the baseline;
 *   3. GET /api/v1/check-in returning one year (365 entries), daybook beside the baseline.
 * The baseline authenticates the same bearer token, runs the same queries and builds the same JSON (verified
 * before measuring). Prints a markdown table. Total run time is about 70 s, build included.
 */
import autocannon, { type Result } from 'autocannon'
import { Database } from 'bun:sqlite'
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dir, '..')
const PUBLIC_URL = 'http://bench.daybook.test'
const WRITERS = 64
const WRITE_SECONDS = 10
const READ_SECONDS = 8
const WARMUP_SECONDS = 2
const READ_CONNECTIONS = 32
const CLIPBOARD_ENTRIES = 2000
const PER_PAGE = 50
const TRACKERS = ['mood', 'sleep', 'dreams', 'food_quality', 'food_amount', 'water', 'sports', 'work', 'menstruation', 'alcohol', 'smoking', 'social_life']
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

// ---------------------------------------------------------------------------------------------- presenters
// The JSON both servers build: clipboard.md 1 and check-in.md 1, inside the envelope of conventions.md 3.

type Row = Record<string, any>
const iso = (ms: number) => new Date(ms).toISOString()

function clipboardJson(r: Row) {
  return {
    id: r.id, type: r.type, content: r.content, file_path: r.file_path,
    image_url: r.file_path === null ? null : `${PUBLIC_URL}/storage/user/${r.file_path}`,
    mime_type: r.mime_type, size_bytes: r.size_bytes, created_at: iso(r.created_at), updated_at: iso(r.updated_at),
  }
}

function checkInJson(r: Row) {
  const out: Row = { id: r.id, date: r.date }
  for (const k of TRACKERS) out[k] = r[k]
  out.created_at = iso(r.created_at)
  out.updated_at = iso(r.updated_at)
  return out
}

// ------------------------------------------------------------------------------------------ the baseline

function runBaseline(dbPath: string, port: number): void {
  const db = new Database(dbPath, { strict: true })
  db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000')
  const token = db.query('SELECT * FROM access_tokens t JOIN users u ON u.id = t.user_id WHERE t.id = ?')
  const clipCount = db.query('SELECT count(*) AS n FROM clipboard_entries WHERE user_id = ?')
  const clipPage = db.query('SELECT * FROM clipboard_entries WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?')
  const checkIns = db.query('SELECT * FROM check_ins WHERE user_id = ? ORDER BY date DESC')
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } })

  const userOf = (req: Request): string | undefined => {
    const m = /^Bearer +([0-9]{1,15})\|([A-Za-z0-9]{40})$/i.exec(req.headers.get('authorization') ?? '')
    const row = m ? (token.get(Number(m[1])) as Row | null) : null
    if (!m || !row || row.expires_at <= Date.now()) return undefined
    const digest = createHash('sha256').update(m[2]!).digest()
    return timingSafeEqual(digest, Buffer.from(row.secret_hash, 'hex')) ? row.user_id : undefined
  }

  Bun.serve({
    port, hostname: '127.0.0.1',
    fetch(req) {
      const url = new URL(req.url)
      if (url.pathname === '/api/v1/health') return json({ status: 'OK' })
      const userId = userOf(req)
      if (!userId) return json({ success: false, message: 'Unauthenticated.', code: 'unauthenticated' }, 401)
      const timestamp = new Date().toISOString()
      if (url.pathname === '/api/v1/clipboard') {
        const perPage = Number(url.searchParams.get('per_page') ?? 50)
        const page = Number(url.searchParams.get('page') ?? 1)
        const total = (clipCount.get(userId) as Row).n as number
        const rows = clipPage.all(userId, perPage, (page - 1) * perPage) as Row[]
        const lastPage = Math.max(1, Math.ceil(total / perPage))
        const from = rows.length ? (page - 1) * perPage + 1 : null
        return json({
          success: true, message: 'Clipboards retrieved successfully.', data: rows.map(clipboardJson), timestamp,
          meta: { pagination: { current_page: page, last_page: lastPage, per_page: perPage, total, from, to: from === null ? null : from + rows.length - 1, has_more_pages: page < lastPage } },
        })
      }
      if (url.pathname === '/api/v1/check-in') {
        return json({ success: true, message: 'Check-in data retrieved successfully.', data: (checkIns.all(userId) as Row[]).map(checkInJson), timestamp })
      }
      return json({ success: false }, 404)
    },
  })
}

// --------------------------------------------------------------------------------------- processes, seeding

async function freePort(): Promise<number> {
  const s = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = s.port!
  s.stop(true)
  return port
}

async function waitHealthy(url: string, proc: Bun.Subprocess): Promise<void> {
  const until = performance.now() + 30_000
  while (performance.now() < until) {
    if (proc.exitCode !== null) throw new Error(`${url}: the server exited with ${proc.exitCode}`)
    if (await fetch(`${url}/api/v1/health`).then((r) => r.ok, () => false)) return
    await Bun.sleep(20)
  }
  throw new Error(`${url} did not become healthy`)
}

/** The daybook command: the compiled executable when the build produced one, else the sources under Bun. */
function daybookCommand(build: boolean): { cmd: string[]; label: string } {
  const binary = join(ROOT, 'dist/daybook')
  if (build) {
    const r = Bun.spawnSync(['npm', 'run', 'build'], { cwd: ROOT, stdout: 'pipe', stderr: 'pipe' })
    if (r.exitCode !== 0) console.error(`npm run build failed; running from source\n${r.stderr.toString().slice(-2000)}`)
  }
  if (existsSync(binary)) return { cmd: [binary], label: 'dist/daybook (compiled)' }
  return { cmd: [process.execPath, join(ROOT, 'src/main.ts')], label: 'bun src/main.ts' }
}

function secret(): string {
  let out = ''
  while (out.length < 40) for (const b of randomBytes(48)) if (b < 248 && out.length < 40) out += ALNUM[b % 62]
  return out
}
const rand = (n: number) => Math.floor(Math.random() * n)

interface SeedUser { id: string; token: string }

/** Users and tokens in the stored format of src/features/auth/tokens.ts, plus the reader's data. */
function seed(dbPath: string): { writers: SeedUser[]; reader: SeedUser } {
  const db = new Database(dbPath, { strict: true })
  const now = Date.now()
  const users: SeedUser[] = []
  const insertUser = db.query(`INSERT INTO users (id, name, email, email_key, password_hash, role, email_verified_at, created_at, updated_at)
    VALUES (?, ?, ?, ?, 'not-a-login-account', 'user', ?, ?, ?)`)
  const insertToken = db.query(`INSERT INTO access_tokens (user_id, secret_hash, platform, created_at, expires_at)
    VALUES (?, ?, 'web', ?, ?) RETURNING id`)
  db.transaction(() => {
    for (let i = 0; i <= WRITERS; i++) {
      const id = crypto.randomUUID()
      const email = `bench${i}@example.com`
      insertUser.run(id, `Bench ${i}`, email, email, now, now, now)
      const s = secret()
      const row = insertToken.get(id, createHash('sha256').update(s).digest('hex'), now, now + 7 * 86_400_000) as Row
      users.push({ id, token: `${row.id}|${s}` })
    }
    const reader = users[WRITERS]!
    const clip = db.query(`INSERT INTO clipboard_entries (user_id, type, content, file_path, mime_type, size_bytes, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
    for (let i = 0; i < CLIPBOARD_ENTRIES; i++) {
      const at = now - (CLIPBOARD_ENTRIES - i) * 60_000
      if (i % 10 === 0) clip.run(reader.id, 'image', '', `${reader.id}/clipboard/${randomBytes(16).toString('hex')}.png`, 'image/png', 20_000 + i, at, at)
      else clip.run(reader.id, 'text', `Clipboard note ${i}: ${'lorem ipsum dolor sit amet '.repeat(1 + (i % 4))}`, null, null, null, at, at)
    }
    const checkIn = db.query(`INSERT INTO check_ins (user_id, date, ${TRACKERS.join(', ')}, created_at, updated_at)
      VALUES (?, ?, ${TRACKERS.map(() => '?').join(', ')}, ?, ?)`)
    for (let d = 0; d < 365; d++) {
      const date = new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10)
      checkIn.run(reader.id, date, ...TRACKERS.map((k) => (rand(4) === 0 ? null : 1 + rand(k === 'sports' ? 6 : 5))), now, now)
    }
  })()
  db.close()
  return { writers: users.slice(0, WRITERS), reader: users[WRITERS]! }
}

// ------------------------------------------------------------------------------------------------ scenarios

interface WriterState { user: SeedUser; acked: Map<string, number | null>; pending: Row | undefined }

/** 64 writers, one user each, upserting 1–3 trackers on one of 30 dates per request. */
async function runWrites(url: string, users: SeedUser[]): Promise<{ result: Result; states: WriterState[]; failed: number }> {
  const states: WriterState[] = []
  let failed = 0
  let next = 0
  const result = await autocannon({
    url, connections: users.length, duration: WRITE_SECONDS,
    setupClient(client) {
      const state: WriterState = { user: users[next++]!, acked: new Map(), pending: undefined }
      states.push(state)
      client.setRequests([{
        method: 'POST', path: '/api/v1/check-in',
        headers: { authorization: `Bearer ${state.user.token}`, 'content-type': 'application/json' },
        setupRequest(request) {
          const body: Row = { date: `2026-01-${String(1 + rand(30)).padStart(2, '0')}` }
          for (let i = 0, n = 1 + rand(3); i < n; i++) {
            const k = TRACKERS[rand(TRACKERS.length)]!
            body[k] = rand(8) === 0 ? null : 1 + rand(k === 'sports' ? 6 : 5)
          }
          state.pending = body
          return { ...request, body: JSON.stringify(body) }
        },
        onResponse(status) {
          if (status !== 201 || !state.pending) { failed++; return }
          for (const [k, v] of Object.entries(state.pending)) if (k !== 'date') state.acked.set(`${state.pending.date}|${k}`, v)
          state.pending = undefined
        },
      }])
    },
  })
  return { result, states, failed }
}

/** Duplicate (user, date) rows, and acknowledged tracker values the database does not hold. */
function verifyWrites(dbPath: string, states: WriterState[]): { rows: number; duplicates: number; lost: number } {
  const db = new Database(dbPath, { readonly: true, strict: true })
  const duplicates = (db.query('SELECT count(*) AS n FROM (SELECT 1 FROM check_ins GROUP BY user_id, date HAVING count(*) > 1)').get() as Row).n
  const rows = (db.query('SELECT count(*) AS n FROM check_ins WHERE date LIKE \'2026-01-%\'').get() as Row).n
  const byDate = db.query('SELECT * FROM check_ins WHERE user_id = ? AND date = ?')
  let lost = 0
  for (const s of states) {
    for (const [key, value] of s.acked) {
      const [date, tracker] = key.split('|') as [string, string]
      const stored = (byDate.get(s.user.id, date) as Row | null)?.[tracker]
      // A request still in flight when the run stopped may legitimately have overwritten the acked value.
      const inFlight = s.pending?.date === date && tracker in s.pending && s.pending[tracker] === stored
      if (stored !== value && !inFlight) lost++
    }
  }
  db.close()
  return { rows, duplicates, lost }
}

/** One read endpoint under load; `path(k)` gives each connection's k-th request path. */
function runReads(url: string, token: string, path: (k: number) => string, seconds = READ_SECONDS): Promise<Result> {
  return autocannon({
    url, connections: READ_CONNECTIONS, duration: seconds,
    setupClient(client) {
      let k = 0
      client.setRequests([{
        method: 'GET', path: path(0), headers: { authorization: `Bearer ${token}` },
        setupRequest: (request) => ({ ...request, path: path(k++) }),
      }])
    },
  })
}

async function sameJson(a: string, b: string, token: string, path: string): Promise<void> {
  const get = (base: string) => fetch(base + path, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json() as Promise<Row>)
  const [x, y] = await Promise.all([get(a), get(b)])
  delete x.timestamp
  delete y.timestamp
  if (JSON.stringify(x) !== JSON.stringify(y)) throw new Error(`daybook and baseline disagree on ${path}`)
}

// ------------------------------------------------------------------------------------------------------ main

async function main(): Promise<void> {
  const started = performance.now()
  const { cmd, label } = daybookCommand(!process.argv.includes('--no-build'))
  const dataDir = mkdtempSync(join(tmpdir(), 'daybook-bench-cc-'))
  const dbPath = join(dataDir, 'daybook.db')
  const env = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PUBLIC_URL, HOST: '127.0.0.1', LOG_LEVEL: 'warn' }
  const children: Bun.Subprocess[] = []
  try {
    const migrated = Bun.spawnSync([...cmd, 'migrate'], { cwd: dataDir, env, stdout: 'pipe', stderr: 'pipe' })
    if (migrated.exitCode !== 0) throw new Error(`migrate failed: ${migrated.stderr.toString()}`)
    const { writers, reader } = seed(dbPath)

    const dPort = await freePort()
    const daybook = Bun.spawn([...cmd, 'serve'], { cwd: dataDir, env: { ...env, PORT: String(dPort) }, stdout: 'ignore', stderr: 'inherit' })
    children.push(daybook)
    const bPort = await freePort()
    const baseline = Bun.spawn([process.execPath, import.meta.path, '--baseline', dbPath, String(bPort)], { stdout: 'ignore', stderr: 'inherit' })
    children.push(baseline)
    const d = `http://127.0.0.1:${dPort}`
    const b = `http://127.0.0.1:${bPort}`
    await Promise.all([waitHealthy(d, daybook), waitHealthy(b, baseline)])

    const writes = await runWrites(d, writers)
    await Bun.sleep(200) // let the last in-flight upserts land before reading the database
    const check = verifyWrites(dbPath, writes.states)

    const pages = CLIPBOARD_ENTRIES / PER_PAGE
    const clipPath = (k: number) => `/api/v1/clipboard?per_page=${PER_PAGE}&page=${1 + (k % pages)}`
    const reads: [string, (k: number) => string][] = [
      [`clipboard list (per_page ${PER_PAGE} of ${CLIPBOARD_ENTRIES})`, clipPath],
      ['check-in list (365 entries)', () => '/api/v1/check-in'],
    ]
    const rows: string[][] = []
    const errs = (r: Result) => r.errors + r.timeouts + r.non2xx
    const w = writes.result
    rows.push([`check-in upsert (${WRITERS} clients, own user each, ${WRITE_SECONDS} s)`, 'daybook', fmt(w.requests.average), String(w.latency.p99), String(errs(w) + writes.failed), '—'])
    for (const [name, path] of reads) {
      await sameJson(d, b, reader.token, path(0))
      await sameJson(d, b, reader.token, path(pages - 1))
      for (const url of [d, b]) await runReads(url, reader.token, path, WARMUP_SECONDS) // JIT and page cache
      const dr = await runReads(d, reader.token, path)
      const br = await runReads(b, reader.token, path)
      rows.push([name, 'daybook', fmt(dr.requests.average), String(dr.latency.p99), String(errs(dr)), (dr.requests.average / br.requests.average).toFixed(2)])
      rows.push([name, 'baseline', fmt(br.requests.average), String(br.latency.p99), String(errs(br)), '1.00'])
    }

    console.log(`\n### Clipboard and check-in (${label}; ${cpus().length} CPUs; reads: ${READ_CONNECTIONS} connections, ${READ_SECONDS} s each)\n`)
    console.log(table(['scenario', 'server', 'req/s', 'p99 (ms)', 'errors', 'ratio daybook/baseline'], rows))
    console.log(`\nUpsert check: ${fmt(w.requests.total)} requests, ${check.rows} entries for ${WRITERS} users × 30 dates, ` +
      `${check.duplicates} duplicate (user, date) entries, ${check.lost} lost writes.`)
    console.log(`Baseline: bare Bun.serve + bun:sqlite in a child process on the same database file, with the same token check, queries and JSON.`)
    console.log(`Total run time ${((performance.now() - started) / 1000).toFixed(0)} s.`)
    if (errs(w) + writes.failed > 0 || check.duplicates > 0 || check.lost > 0) process.exitCode = 1
  } finally {
    for (const c of children) c.kill('SIGTERM')
    await Promise.all(children.map((c) => c.exited))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US')

function table(headers: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n')
}

if (process.argv[2] === '--baseline') runBaseline(process.argv[3]!, Number(process.argv[4]))
else await main()
