/**
 * The cost of the async data-access shape on SQLite (docs/scaling.md): `node_modules/.bin/bun bench/scaling-check-in.ts`.
 *
 * In one process, on one migrated database, the check-in read and write are measured three ways, interleaved
 * round by round (the order rotating), at two levels:
 *   - bare: the bare baseline's statements and presenter (bench/baseline-server.ts, in-process, its own connection);
 *   - sync: the synchronous path as it was before the store (validation, the cached statements of queries.ts,
 *     the presenter, called without `await`);
 *   - async: the live verbs over `deps.stores.checkIns` (SQLite store), awaited.
 * "verb" calls those functions directly; "request" sends a Request through the app's `handle` (the live async
 * route, a copy of the route as it was mounted beside it for sync, and the baseline's fetch handler for bare).
 * Cases: the year list (365 entries), a 30-day list of that year, and the upsert (1–3 trackers on one of 30 dates,
 * the same sequence for each variant, each on its own user). Reports the median µs per call over ROUNDS rounds
 * (default 9, after one warm-up round), the ratio bare ÷ variant (1.00 = as fast as the bare baseline) and the
 * async shape's cost, async ÷ sync − 1 (budget: at most 10%).
 *
 * With the Debian `postgresql` package installed (test/helpers/postgres.ts), a second table measures the same
 * async verbs on the PostgreSQL store against a throwaway local server, sequentially and with 32 concurrent
 * upserting callers, beside the SQLite store in the same run. Total run time is about a minute.
 */
