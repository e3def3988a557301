/**
 * Search benchmark: `node_modules/.bin/bun bench/search.ts`.
 *
 * Seeds a temp data folder straight into SQLite (through daybook's migrations, so the index's triggers index every
 * row as it is written): one reader with 10,000 library items (every library), 10,000 clipboard texts and a year of
 * day notes, and a family member with 2,000 of each, in words drawn from a vocabulary of 3,000 by Zipf's law, so a
 * few words are in thousands of texts and most in a handful. Then:
 *   1. GET /api/v1/search, 20 hits a page, for a rare word, words of a few hundred and of thousands of hits, two
 *      words together and a three-letter beginning: the built daybook beside a bare Bun.serve + bun:sqlite baseline
 *      (this file, run as a child process on the same database file) that checks the same bearer token, runs the
 *      same FTS5 statement and builds the same JSON with the same marking functions (src/features/search/words.ts,
 *      marks.ts, present.ts) — what differs is everything around them. Both answers are compared before measuring.
 *   2. What keeping the index costs a write: a clipboard text, a library item and a day's new note, each on a
 *      copy of the database with the search's triggers and on one without, in alternating batches, in-process.
 *   3. The migration's rebuild: the seeded database taken back to before the index, then migrated (in-process).
 * BENCH_SERVER_CPUS (bench/lib.ts) pins the servers for a one-core run. Prints markdown tables; about 90 s.
 */
import { Database } from 'bun:sqlite'
import { copyFileSync, rmSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { createBaseline } from './baseline-server'
import { ensureBinary, fmt, load, median, migrate as migrateWithBinary, seedUsers, startBaseline, startDaybook, stop, table, tempDir, type LoadResult, type Started } from './lib'
import { openDatabase } from '../src/lib/db/client'
import { migrate } from '../src/lib/db/migrate'
import { migrations } from '../src/lib/db/migrations.generated'
import { LIBRARIES } from '../src/features/libraries/fields'
import { newLibraryItem } from '../src/features/libraries/queries'
import { sqliteLibrariesStore } from '../src/features/libraries/store-sqlite'
import type { Db } from '../src/lib/db/client'
import { insertTextRow } from '../src/features/clipboard/queries'
import { sqliteCheckInStore } from '../src/features/check-in/store-sqlite'
import { sqliteSearchStore } from '../src/features/search/store-sqlite'
import { presentHit } from '../src/features/search/present'
import { queryWords } from '../src/features/search/words'
import { paginationMeta } from '../src/lib/http/envelope'

const CONNECTIONS = 32
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 4)
const PER_PAGE = 20
const ITEMS = 10_000
const CLIPS = 10_000
const FAMILY = 2_000

// ------------------------------------------------------------------------------------------ the baseline

/** The bare baseline's search: the token, the store's statement, the presenter, JSON.stringify — no framework. */
function serveBaseline(dbPath: string, port: number): void {
  // daybook's connection (its pragmas are the baseline's, BASELINE_PRAGMAS): the store runs on it as in daybook.
  const db = openDatabase(dbPath)
  const base = createBaseline(db.$client, `http://localhost:${port}`)
  const search = sqliteSearchStore(db)
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } })
  Bun.serve({
    hostname: '127.0.0.1', port,
    async fetch(req) {
      const url = new URL(req.url)
      if (url.pathname !== '/api/v1/search') return base.fetch(req)
      const user = base.userOf(req)
      if (!user) return json({ success: false, message: 'Unauthenticated.', code: 'unauthenticated' }, 401)
      const page = Number(url.searchParams.get('page') ?? 1)
      const perPage = Number(url.searchParams.get('per_page') ?? 50)
      const words = queryWords(url.searchParams.get('q') ?? '')
      const { rows, total } = await search.search(user.id, words, perPage, (page - 1) * perPage)
      return json({
        success: true, message: 'Results retrieved successfully.', data: rows.map((row) => presentHit(row, words)), timestamp: new Date().toISOString(),
        meta: { pagination: paginationMeta(page, perPage, total, rows.length) },
      })
    },
  })
}

