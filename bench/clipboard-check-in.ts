/**
 * Clipboard and check-in benchmark: `node_modules/.bin/bun bench/clipboard-check-in.ts`.
 *
 * Seeds a temp data folder straight into SQLite, starts the built daybook (rebuilt when older than src) and
 * the bare baseline (bench/baseline-server.ts) on the same database file, and measures with autocannon:
 *   1. 64 clients, each its own user and token, upserting check-ins, then adding clipboard text entries, on daybook
 *      and on the baseline (each on its own users, after 10 s of warm-up), 3 rounds of 6 s runs in turn; after each
 *      run the database is checked for duplicate (user, date) entries and lost writes (every acknowledged tracker
 *      value is stored), and after the text runs every acknowledged text entry must be a row;
 *   2. GET /api/v1/clipboard, per_page 50, paging through 2,000 entries, daybook beside the baseline;
 *   3. GET /api/v1/check-in returning one year (365 entries), daybook beside the baseline and beside a second
 *      baseline that sends the rows as the database returns them (/raw/check-in);
 *   4. the same year for a person with 5 own trackers, 2 activities a day and a note each day, beside the plain year
 *      (issue budget: ≥ 0.9 of it).
 * Reads run in 5 rounds of 4 s on each server in turn (bench/lib.ts `rounds`); every figure is the median round's,
 * with the range of the rounds. BENCH_ROUNDS changes the number of rounds.
 * BENCH_SERVER_CPUS (bench/lib.ts) pins the servers for the one-core run.
 * The baseline authenticates the same bearer token, runs the same queries and builds the same JSON (verified
 * before measuring). Prints a markdown table. Total run time is about 5 minutes.
 */
import { Database } from 'bun:sqlite'
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import {
  TRACKERS, compare, ensureBinary, fmt, loadPerConnection, migrate, ratioText, rounds, seedUsers, startBaseline, startDaybook, stop, table, tempDir,
  type Compared, type Connection, type LoadResult, type Started,
} from './lib'

const PUBLIC_URL = 'http://bench.daybook.test'
const WRITERS = 64
const WRITE_SECONDS = 6
const READ_SECONDS = 4
/** Rounds of runs in turn on each server (bench/lib.ts `rounds`); the median round is the figure. */
const WRITE_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const READ_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
// serve compiles a request's functions with DFG after 20,000 runs (SERVE_JSC_OPTIONS, src/config.ts), about 5 s at 64
// writers' pace: 10 s of warm-up (for both servers) measures the steady state, not the climb to it.
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 10)
const READ_CONNECTIONS = 32
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
 * Acknowledged text entries the database does not hold, from each user's acknowledged count over all runs. A request
 * in flight when a run stops is stored but never acknowledged, so each user may hold up to `runs` entries more.
 */
