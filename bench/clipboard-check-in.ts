/**
 * Clipboard and check-in benchmark: `node_modules/.bin/bun bench/clipboard-check-in.ts`.
 *
 * Seeds a temp data folder straight into SQLite, starts the built daybook (rebuilt when older than src) and
 * the bare baseline (bench/baseline-server.ts) on the same database file, and measures with autocannon:
 *   1. 64 clients, each its own user and token, upserting check-ins for 10 s, then adding clipboard text entries
 *      for 10 s, on daybook and on the baseline (each on its own users, after 10 s of warm-up); then the database
 *      is checked for duplicate (user, date) entries and lost writes (every acknowledged tracker value is stored,
 *      every acknowledged text entry is a row);
 *   2. GET /api/v1/clipboard, per_page 50, paging through 2,000 entries, daybook beside the baseline;
 *   3. GET /api/v1/check-in returning one year (365 entries), daybook beside the baseline and beside a second
 *      baseline that sends the rows as the database returns them (/raw/check-in);
 *   4. the same year for a person with 5 own trackers, 2 activities a day and a note each day, beside the plain year
 *      in 5 pairs of 4 s runs taken in turn, the median pair's ratio (issue budget: ≥ 0.9 of it).
 * BENCH_SERVER_CPUS (bench/lib.ts) pins the servers for the one-core run.
 * The baseline authenticates the same bearer token, runs the same queries and builds the same JSON (verified
 * before measuring). Prints a markdown table. Total run time is about 100 s.
 */
import { Database } from 'bun:sqlite'
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import {
  TRACKERS, ensureBinary, fmt, loadPerConnection, migrate, seedUsers, startBaseline, startDaybook, stop, table, tempDir,
  type Connection, type LoadResult, type Started,
} from './lib'

const PUBLIC_URL = 'http://bench.daybook.test'
const WRITERS = 64
const WRITE_SECONDS = 10
const READ_SECONDS = 8
// serve compiles a request's functions with DFG after 20,000 runs (SERVE_JSC_OPTIONS, src/config.ts), about 5 s at 64
// writers' pace: 10 s of warm-up (for both servers) measures the steady state, not the climb to it.
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10)
const READ_CONNECTIONS = 32
/** The own-tracker year beside the plain year: this many pairs of runs this long (the median pair is reported). */
const OWN_PAIRS = 5
const PAIR_SECONDS = 4
const CLIPBOARD_ENTRIES = 2000
const PER_PAGE = 50

type Row = Record<string, any>
interface SeedUser { id: string; token: string }
const rand = (n: number) => Math.floor(Math.random() * n)
const trackerValue = (k: string) => 1 + rand(k === 'sports' ? 6 : 5)