// ------------------------------------------------------------------------------------------ the data

/** A seeded generator (mulberry32), so every run searches the same texts. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const rand = random(33)
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'te', 'vo', 'bri', 'dan', 'fel', 'gor', 'hin', 'jus', 'mar', 'pel', 'qua', 'ros', 'stu', 'win']
/** 3,000 words; `milk`, `garden` and `zanzibar` are the cases' words, placed by hand below. */
const VOCABULARY = Array.from({ length: 3000 }, () => Array.from({ length: 2 + Math.floor(rand() * 3) }, () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)]).join(''))
// Zipf: the word of rank r is drawn with weight 1/r.
const CUMULATIVE = VOCABULARY.map((_, r) => 1 / (r + 1)).map((w, i, all) => all.slice(0, i + 1).reduce((a, b) => a + b, 0))
const word = () => {
  const x = rand() * CUMULATIVE.at(-1)!
  let lo = 0
  for (let hi = CUMULATIVE.length - 1; lo < hi;) { const mid = (lo + hi) >> 1; if (CUMULATIVE[mid]! < x) lo = mid + 1; else hi = mid }
  return VOCABULARY[lo]!
}
/** `n` words; `milk` in one text of five, `garden` in one of fifty. */
function words(n: number): string {
  const out = Array.from({ length: n }, word)
  if (rand() < 0.2) out[Math.floor(rand() * n)] = 'milk'
  if (rand() < 0.02) out[Math.floor(rand() * n)] = 'garden'
  return out.join(' ')
}
const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1))

/** An item of `library` with its text fields filled in, as quick add would store it. */
function itemData(library: (typeof LIBRARIES)[number]): Record<string, unknown> {
  const title = words(between(2, 5))
  const description = words(between(10, 40))
  const link = `https://${word()}.example.com/${word()}`
  switch (library) {
    case 'quotes': return { quote: description, author: words(2), source: null }
    case 'plants': return { name: title, latin_name: words(2), instructions: description, link }
    case 'links': return { url: link, title, description, tags: [word(), word()], is_favorite: false }
    case 'feeds': return { title, url: link, site_url: link }
    case 'todos': return { title, description, priority: 'medium', category: word(), tags: [word()], is_completed: false }
    case 'notes': return { title, content: words(between(20, 120)) }
    default: return { title, description, link }
  }
}

/** A library item through the SQLite store, whose write runs before its promise returns (so inside a transaction). */
function addItem(db: Db, now: () => number) {
  const libraries = sqliteLibrariesStore(db)
  return (userId: string, library: (typeof LIBRARIES)[number], data: Record<string, unknown>) => {
    const at = now()
    void libraries.create(userId, newLibraryItem(library, data, at), at)
  }
}

function seed(dbPath: string, userId: string, items: number, clips: number, withNotes: boolean): void {
  const db = openDatabase(dbPath)
  const now = Date.now()
  let at = now - (items + clips) * 1000
  const add = addItem(db, () => (at += 1000))
  db.$client.transaction(() => {
    for (let i = 0; i < items; i++) add(userId, LIBRARIES[i % LIBRARIES.length]!, itemData(LIBRARIES[i % LIBRARIES.length]!))
    // The rare word: five items.
    for (let i = 0; i < 5; i++) add(userId, 'notes', { title: `zanzibar ${words(2)}`, content: words(30) })
    for (let i = 0; i < clips; i++) insertTextRow(db, userId, words(between(5, 60)), at += 1000)
  })()
  if (withNotes) {
    const checkIns = sqliteCheckInStore(db)
    for (let d = 0; d < 365; d++) void checkIns.upsert(userId, new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10), {}, now, { note: words(between(10, 80)) })
  }
  db.$client.close()
}

