/**
 * `npm run bench`: the foundation benchmark. Starts the built executable and the bare baseline on the same
 * database and measures health, an authenticated GET (token lookup) and a 404 with autocannon, in rounds of one
 * run each in turn (bench/lib.ts `rounds`); then start-up time to a healthy health check and idle RSS. Prints
 * markdown tables for the README.
 */
import { join } from 'node:path'
import { fmt, load, median, migrate, ratioText, rounds, rssParts, seedUsers, startBaseline, startDaybook, stop, compare, table, tempDir, ensureBinary } from './lib'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const CONNECTIONS = 32

ensureBinary()

// Start-up and idle memory: median of 5 cold starts on fresh empty data folders.
const startups: number[] = []
const rss: number[] = []
const anon: number[] = []
const file: number[] = []
for (let i = 0; i < 5; i++) {
  const s = await startDaybook(tempDir())
  startups.push(s.startupMs)
  await Bun.sleep(1000)
  const m = rssParts(s.proc.pid)
  rss.push(m.rss)
  anon.push(m.anon)
  file.push(m.file)
  await stop(s)
}

const dataDir = tempDir()
migrate(dataDir)
const dbPath = join(dataDir, 'daybook.db')
const [user] = seedUsers(dbPath, 1)
const daybook = await startDaybook(dataDir)
const baseline = await startBaseline(dbPath)
// The baseline's own idle memory beside daybook's: the bare Bun.serve + bun:sqlite server, compiled as daybook is.
const idleBaseline = await startBaseline(dbPath, { compiled: true })
await Bun.sleep(1000)
const baselineIdle = rssParts(idleBaseline.proc.pid)
await stop(idleBaseline)
const auth = { authorization: `Bearer ${user!.token}` }

const cases: [string, string, Record<string, string>][] = [
  ['GET /api/v1/health', '/api/v1/health', {}],
  ['GET /api/v1/users/me (token lookup)', '/api/v1/users/me', auth],
  ['GET unknown path (404)', '/api/v1/does-not-exist', {}],
]
// The baseline answers users/me as daybook does (the same presented user): checked before measuring.
const answer = async (base: string) => {
  const body = await (await fetch(base + '/api/v1/users/me', { headers: auth })).json() as Record<string, unknown>
  delete body.timestamp
  return JSON.stringify(body)
}
if (await answer(daybook.url) !== await answer(baseline.url)) throw new Error('daybook and the baseline disagree on /api/v1/users/me')
const rows: (string | number)[][] = []
for (const [name, path, headers] of cases) {
  // Warm-up: past serve's DFG threshold (20,000 runs of a function) on both servers.
  for (const url of [daybook.url, baseline.url]) load(url + path, { connections: CONNECTIONS, seconds: 2, headers })
  const run = (url: string) => () => load(url + path, { connections: CONNECTIONS, seconds: SECONDS, headers })
  const r = await rounds(ROUNDS, { daybook: run(daybook.url), baseline: run(baseline.url) })
  const c = compare(r.daybook, r.baseline)
  rows.push([name, fmt(c.a.rps), `${c.a.p99} ms`, fmt(c.b.rps), `${c.b.p99} ms`, ratioText(c), c.errors])
}
await stop(daybook, baseline)

console.log(`\n### HTTP (${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s on each server in turn, autocannon; medians)\n`)
console.log(table(['case', 'daybook req/s', 'daybook p99', 'baseline req/s', 'baseline p99', 'ratio (range)', 'errors'], rows))
console.log(`\n### Executable\n`)
console.log(table(['measure', 'value'], [
  ['start-up to healthy /api/v1/health (median of 5)', `${fmt(median(startups), 0)} ms`],
  ['idle RSS after start-up (median of 5)', `${fmt(median(rss), 1)} MB`],
  ['of which anonymous / file-backed (medians)', `${fmt(median(anon), 1)} / ${fmt(median(file), 1)} MB`],
  ['compiled bare baseline, idle RSS (anonymous / file-backed)', `${fmt(baselineIdle.rss, 1)} MB (${fmt(baselineIdle.anon, 1)} / ${fmt(baselineIdle.file, 1)})`],
]))