/** The reader's data: 2,000 clipboard entries (every tenth an image) and one year of check-ins. */
function seedReader(dbPath: string, readerId: string): void {
  const db = new Database(dbPath, { strict: true })
  const now = Date.now()
  db.transaction(() => {
    const clip = db.query(`INSERT INTO clipboard_entries (user_id, type, content, file_path, mime_type, size_bytes, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
    for (let i = 0; i < CLIPBOARD_ENTRIES; i++) {
      const at = now - (CLIPBOARD_ENTRIES - i) * 60_000
      if (i % 10 === 0) clip.run(readerId, 'image', '', `${readerId}/clipboard/${randomBytes(16).toString('hex')}.png`, 'image/png', 20_000 + i, at, at)
      else clip.run(readerId, 'text', `Clipboard note ${i}: ${'lorem ipsum dolor sit amet '.repeat(1 + (i % 4))}`, null, null, null, at, at)
    }
    const checkIn = db.query(`INSERT INTO check_ins (user_id, date, ${TRACKERS.join(', ')}, created_at, updated_at)
      VALUES (?, ?, ${TRACKERS.map(() => '?').join(', ')}, ?, ?)`)
    for (let d = 0; d < 365; d++) {
      const date = new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10)
      checkIn.run(readerId, date, ...TRACKERS.map((k) => (rand(4) === 0 ? null : trackerValue(k))), now, now)
    }
  })()
  db.close()
}

/** A second reader's year with what a person adds of their own: 5 trackers (scales and numbers), 2 of 6 activities and a note a day. */
function seedOwnTrackers(dbPath: string, readerId: string): void {
  const db = new Database(dbPath, { strict: true })
  const now = Date.now()
  db.transaction(() => {
    const tracker = db.query(`INSERT INTO trackers (user_id, name, name_key, kind, position, min, max, decimals, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`)
    const trackers = Array.from({ length: 5 }, (_, i) => {
      const number = i % 2 === 1
      return (tracker.get(readerId, `Own ${i}`, `own ${i}`, number ? 'number' : 'scale', i, number ? null : 1, number ? null : 5, number ? 1 : 0, now, now) as Row).id as number
    })
    const activity = db.query('INSERT INTO activities (user_id, name, name_key, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id')
    const activities = Array.from({ length: 6 }, (_, i) => (activity.get(readerId, `Activity ${i}`, `activity ${i}`, i, now, now) as Row).id as number)
    const day = db.query(`INSERT INTO check_ins (user_id, date, ${TRACKERS.join(', ')}, note, created_at, updated_at)
      VALUES (?, ?, ${TRACKERS.map(() => '?').join(', ')}, ?, ?, ?) RETURNING id`)
    const value = db.query('INSERT INTO check_in_values (check_in_id, tracker_id, value) VALUES (?, ?, ?)')
    const mark = db.query('INSERT INTO check_in_activities (check_in_id, activity_id) VALUES (?, ?)')
    for (let d = 0; d < 365; d++) {
      const date = new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10)
      const id = (day.get(readerId, date, ...TRACKERS.map((k) => (rand(4) === 0 ? null : trackerValue(k))), `Day ${d}: a line about it.`, now, now) as Row).id
      trackers.forEach((t, i) => value.run(id, t, i % 2 === 1 ? rand(1000) / 10 : 1 + rand(5)))
      mark.run(id, activities[d % 6]!)
      mark.run(id, activities[(d + 2) % 6]!)
    }
  })()
  db.close()
}

// ------------------------------------------------------------------------------------------------ scenarios

interface WriterState { user: SeedUser; acked: Map<string, number | null>; pending: Row | undefined; texts: number }

type WriteRun = { result: LoadResult; states: WriterState[]; failed: number }

/** One writer per user, each a connection built by `connection` from its state and a failure counter. */
async function runWriters(url: string, users: SeedUser[], seconds: number,
  connection: (state: WriterState, headers: Record<string, string>, fail: () => void) => Connection): Promise<WriteRun> {
  const states: WriterState[] = []
  let failed = 0
  const writer = (index: number): Connection => {
    const state: WriterState = { user: users[index]!, acked: new Map(), pending: undefined, texts: 0 }
    states.push(state)
    return connection(state, { authorization: `Bearer ${state.user.token}`, 'content-type': 'application/json' }, () => { failed++ })
  }
  const result = await loadPerConnection(url, { connections: users.length, seconds, connection: writer })
  return { result, states, failed }
}

/** 64 writers, one user each, upserting 1–3 trackers on one of 30 dates per request. */
const runWrites = (url: string, users: SeedUser[], seconds = WRITE_SECONDS) => runWriters(url, users, seconds, (state, headers, fail) => ({
  request() {
    const body: Row = { date: `2026-01-${String(1 + rand(30)).padStart(2, '0')}` }
    for (let i = 0, n = 1 + rand(3); i < n; i++) {
      const k = TRACKERS[rand(TRACKERS.length)]!
      body[k] = rand(8) === 0 ? null : trackerValue(k)
    }
    state.pending = body
    return { method: 'POST', path: '/api/v1/check-in', headers, body: JSON.stringify(body) }
  },
  onResponse(status) {
    if (status !== 201 || !state.pending) return fail()
    for (const [k, v] of Object.entries(state.pending)) if (k !== 'date') state.acked.set(`${state.pending.date}|${k}`, v)
    state.pending = undefined
  },
}))

/** 64 writers, one user each, adding clipboard text entries; `texts` counts the acknowledged ones. */
const runTextWrites = (url: string, users: SeedUser[], seconds = WRITE_SECONDS) => runWriters(url, users, seconds, (state, headers, fail) => ({
  request: (k) => ({ method: 'POST', path: '/api/v1/clipboard', headers, body: JSON.stringify({ content: `note ${k}: ${'lorem ipsum '.repeat(1 + (k % 8))}` }) }),
  onResponse(status) { if (status === 200) state.texts++; else fail() },
}))

/**
 * Acknowledged text entries the database does not hold. A request in flight when a run stops is stored but never
 * acknowledged, so each user may hold up to `runs` entries more than acknowledged.
 */
function verifyTexts(dbPath: string, states: WriterState[], runs: number): { rows: number; lost: number } {
  const db = new Database(dbPath, { readonly: true, strict: true })
  const count = db.query('SELECT count(*) AS n FROM clipboard_entries WHERE user_id = ?')
  let rows = 0
  let lost = 0
  for (const s of states) {
    const n = (count.get(s.user.id) as Row).n as number
    rows += n
    if (n < s.texts) lost += s.texts - n
    else if (n > s.texts + runs) lost += n - s.texts - runs // stored twice?
  }
  db.close()
  return { rows, lost }
}

/** Duplicate (user, date) rows, and acknowledged tracker values the database does not hold. */
function verifyWrites(dbPath: string, states: WriterState[]): { rows: number; duplicates: number; lost: number } {
  const db = new Database(dbPath, { readonly: true, strict: true })
  const duplicates = (db.query('SELECT count(*) AS n FROM (SELECT 1 FROM check_ins GROUP BY user_id, date HAVING count(*) > 1)').get() as Row).n
  const perUser = db.query('SELECT count(*) AS n FROM check_ins WHERE user_id = ? AND date LIKE \'2026-01-%\'')
  const rows = states.reduce((sum, s) => sum + ((perUser.get(s.user.id) as Row).n as number), 0)
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
function runReads(url: string, token: string, path: (k: number) => string, seconds = READ_SECONDS): Promise<LoadResult> {
  const headers = { authorization: `Bearer ${token}` }
  return loadPerConnection(url, { connections: READ_CONNECTIONS, seconds, connection: () => ({ request: (k) => ({ path: path(k), headers }) }) })
}

async function sameJson(a: string, b: string, token: string, path: string): Promise<void> {
  const get = (base: string) => fetch(base + path, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json() as Promise<Row>)
  const [x, y] = await Promise.all([get(a), get(b)])
  delete x.timestamp
  delete y.timestamp
  if (JSON.stringify(x) !== JSON.stringify(y)) throw new Error(`daybook and baseline disagree on ${path}`)
}

// ------------------------------------------------------------------------------------------------------ main

const started = performance.now()
ensureBinary()
const dataDir = tempDir('daybook-bench-cc-')
const dbPath = join(dataDir, 'daybook.db')
const servers: Started[] = []
try {
  migrate(dataDir)
  // Four sets of writers (daybook/baseline × upsert/text), so each run's writes are verified on their own rows.
  const users = seedUsers(dbPath, 4 * WRITERS + 2)
  const writerSet = (i: number) => users.slice(i * WRITERS, (i + 1) * WRITERS)
  const reader = users[4 * WRITERS]!
  seedReader(dbPath, reader.id)
  const ownReader = users[4 * WRITERS + 1]!
  seedOwnTrackers(dbPath, ownReader.id)

  const daybook = await startDaybook(dataDir, { PUBLIC_URL })
  servers.push(daybook)
  const baseline = await startBaseline(dbPath, { publicUrl: PUBLIC_URL })
  servers.push(baseline)
  const [d, b] = [daybook.url, baseline.url]

  const rows: string[][] = []
  const errs = (r: LoadResult) => r.errors + r.non2xx
  let failedChecks = 0
  const notes: string[] = []

  // Writes: each server warms up on its own writers, then is measured; daybook and baseline alternate.
  const upsert: Record<string, LoadResult> = {}
  for (const [name, url, set] of [['daybook', d, 0], ['baseline', b, 1]] as const) {
    await runWrites(url, writerSet(set), WARMUP_SECONDS)
    const w = await runWrites(url, writerSet(set))
    await Bun.sleep(200) // let the last in-flight upserts land before reading the database
    const check = verifyWrites(dbPath, w.states)
    upsert[name] = w.result
    const e = errs(w.result) + w.failed
    failedChecks += e + check.duplicates + check.lost
    notes.push(`${name} upserts: ${fmt(w.result.requests)} requests, ${check.rows} entries for ${WRITERS} users × 30 dates, ` +
      `${check.duplicates} duplicate (user, date) entries, ${check.lost} lost writes, ${e} errors.`)
  }
  const text: Record<string, LoadResult> = {}
  for (const [name, url, set] of [['daybook', d, 2], ['baseline', b, 3]] as const) {
    const warm = await runTextWrites(url, writerSet(set), WARMUP_SECONDS)
    const w = await runTextWrites(url, writerSet(set))
    await Bun.sleep(200)
    for (const s of w.states) s.texts += warm.states.find((x) => x.user.id === s.user.id)?.texts ?? 0
    const check = verifyTexts(dbPath, w.states, 2)
    text[name] = w.result
    const e = errs(w.result) + w.failed + warm.failed
    failedChecks += e + check.lost
    notes.push(`${name} clipboard texts: ${fmt(w.result.requests + warm.result.requests)} requests (warm-up included), ${check.rows} entries stored, ${check.lost} lost writes, ${e} errors.`)
  }
  for (const [scenario, r] of [[`check-in upsert (${WRITERS} clients, own user each, ${WRITE_SECONDS} s)`, upsert], [`clipboard text create (${WRITERS} clients, own user each, ${WRITE_SECONDS} s)`, text]] as const) {
    rows.push([scenario, 'daybook', fmt(r.daybook!.rps), String(r.daybook!.p99), String(errs(r.daybook!)), (r.daybook!.rps / r.baseline!.rps).toFixed(2)])
    rows.push([scenario, 'baseline', fmt(r.baseline!.rps), String(r.baseline!.p99), String(errs(r.baseline!)), '1.00'])
  }

  const pages = CLIPBOARD_ENTRIES / PER_PAGE
  const clipPath = (k: number) => `/api/v1/clipboard?per_page=${PER_PAGE}&page=${1 + (k % pages)}`
  const reads: [string, (k: number) => string][] = [
    [`clipboard list (per_page ${PER_PAGE} of ${CLIPBOARD_ENTRIES})`, clipPath],
    ['check-in list (365 entries)', () => '/api/v1/check-in'],
  ]
  for (const [name, path] of reads) {
    await sameJson(d, b, reader.token, path(0))
    await sameJson(d, b, reader.token, path(pages - 1))
    for (const url of [d, b]) await runReads(url, reader.token, path, WARMUP_SECONDS) // JIT and page cache
    const dr = await runReads(d, reader.token, path)
    const br = await runReads(b, reader.token, path)
    rows.push([name, 'daybook', fmt(dr.rps), String(dr.p99), String(errs(dr)), (dr.rps / br.rps).toFixed(2)])
    rows.push([name, 'baseline', fmt(br.rps), String(br.p99), String(errs(br)), '1.00'])
    if (path(0) === '/api/v1/check-in') {
      // The second baseline: the rows as the database returns them, no presenter (budget: daybook ≥ 0.75 of it).
      await runReads(b, reader.token, () => '/raw/check-in', WARMUP_SECONDS)
      const rr = await runReads(b, reader.token, () => '/raw/check-in')
      rows.push([name, 'baseline, raw rows', fmt(rr.rps), String(rr.p99), String(errs(rr)), `daybook ${(dr.rps / rr.rps).toFixed(2)}`])
      // The year of a person with own trackers, activities and notes, beside the plain year: short runs in turn,
      // plain then own, OWN_PAIRS times. A pair shares its moment, so a burst of load elsewhere or a collection
      // falling into one run moves both; the median of the pairs' ratios is the figure (one run each after the other
      // measured anything from 0.77 to 1.02 for the same code).
      await sameJson(d, b, ownReader.token, '/api/v1/check-in')
      await runReads(d, ownReader.token, () => '/api/v1/check-in', WARMUP_SECONDS)
      const pairs: { plain: LoadResult; own: LoadResult }[] = []
      for (let i = 0; i < OWN_PAIRS; i++) {
        const plain = await runReads(d, reader.token, () => '/api/v1/check-in', PAIR_SECONDS)
        pairs.push({ plain, own: await runReads(d, ownReader.token, () => '/api/v1/check-in', PAIR_SECONDS) })
      }
      const ratios = pairs.map((p) => p.own.rps / p.plain.rps).sort((x, y) => x - y)
      const own = pairs.map((p) => p.own).sort((x, y) => x.rps - y.rps)[OWN_PAIRS >> 1]!
      rows.push([`check-in list (365 entries, 5 own trackers, activities, notes; ${OWN_PAIRS} pairs of ${PAIR_SECONDS} s)`, 'daybook', fmt(own.rps), String(own.p99),
        String(pairs.reduce((n, p) => n + errs(p.own) + errs(p.plain), 0)),
        `plain year ${ratios[OWN_PAIRS >> 1]!.toFixed(2)} (pairs ${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)})`])
    }
  }

  console.log(`\n### Clipboard and check-in (dist/daybook (compiled); ${process.env.BENCH_SERVER_CPUS ? `server on CPU ${process.env.BENCH_SERVER_CPUS}` : `${cpus().length} CPUs`}; reads: ${READ_CONNECTIONS} connections, ${READ_SECONDS} s each)\n`)
  console.log(table(['scenario', 'server', 'req/s', 'p99 (ms)', 'errors', 'ratio daybook/baseline'], rows))
  console.log('\n' + notes.join('\n'))
  console.log(`Baseline: bare Bun.serve + bun:sqlite in a child process on the same database file, with the same token check, queries and JSON.`)
  console.log(`Total run time ${((performance.now() - started) / 1000).toFixed(0)} s.`)
  if (failedChecks > 0) process.exitCode = 1
} finally {
  await stop(...servers)
  rmSync(dataDir, { recursive: true, force: true })
}