// ------------------------------------------------------------------------------------------ the measures

const CASES: [string, string][] = [
  ['a rare word', 'zanzibar'],
  ['a word in 2% of texts', 'garden'],
  ['a word in 20% of texts', 'milk'],
  ['two words together', 'milk garden'],
  ['a word\'s first three letters', 'gar'],
]

async function answer(base: string, token: string, q: string): Promise<Record<string, any>> {
  const r = await fetch(`${base}/api/v1/search?q=${encodeURIComponent(q)}&per_page=${PER_PAGE}`, { headers: { authorization: `Bearer ${token}` } })
  const body = await r.json() as Record<string, any>
  delete body.timestamp
  return body
}

/** Median microseconds per call of `run`, in `rounds` batches of `batch` calls alternating between the two databases. */
function perCall(rounds: number, batch: number, run: (which: 0 | 1, i: number) => void): [number, number] {
  const times: [number[], number[]] = [[], []]
  let i = 0
  for (let round = 0; round < rounds; round++) {
    for (const which of (round % 2 === 0 ? [0, 1] : [1, 0]) as (0 | 1)[]) {
      const started = performance.now()
      for (let k = 0; k < batch; k++) run(which, i++)
      times[which].push(((performance.now() - started) * 1000) / batch)
    }
  }
  return [median(times[0]), median(times[1])]
}

/** `path`'s database without the search: its triggers, views and tables dropped, its migration (and later ones) forgotten. */
function withoutSearch(path: string): void {
  const db = new Database(path)
  const objects = db.query<{ type: string; name: string }, []>(`SELECT type, name FROM sqlite_master WHERE name LIKE 'search%' AND type IN ('trigger', 'view')`).all()
  for (const { type, name } of objects) db.exec(`DROP ${type.toUpperCase()} "${name}"`)
  db.exec('DROP TABLE search_fts; DROP TABLE search_docs')
  const when = migrations.find((m) => m.tag === '0011_search_index')!.when
  db.query('DELETE FROM "__drizzle_migrations" WHERE created_at >= ?').run(when)
  db.close()
}