import { Database } from 'bun:sqlite'
import { Elysia } from 'elysia'
import { rmSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../src/config'
import { openRuntime } from '../src/runtime'
import { createApp } from '../src/app'
import type { Actor } from '../src/lib/actor'
import { guard } from '../src/lib/http/guard'
import { ok } from '../src/lib/http/envelope'
import { TRACKERS as TRACKER_DEFS } from '../src/features/check-in/trackers'
import { CheckInListQuery, CheckInListResponse, CheckInResponse, UpsertCheckIn } from '../src/features/check-in/model'
import { presentCheckIn, presentStoredCheckIn } from '../src/features/check-in/present'
import { selectCheckIns, upsertCheckInRow } from '../src/features/check-in/queries'
import { withExtras } from '../src/features/check-in/day-extras'
import { checkInListJson } from '../src/features/check-in/list-json'
import { jsonTextAnswer } from '../src/lib/http/lifecycle'
import { listCheckIns, upsertCheckIn } from '../src/features/check-in/check-ins'
import type { SentTrackers } from '../src/features/check-in/store'
import { openPostgres } from '../src/lib/db/postgres/client'
import { migratePostgres } from '../src/lib/db/postgres/migrate'
import { postgresStores } from '../src/stores-postgres'
import { usersPg } from '../src/features/users/schema-postgres'
import { checkInsPg } from '../src/features/check-in/schema-postgres'
import { BASELINE_PRAGMAS, createBaseline } from './baseline-server'
import { TRACKERS, fmt, median, seedUsers, table, tempDir } from './lib'
import { findPostgresBin, startPostgres } from '../test/helpers/postgres'

const BATCHES = Number(process.env.BATCHES ?? 80)
const BUDGET = 0.10
const PUBLIC_URL = 'http://bench.daybook.test'
const MONTH = { from: '2025-12-02', to: '2025-12-31' }

type Row = Record<string, any>

/** mulberry32: the same pseudo-random sequence for every variant. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Upsert bodies: one of 30 dates, 1–3 trackers, one in eight null (as bench/clipboard-check-in.ts). */
function bodies(seed: number): () => Row {
  const r = prng(seed)
  const n = (k: number) => Math.floor(r() * k)
  return () => {
    const body: Row = { date: `2026-01-${String(1 + n(30)).padStart(2, '0')}` }
    for (let i = 0, count = 1 + n(3); i < count; i++) {
      const k = TRACKERS[n(TRACKERS.length)]!
      body[k] = n(8) === 0 ? null : 1 + n(k === 'sports' ? 6 : 5)
    }
    return body
  }
}


interface Variant { name: string; run: (k: number) => unknown; awaited: boolean }
/** `ops`: calls per variant in one batch (a few milliseconds); the variants of a case take turns batch by batch. */
interface Case { name: string; level: 'verb' | 'request'; ops: number; variants: Variant[] }

/** µs per call of one batch, by the process's CPU time (what other processes' load does not add) and by wall time. */
async function timeBatch(v: Variant, ops: number, offset: number): Promise<{ cpu: number; wall: number }> {
  const cpu0 = process.cpuUsage()
  const wall0 = Bun.nanoseconds()
  if (v.awaited) for (let i = 0; i < ops; i++) await v.run(offset + i)
  else for (let i = 0; i < ops; i++) v.run(offset + i)
  const wall = (Bun.nanoseconds() - wall0) / 1000 / ops
  const cpu1 = process.cpuUsage(cpu0)
  return { cpu: (cpu1.user + cpu1.system) / ops, wall }
}

interface Measured { us: Record<string, number>; wallUs: Record<string, number>; vsFirst: Record<string, number>; vsSync: number }

/**
 * Each case's variants take turns in small batches (order rotating), after a warm-up of BATCHES / 4 batches, so
 * the machine's noise falls on all of them alike. Per variant: the median µs per call over the batches; and the
 * paired ratios of each batch (the first variant's time ÷ this variant's, async ÷ sync), whose medians are what
 * is reported: a pair shares its moment, so a burst of load elsewhere cancels out.
 */
async function measure(c: Case, batches: number): Promise<Measured> {
  const cpu: Record<string, number[]> = {}
  const wall: Record<string, number[]> = {}
  const vsFirst: Record<string, number[]> = {}
  const vsSync: number[] = []
  const warmup = Math.ceil(batches / 4)
  for (let batch = -warmup; batch < batches; batch++) {
    const order = c.variants.map((_, i) => c.variants[(i + batch + warmup) % c.variants.length]!)
    const times: Record<string, number> = {}
    for (const v of order) {
      const t = await timeBatch(v, c.ops, (batch + warmup) * c.ops)
      times[v.name] = t.cpu
      if (batch >= 0) {
        ;(cpu[v.name] ??= []).push(t.cpu)
        ;(wall[v.name] ??= []).push(t.wall)
      }
    }
    if (batch < 0) continue
    for (const v of c.variants) (vsFirst[v.name] ??= []).push(times[c.variants[0]!.name]! / times[v.name]!)
    if (times.sync !== undefined && times.async !== undefined) vsSync.push(times.async / times.sync)
  }
  Bun.gc(true)
  const med = (m: Record<string, number[]>) => Object.fromEntries(Object.entries(m).map(([k, xs]) => [k, median(xs)]))
  return { us: med(cpu), wallUs: med(wall), vsFirst: med(vsFirst), vsSync: vsSync.length ? median(vsSync) : NaN }
}

// ------------------------------------------------------------------------------------------------------ setup

const started = performance.now()
const dataDir = tempDir('daybook-bench-scaling-')
const dbPath = join(dataDir, 'daybook.db')
let failed = false
try {
  const deps = openRuntime(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error', PUBLIC_URL }), 'stderr')
  const [reader, ...writers] = seedUsers(dbPath, 7)
  const now = Date.now()
  const seed = new Database(dbPath, { strict: true })
  const insert = seed.query(`INSERT INTO check_ins (user_id, date, ${TRACKERS.join(', ')}, created_at, updated_at) VALUES (?, ?, ${TRACKERS.map(() => '?').join(', ')}, ?, ?)`)
  const r = prng(7)
  seed.transaction(() => {
    for (let d = 0; d < 365; d++) {
      const date = new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10)
      insert.run(reader!.id, date, ...TRACKERS.map((k) => (r() < 0.25 ? null : 1 + Math.floor(r() * (k === 'sports' ? 6 : 5)))), now, now)
    }
  })()
  seed.close()

  const actorOf = (token: string) => deps.authenticate(`Bearer ${token}`)!
  const readerActor = actorOf(reader!.token)

  // The bare baseline, in-process on its own connection to the same file.
  const bareDb = new Database(dbPath)
  bareDb.exec(BASELINE_PRAGMAS)
  const bare = createBaseline(bareDb, PUBLIC_URL)

  // The synchronous path exactly as the verbs ran it before the store (src/features/check-in/check-ins.ts).
  const listSync = (actor: Actor, query: Record<string, unknown>) => {
    const { from, to } = CheckInListQuery.validate(query)
    return selectCheckIns(deps.db, actor.user.id, from, to).map(presentStoredCheckIn)
  }
  const upsertSync = (actor: Actor, body: Record<string, unknown>) => {
    const input = UpsertCheckIn.validate(body) as Record<string, unknown>
    const sent: SentTrackers = {}
    for (const t of TRACKER_DEFS) if (t.key in input) sent[t.prop] = input[t.key] as number | null
    return presentCheckIn(withExtras(upsertCheckInRow(deps.db, actor.user.id, input.date as string, sent, deps.clock.now())))
  }

  // The app with the live (async) routes, and the route as it was (sync) mounted beside them.
  const app = createApp(deps)
  app.elysia.use(new Elysia({ name: 'bench-sync-check-in', prefix: '/api/v1/bench-sync/check-in' })
    .use(guard(deps))
    .get('', ({ actor, query, request, set }) => jsonTextAnswer(request, set, checkInListJson(ok(deps.clock, 'Check-in data retrieved successfully.', listSync(actor, query)))), { auth: 'user',
      query: CheckInListQuery.checkedByVerb, response: { 200: CheckInListResponse } })
    .post('', ({ actor, body, set }) => {
      set.status = 201
      return ok(deps.clock, 'Check-in data created successfully.', upsertSync(actor, body))
    }, { auth: 'user', parse: 'json', body: UpsertCheckIn.checkedByVerb, response: { 201: CheckInResponse } }))

  const get = (path: string, token: string) => new Request(`${PUBLIC_URL}${path}`, { headers: { authorization: `Bearer ${token}` } })
  const post = (path: string, token: string, body: Row) =>
    new Request(`${PUBLIC_URL}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const viaApp = async (req: Request, status: number) => {
    const res = await app.handle(req)
    if (res.status !== status) throw new Error(`${req.method} ${req.url}: ${res.status} ${await res.text()}`)
    return res.text()
  }
  const viaBare = async (req: Request, status: number) => {
    const res = await bare.fetch(req)
    if (res.status !== status) throw new Error(`bare ${req.method} ${req.url}: ${res.status}`)
    return res.text()
  }

  // The three request variants answer the same JSON (timestamps aside) before anything is measured.
  for (const q of ['', `?from=${MONTH.from}&to=${MONTH.to}`]) {
    const strip = (text: string) => { const j = JSON.parse(text); delete j.timestamp; return JSON.stringify(j) }
    const [a, s, b] = [await viaApp(get(`/api/v1/check-in${q}`, reader!.token), 200), await viaApp(get(`/api/v1/bench-sync/check-in${q}`, reader!.token), 200),
      await viaBare(get(`/api/v1/check-in${q}`, reader!.token), 200)]
    if (strip(a) !== strip(s) || strip(a) !== strip(b)) throw new Error(`the variants disagree on /api/v1/check-in${q}`)
  }

  const listCase = (name: string, query: Record<string, string>, verbOps: number, requestOps: number): Case[] => {
    const qs = Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''
    const from = query.from ?? '0000-00-00'
    const to = query.to ?? '9999-99-99'
    return [
      { name, level: 'verb', ops: verbOps, variants: [
        { name: 'bare', awaited: false, run: () => (bare.checkInRangeStmt.all(reader!.id, from, to) as Row[]).map(bare.checkInJson) },
        { name: 'sync', awaited: false, run: () => listSync(readerActor, query) },
        { name: 'async', awaited: true, run: () => listCheckIns(deps, readerActor, CheckInListQuery.asSent(query)) },
      ] },
      { name, level: 'request', ops: requestOps, variants: [
        { name: 'bare', awaited: true, run: () => viaBare(get(`/api/v1/check-in${qs}`, reader!.token), 200) },
        { name: 'sync', awaited: true, run: () => viaApp(get(`/api/v1/bench-sync/check-in${qs}`, reader!.token), 200) },
        { name: 'async', awaited: true, run: () => viaApp(get(`/api/v1/check-in${qs}`, reader!.token), 200) },
      ] },
    ]
  }
  // Each upsert variant writes its own user with the same body sequence; the actor is looked up once per user,
  // as the route's guard does once per request (the request level includes that lookup).
  const sequence = bodies(42)
  const upsertBodies = Array.from({ length: 20_000 }, () => sequence())
  const body = (k: number) => upsertBodies[k % upsertBodies.length]!
  const [w0, w1, w2, w3, w4, w5] = writers.map((w) => ({ ...w, actor: actorOf(w.token) }))
  const cases: Case[] = [
    ...listCase('list, one year (365 entries)', {}, 10, 8),
    ...listCase('list, 30 days (of 365)', MONTH, 100, 50),
    { name: 'upsert', level: 'verb', ops: 100, variants: [
      { name: 'bare', awaited: false, run: (k) => bare.checkInJson(bare.upsertCheckIn(w0!.id, body(k))!) },
      { name: 'sync', awaited: false, run: (k) => upsertSync(w1!.actor, body(k)) },
      { name: 'async', awaited: true, run: (k) => upsertCheckIn(deps, w2!.actor, UpsertCheckIn.asSent(body(k))) },
    ] },
    { name: 'upsert', level: 'request', ops: 50, variants: [
      { name: 'bare', awaited: true, run: (k) => viaBare(post('/api/v1/check-in', w3!.token, body(k)), 201) },
      { name: 'sync', awaited: true, run: (k) => viaApp(post('/api/v1/bench-sync/check-in', w4!.token, body(k)), 201) },
      { name: 'async', awaited: true, run: (k) => viaApp(post('/api/v1/check-in', w5!.token, body(k)), 201) },
    ] },
  ]

  const rows: (string | number)[][] = []
  const costs: number[] = []
  for (const c of cases) {
    const m = await measure(c, BATCHES)
    const cost = m.vsSync - 1
    costs.push(cost)
    rows.push([c.name, c.level, m.us.bare!.toFixed(1), m.us.sync!.toFixed(1), m.us.async!.toFixed(1), m.vsFirst.sync!.toFixed(2), m.vsFirst.async!.toFixed(2),
      `${cost >= 0 ? '+' : ''}${(cost * 100).toFixed(1)}%`, `${m.wallUs.bare!.toFixed(0)} / ${m.wallUs.sync!.toFixed(0)} / ${m.wallUs.async!.toFixed(0)}`])
  }
  console.log(`\n### The async store shape on SQLite (in-process; ${cpus().length} CPUs; ${BATCHES} interleaved batches per case)\n`)
  console.log(table(['case', 'level', 'bare µs', 'sync µs', 'async µs', 'ratio sync', 'ratio async', 'async cost', 'wall µs bare / sync / async'], rows))
  const worst = Math.max(...costs)
  console.log(`\nµs: median CPU time per call (the process's user + system time, which load from other processes does not add). ` +
    `Ratio: bare ÷ variant, the median of each batch's pair (1.00: as fast as the bare baseline). Async cost: async ÷ sync − 1, ` +
    `likewise paired; budget ≤ ${BUDGET * 100}%: ${worst <= BUDGET ? 'met' : '**missed**'} (largest ${(worst * 100).toFixed(1)}%).`)
  if (worst > BUDGET) failed = true

  await postgresSection(deps, reader!, writers[5]!)
  bareDb.close()
  deps.db.$client.close()
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
console.log(`\nTotal run time ${((performance.now() - started) / 1000).toFixed(0)} s.`)
if (failed) process.exitCode = 1

/**
 * The same async verbs on the PostgreSQL store (a throwaway server on loopback, the Debian package's binaries),
 * beside the SQLite store: sequential calls (latency) and 32 concurrent upserting callers for 3 s (throughput).
 */
async function postgresSection(deps: ReturnType<typeof openRuntime>, reader: { id: string }, writer: { id: string }): Promise<void> {
  const bin = findPostgresBin()
  if (!bin) {
    console.log('\nPostgreSQL: not measured (the Debian package `postgresql` is not installed).')
    return
  }
  const server = await startPostgres(bin)
  const pgDb = openPostgres(await server.createDatabase('bench'), { max: 10 })
  try {
    await migratePostgres(pgDb.$client)
    const userRows = deps.db.$client.query('SELECT * FROM users WHERE id IN (?, ?)').all(reader.id, writer.id) as Row[]
    await pgDb.insert(usersPg).values(userRows.map((u) => ({
      id: u.id, name: u.name, email: u.email, emailKey: u.email_key, passwordHash: u.password_hash, createdAt: u.created_at, updatedAt: u.updated_at,
    })))
    const readerRows = selectCheckIns(deps.db, reader.id)
    await pgDb.insert(checkInsPg).values(readerRows.map(({ id: _id, ...row }) => row))
    const pgDeps = { ...deps, stores: postgresStores(pgDb) }
    const actor = { user: { id: reader.id }, tokenId: 0, platform: 'web' } as unknown as Actor
    const writerActor = { user: { id: writer.id }, tokenId: 0, platform: 'web' } as unknown as Actor
    const b = bodies(99)
    const cases: Case[] = [
      { name: 'list, one year (365 entries)', level: 'verb', ops: 5, variants: [
        { name: 'sqlite', awaited: true, run: () => listCheckIns(deps, actor, CheckInListQuery.asSent({})) },
        { name: 'postgres', awaited: true, run: () => listCheckIns(pgDeps, actor, CheckInListQuery.asSent({})) },
      ] },
      { name: 'list, 30 days (of 365)', level: 'verb', ops: 20, variants: [
        { name: 'sqlite', awaited: true, run: () => listCheckIns(deps, actor, CheckInListQuery.asSent(MONTH)) },
        { name: 'postgres', awaited: true, run: () => listCheckIns(pgDeps, actor, CheckInListQuery.asSent(MONTH)) },
      ] },
      { name: 'upsert', level: 'verb', ops: 20, variants: [
        { name: 'sqlite', awaited: true, run: () => upsertCheckIn(deps, writerActor, UpsertCheckIn.asSent(b())) },
        { name: 'postgres', awaited: true, run: () => upsertCheckIn(pgDeps, writerActor, UpsertCheckIn.asSent(b())) },
      ] },
    ]
    const results: Measured[] = []
    for (const c of cases) results.push(await measure(c, 30))
    // Throughput: 32 callers upserting concurrently for 3 s, each on one of 30 dates of the same user set.
    const throughput = async (d: typeof deps) => {
      let done = 0
      const until = performance.now() + 3000
      const next = bodies(7)
      await Promise.all(Array.from({ length: 32 }, async () => {
        while (performance.now() < until) {
          await upsertCheckIn(d, writerActor, UpsertCheckIn.asSent(next()))
          done++
        }
      }))
      return done / 3
    }
    const sqliteRate = await throughput(deps)
    const pgRate = await throughput(pgDeps)
    // Wall time here: the PostgreSQL server's work happens in its own processes, outside this one's CPU time.
    const rows = cases.map((c, i) => {
      const { sqlite: s, postgres: p } = results[i]!.wallUs
      return [c.name, s!.toFixed(0), p!.toFixed(0), (p! / s!).toFixed(1)]
    })
    rows.push(['upsert, 32 concurrent callers (calls/s)', fmt(sqliteRate), fmt(pgRate), (sqliteRate / pgRate).toFixed(1)])
    console.log(`\n### The same async verbs on PostgreSQL (local server on loopback, ${(await pgDb.$client`SHOW server_version`)[0].server_version.split(' ')[0]}; 30 interleaved batches, wall time)\n`)
    console.log(table(['case', 'SQLite µs', 'PostgreSQL µs', 'PostgreSQL ÷ SQLite'], rows))
    console.log('\nThe PostgreSQL server runs on the same cores (fsync off: a throwaway cluster); a network hop adds its round trip to every call.')
  } finally {
    await pgDb.$client.close()
    await server.stop()
  }
}