function verifyTexts(dbPath: string, acked: Map<string, number>, runs: number): { rows: number; lost: number } {
  const db = new Database(dbPath, { readonly: true, strict: true })
  const count = db.query('SELECT count(*) AS n FROM clipboard_entries WHERE user_id = ?')
  let rows = 0
  let lost = 0
  for (const [userId, texts] of acked) {
    const n = (count.get(userId) as Row).n as number
    rows += n
    if (n < texts) lost += texts - n
    else if (n > texts + runs) lost += n - texts - runs // stored twice?
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

  // Writes: each server warms up on its own writers, then both are measured in rounds, each run verified.
  const upsertRuns = async (name: string, url: string, set: number) => {
    const w = await runWrites(url, writerSet(set))
    await Bun.sleep(200) // let the last in-flight upserts land before reading the database
    const check = verifyWrites(dbPath, w.states)
    const e = errs(w.result) + w.failed
    failedChecks += e + check.duplicates + check.lost
    notes.push(`${name} upserts: ${fmt(w.result.requests)} requests, ${check.rows} entries for ${WRITERS} users × 30 dates, ` +
      `${check.duplicates} duplicate (user, date) entries, ${check.lost} lost writes, ${e} errors.`)
    return w.result
  }
  for (const [url, set] of [[d, 0], [b, 1]] as const) await runWrites(url, writerSet(set), WARMUP_SECONDS)
  const upsert = await rounds(WRITE_ROUNDS, { daybook: () => upsertRuns('daybook', d, 0), baseline: () => upsertRuns('baseline', b, 1) })

  // Text creates: every acknowledged entry, warm-up included, must be a row once all runs are over.
  const texts = new Map<string, number>()
  const textRuns = async (url: string, set: number, seconds = WRITE_SECONDS) => {
    const w = await runTextWrites(url, writerSet(set), seconds)
    for (const s of w.states) texts.set(s.user.id, (texts.get(s.user.id) ?? 0) + s.texts)
    failedChecks += errs(w.result) + w.failed
    return w.result
  }
  for (const [url, set] of [[d, 2], [b, 3]] as const) await textRuns(url, set, WARMUP_SECONDS)
  const text = await rounds(WRITE_ROUNDS, { daybook: () => textRuns(d, 2), baseline: () => textRuns(b, 3) })
  await Bun.sleep(200)
  const textCheck = verifyTexts(dbPath, texts, WRITE_ROUNDS + 1)
  failedChecks += textCheck.lost
  notes.push(`clipboard texts: ${textCheck.rows} entries stored for ${2 * WRITERS} users, ${textCheck.lost} lost writes.`)

  const rowsOf = (scenario: string, c: Compared, other = 'baseline') => {
    failedChecks += c.errors + c.non2xx
    rows.push([scenario, 'daybook', fmt(c.a.rps), String(c.a.p99), ratioText(c), (c.p99Ratio).toFixed(2)])
    rows.push([scenario, other, fmt(c.b.rps), String(c.b.p99), '1.00', '1.00'])
  }
  rowsOf(`check-in upsert (${WRITERS} clients, own user each; ${WRITE_ROUNDS} rounds of ${WRITE_SECONDS} s)`, compare(upsert.daybook, upsert.baseline))
  rowsOf(`clipboard text create (${WRITERS} clients, own user each; ${WRITE_ROUNDS} rounds of ${WRITE_SECONDS} s)`, compare(text.daybook, text.baseline))

  const pages = CLIPBOARD_ENTRIES / PER_PAGE
  const clipPath = (k: number) => `/api/v1/clipboard?per_page=${PER_PAGE}&page=${1 + (k % pages)}`
  await sameJson(d, b, reader.token, clipPath(0))
  await sameJson(d, b, reader.token, clipPath(pages - 1))
  for (const url of [d, b]) await runReads(url, reader.token, clipPath, WARMUP_SECONDS) // JIT and page cache
  const clip = await rounds(READ_ROUNDS, { daybook: () => runReads(d, reader.token, clipPath), baseline: () => runReads(b, reader.token, clipPath) })
  rowsOf(`clipboard list (per_page ${PER_PAGE} of ${CLIPBOARD_ENTRIES}; ${READ_ROUNDS} rounds of ${READ_SECONDS} s)`, compare(clip.daybook, clip.baseline))

  // The year beside the baseline that presents the rows as daybook does, and beside a second one that sends the
  // rows as the database returns them (/raw/check-in), in the same rounds.
  const year = (url: string, token = reader.token, path = '/api/v1/check-in') => () => runReads(url, token, () => path)
  await sameJson(d, b, reader.token, '/api/v1/check-in')
  for (const [url, path] of [[d, '/api/v1/check-in'], [b, '/api/v1/check-in'], [b, '/raw/check-in']] as const) await runReads(url, reader.token, () => path, WARMUP_SECONDS)
  const years = await rounds(READ_ROUNDS, { daybook: year(d), baseline: year(b), raw: year(b, reader.token, '/raw/check-in') })
  rowsOf(`check-in list (365 entries; ${READ_ROUNDS} rounds of ${READ_SECONDS} s)`, compare(years.daybook, years.baseline))
  rowsOf('the same year', compare(years.daybook, years.raw), 'baseline, raw rows')

  // The year of a person with own trackers, activities and notes, beside the plain year on daybook itself.
  await sameJson(d, b, ownReader.token, '/api/v1/check-in')
  await runReads(d, ownReader.token, () => '/api/v1/check-in', WARMUP_SECONDS)
  const own = await rounds(READ_ROUNDS, { own: year(d, ownReader.token), plain: year(d) })
  rowsOf(`check-in list (365 entries, 5 own trackers, activities, notes; ${READ_ROUNDS} rounds of ${READ_SECONDS} s)`, compare(own.own, own.plain), 'daybook, the plain year')

  console.log(`\n### Clipboard and check-in (dist/daybook (compiled); ${process.env.BENCH_SERVER_CPUS ? `server on CPU ${process.env.BENCH_SERVER_CPUS}` : `${cpus().length} CPUs`}; reads: ${READ_CONNECTIONS} connections)\n`)
  console.log(table(['scenario', 'server', 'req/s (median)', 'p99 ms (median)', 'ratio (range of rounds)', 'p99 ratio'], rows))
  console.log('\n' + notes.join('\n'))
  console.log(`Baseline: bare Bun.serve + bun:sqlite in a child process on the same database file, with the same token check, queries and JSON.`)
  console.log(`Total run time ${((performance.now() - started) / 1000).toFixed(0)} s.`)
  if (failedChecks > 0) process.exitCode = 1
} finally {
  await stop(...servers)
  rmSync(dataDir, { recursive: true, force: true })
}