async function main(): Promise<void> {
  const started = performance.now()
  ensureBinary()
  const dataDir = tempDir('daybook-bench-search-')
  const dbPath = join(dataDir, 'daybook.db')
  const servers: Started[] = []
  try {
    migrateWithBinary(dataDir)
    const [reader, family] = seedUsers(dbPath, 2)
    const seeding = performance.now()
    seed(dbPath, reader!.id, ITEMS, CLIPS, true)
    seed(dbPath, family!.id, FAMILY, FAMILY, false)
    const seedSeconds = (performance.now() - seeding) / 1000
    const counts = new Database(dbPath, { readonly: true }).query<{ n: number }, []>('SELECT count(*) AS n FROM search_docs').get()!.n

    // 1. The search under load.
    const daybook = await startDaybook(dataDir)
    servers.push(daybook)
    const baseline = await startBaseline(dbPath, { script: import.meta.path })
    servers.push(baseline)
    const rows: string[][] = []
    let failed = 0
    for (const [name, q] of CASES) {
      const [d, b] = [await answer(daybook.url, reader!.token, q), await answer(baseline.url, reader!.token, q)]
      if (JSON.stringify(d) !== JSON.stringify(b)) throw new Error(`daybook and the baseline disagree on ${q}`)
      const total = d.meta.pagination.total as number
      const url = (base: string) => `${base}/api/v1/search?q=${encodeURIComponent(q)}&per_page=${PER_PAGE}`
      const headers = { authorization: `Bearer ${reader!.token}` }
      for (const base of [daybook.url, baseline.url]) load(url(base), { connections: CONNECTIONS, seconds: WARMUP_SECONDS, headers })
      const dr = load(url(daybook.url), { connections: CONNECTIONS, seconds: SECONDS, headers })
      const br = load(url(baseline.url), { connections: CONNECTIONS, seconds: SECONDS, headers })
      const errors = (r: LoadResult) => r.errors + r.non2xx
      failed += errors(dr) + errors(br)
      rows.push([`${name} (“${q}”, ${fmt(total)} hits)`, fmt(dr.rps), String(dr.p99), fmt(br.rps), String(br.p99), (dr.rps / br.rps).toFixed(2), String(errors(dr) + errors(br))])
    }
    await stop(...servers.splice(0))

    // 2. What the index costs a write.
    const withIndex = join(dataDir, 'with.db')
    const without = join(dataDir, 'without.db')
    for (const copy of [withIndex, without]) copyFileSync(dbPath, copy)
    withoutSearch(without)
    const dbs = [openDatabase(withIndex), openDatabase(without)] as const
    const adders = dbs.map((db) => addItem(db, Date.now))
    const writes: string[][] = []
    const cost = (name: string, [a, b]: [number, number]) => writes.push([name, a.toFixed(1), b.toFixed(1), `+${(a - b).toFixed(1)}`])
    cost('clipboard text (20 words)', perCall(20, 200, (w, i) => insertTextRow(dbs[w], reader!.id, `${i} ${words(20)}`, Date.now())))
    cost('library item (a note of 60 words)', perCall(20, 200, (w) => adders[w]!(reader!.id, 'notes', { title: words(3), content: words(60) })))
    const stores = dbs.map(sqliteCheckInStore)
    cost('a day\'s note changed (40 words)', perCall(20, 100, (w, i) => {
      void stores[w]!.upsert(reader!.id, new Date(Date.UTC(2025, 0, 1 + (i % 365))).toISOString().slice(0, 10), {}, Date.now(), { note: words(40) })
    }))
    for (const db of dbs) db.$client.close()

    // 3. The migration's rebuild of the index over everything seeded.
    const before = join(dataDir, 'before.db')
    copyFileSync(dbPath, before)
    withoutSearch(before)
    const old = new Database(before)
    const rebuild = performance.now()
    migrate(old, migrations.filter((m) => m.tag === '0011_search_index'))
    const rebuildSeconds = (performance.now() - rebuild) / 1000
    old.close()

    const where = process.env.BENCH_SERVER_CPUS ? `server on CPU ${process.env.BENCH_SERVER_CPUS}` : `${cpus().length} CPUs`
    console.log(`\n### Search (dist/daybook (compiled); ${where}; ${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up; ${PER_PAGE} hits a page)\n`)
    console.log(table(['case', 'daybook req/s', 'p99 (ms)', 'baseline req/s', 'p99 (ms)', 'ratio', 'errors'], rows))
    console.log(`\nThe reader holds ${fmt(ITEMS + 5)} library items, ${fmt(CLIPS)} clipboard texts and 365 day notes; a family member ${fmt(FAMILY)} items and ${fmt(FAMILY)} texts in the same words (${fmt(counts)} documents in the index, seeded in ${seedSeconds.toFixed(1)} s with the triggers indexing).`)
    console.log(`\n### What the index costs a write (in-process, µs per write, median of batches)\n`)
    console.log(table(['write', 'with the index', 'without', 'cost'], writes))
    console.log(`\nThe migration indexed the ${fmt(counts)} documents of the seeded database in ${rebuildSeconds.toFixed(2)} s.`)
    console.log(`Total run time ${((performance.now() - started) / 1000).toFixed(0)} s.`)
    if (failed > 0) process.exitCode = 1
  } finally {
    await stop(...servers)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

// Run as the baseline's child process (startBaseline sets BASELINE_DB), or as the benchmark.
if (import.meta.main && process.env.BASELINE_DB) {
  serveBaseline(process.env.BASELINE_DB, Number(process.env.BASELINE_PORT))
} else if (import.meta.main) {
  await main()
}
