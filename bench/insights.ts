/**
 * Insights against the list they are computed from: `node_modules/.bin/bun bench/insights.ts`.
 *
 * One person with five years of daily check-ins (2021-06-25 to 2026-06-24, 1,826 days): the twelve built-in trackers
 * (the eleven ratings and a sport most days, each rating missing on one day in ten), three own trackers (a 0–10
 * scale, a number with one decimal, a yes/no), ten activities and two own sports, with a few planted associations so
 * that pairs are listed and written out. In one process, through the app's `handle` (token, hooks, validation,
 * response check and JSON, as a request is served), rounds take turns between:
 *   - list: `GET /api/v1/check-in?from=…&to=…`, the five years;
 *   - insights, first call: `GET /api/v1/insights?from=…&to=…` right after a check-in write (outside the period, not
 *     timed) has made the kept result stale, so every call reads and computes;
 *   - insights, kept: the same request again.
 * Reported: the median CPU µs per call over the rounds and each against the list (budget: at most 3×), then where a
 * first call's time goes, and how often chance alone lists a pair (random series, no association) under the
 * shrinkage used and under rho·n/(n + 10), with how often a real association is found.
 */
import { rmSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../src/config'
import { openRuntime } from '../src/runtime'
import { createApp } from '../src/app'
import type { CheckInDay, ImportedCheckIn, TrackerValues } from '../src/features/check-in/store'
import { TRACKERS } from '../src/features/check-in/trackers'
import { strongestPairs } from '../src/features/insights/pairs'
import { buildGrid, dayNumber, dateOf, seriesDefs } from '../src/features/insights/series'
import { pairStats, scratchFor, shrink } from '../src/features/insights/stats'
import { bestAndWorstWeeks, trends, weekdays } from '../src/features/insights/summaries'
import { seeded } from '../test/insights/random'
import { median, seedUsers, table, tempDir } from './lib'

const ROUNDS = Number(process.env.ROUNDS ?? 15)
const BUDGET = 3
const PUBLIC_URL = 'http://bench.daybook.test'
const FROM = '2021-06-25'
const TO = '2026-06-24'

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(v)))

/** CPU µs of one awaited call (the process's user + system time). */
async function cpuOf(run: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage()
  await run()
  const used = process.cpuUsage(before)
  return used.user + used.system
}

const started = performance.now()
const dataDir = tempDir('daybook-bench-insights-')
try {
  const deps = openRuntime(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error', PUBLIC_URL }), 'stderr')
  const [person] = seedUsers(join(dataDir, 'daybook.db'), 1)
  const app = createApp(deps)
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await app.handle(new Request(`${PUBLIC_URL}/api/v1${path}`, {
      method, headers: { authorization: `Bearer ${person!.token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
    }))
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    return response.text()
  }
  const created = async (path: string, body: Record<string, unknown>) => (JSON.parse(await call('POST', path, body)) as { data: { id: number } }).data.id
  const energy = await created('/trackers', { name: 'Energy', kind: 'scale', min: 0, max: 10 })
  const weight = await created('/trackers', { name: 'Weight', kind: 'number', unit: 'kg', decimals: 1 })
  const meditation = await created('/trackers', { name: 'Meditation', kind: 'yesno' })
  const activities: number[] = []
  for (let i = 0; i < 10; i++) activities.push(await created('/activities', { name: `Activity ${i + 1}` }))
  const sports = [await created('/sports', { name: 'Climbing' }), await created('/sports', { name: 'Rowing' })]

  // Five years of days, written in batches through the store's import path (one transaction per batch).
  const random = seeded(5)
  const days = dayNumber(TO) - dayNumber(FROM) + 1
  const entries: ImportedCheckIn[] = []
  let walked = false
  let drank = 3
  for (let d = 0; d < days; d++) {
    const rating = () => (random() < 0.1 ? null : clamp(1 + random() * 4.99 - 0.5, 1, 5))
    const values = Object.fromEntries(TRACKERS.map((t) => [t.prop, t.key === 'sports' ? (random() < 0.6 ? 1 + Math.floor(random() * 6) : null) : rating()])) as TrackerValues
    // Planted: a walk (activity 1) lifts the next day's mood; alcohol lowers the next night's sleep; energy follows sleep.
    values.mood = clamp(2 + (walked ? 1.6 : 0) + random() * 2 - 0.5, 1, 5)
    values.sleep = clamp(5.5 - drank * 0.7 + random() * 2 - 1, 1, 5)
    const marks = new Map(activities.map((id, i) => [id, random() < 0.2 + 0.04 * i]))
    walked = marks.get(activities[0]!)!
    drank = values.alcohol ?? 3
    entries.push({
      date: dateOf(dayNumber(FROM) + d), values, createdAt: Date.now(), updatedAt: Date.now(),
      extras: {
        values: new Map([[energy, clamp(values.sleep * 2 + random() * 2, 0, 10)], [weight, Math.round((72 + random() * 4) * 10) / 10], [meditation, random() < 0.5 ? 1 : 0]]),
        activities: marks,
        moreSports: sports.filter(() => random() < 0.25),
      },
    })
  }
  for (let i = 0; i < entries.length; i += 500) {
    await deps.stores.checkIns.importEntries(person!.id, entries.slice(i, i + 500), { replace: false, now: Date.now() }, () => {})
  }

  const list = () => call('GET', `/check-in?from=${FROM}&to=${TO}`)
  const insights = () => call('GET', `/insights?from=${FROM}&to=${TO}`)
  let writes = 0
  // A write of a day outside the period: the kept insights are stale, the period's data the same.
  const stale = () => deps.stores.checkIns.upsert(person!.id, '2000-01-01', { water: 1 + (writes++ % 5) }, Date.now())

  const answer = JSON.parse(await insights()) as { data: { pairs: { text: string }[]; series: unknown[] } }
  const sizes = { list: (await list()).length, insights: (await insights()).length }
  const times: Record<'list' | 'first' | 'kept', number[]> = { list: [], first: [], kept: [] }
  const ratios: Record<'first' | 'kept', number[]> = { first: [], kept: [] }
  for (let round = -3; round < ROUNDS; round++) {
    const l = await cpuOf(list)
    await stale()
    const f = await cpuOf(insights)
    const k = await cpuOf(insights)
    if (round < 0) continue
    times.list.push(l); times.first.push(f); times.kept.push(k)
    ratios.first.push(f / l); ratios.kept.push(k / l)
  }
  const verdict = (ratio: number) => (ratio <= BUDGET ? 'met' : '**missed**')
  console.log(`\n### Insights over five years (${days} days, ${answer.data.series.length} series, ${answer.data.pairs.length} pairs listed; in-process, ${cpus().length} CPUs, ${ROUNDS} rounds)\n`)
  console.log(table(['request', 'CPU µs (median)', 'answer', '× the list (median of rounds)', `budget ≤ ${BUDGET}×`], [
    ['GET /check-in, five years', median(times.list).toFixed(0), `${(sizes.list / 1024).toFixed(0)} KB`, '1.00', ''],
    ['GET /insights, first call', median(times.first).toFixed(0), `${(sizes.insights / 1024).toFixed(1)} KB`, median(ratios.first).toFixed(2), verdict(median(ratios.first))],
    ['GET /insights, kept', median(times.kept).toFixed(0), `${(sizes.insights / 1024).toFixed(1)} KB`, median(ratios.kept).toFixed(3), verdict(median(ratios.kept))],
  ]))
  console.log(`\nListed:\n${answer.data.pairs.map((p) => `- ${p.text}`).join('\n')}`)

  // Where a first call's time goes: the same steps as computeInsights, one at a time.
  const [trackers, acts, sps] = await Promise.all([deps.stores.trackers.list(person!.id), deps.stores.activities.list(person!.id), deps.stores.sports.list(person!.id)])
  const defs = seriesDefs(trackers, acts, sps)
  const steps: Record<string, number[]> = { 'read (store list)': [], 'grid (one pass)': [], pairs: [], 'weekdays, trends, weeks': [] }
  for (let round = -3; round < ROUNDS; round++) {
    let rows: CheckInDay[] = []
    const read = await cpuOf(async () => { rows = await deps.stores.checkIns.list(person!.id, '2021-03-01', TO) })
    let grid = buildGrid(defs, rows, '2021-03-01', TO)
    const build = await cpuOf(async () => { grid = buildGrid(defs, rows, '2021-03-01', TO) })
    const start = dayNumber(FROM) - grid.first
    const pairs = await cpuOf(async () => strongestPairs(grid, start, grid.length))
    const rest = await cpuOf(async () => { weekdays(grid, start, grid.length); trends(grid, grid.length - 1); bestAndWorstWeeks(grid, start, grid.length) })
    if (round < 0) continue
    steps['read (store list)']!.push(read); steps['grid (one pass)']!.push(build); steps.pairs!.push(pairs); steps['weekdays, trends, weeks']!.push(rest)
  }
  console.log('\n' + table(['step of a first call', 'CPU µs (median)'], Object.entries(steps).map(([step, xs]) => [step, median(xs).toFixed(0)])))

  chance()
  deps.db.$client.close()
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
console.log(`\nTotal run time ${((performance.now() - started) / 1000).toFixed(0)} s.`)

/**
 * Random people with no association at all: 14 numeric series (1–5, one day in ten missing) and 18 factors (each
 * had on 10–60% of days), every pair tried as the endpoint tries them, at several lengths. Counted: pairs listed by
 * chance per 10,000 tried, and the share of people shown at least one, under the shrinkage used (Fisher's z, a prior
 * of 40 days) and under rho·n/(n + 10); then the share found of one real association (a factor shifting a rating by
 * 1.2 on a noisy 1–5 scale) and its mean rho.
 */
function chance(): void {
  const PEOPLE = Number(process.env.PEOPLE ?? 100)
  const random = seeded(77)
  const rows: (string | number)[][] = []
  for (const n of [20, 30, 60, 90, 180, 365]) {
    let tried = 0, fisher = 0, linear = 0, peopleFisher = 0, peopleLinear = 0, found = 0, plantedRho = 0
    for (let p = 0; p < PEOPLE; p++) {
      const rates = Array.from({ length: 18 }, () => 0.1 + random() * 0.5)
      const days = Array.from({ length: n }, (_, d) => {
        const day = { date: dateOf(d), values: {} as Record<number, number>, activities: [] as number[], sports: null, moreSports: null } as unknown as CheckInDay
        for (const t of TRACKERS) (day as unknown as Record<string, number | null>)[t.prop] = t.key === 'sports' || random() < 0.1 ? null : 1 + Math.floor(random() * 5)
        for (let i = 0; i < 3; i++) day.values[i + 1] = 1 + Math.floor(random() * 5)
        rates.forEach((rate, i) => { if (random() < rate) day.activities.push(i + 1) })
        return day
      })
      const trackers = [1, 2, 3].map((id) => ({ id, kind: 'scale', name: `T${id}`, archived: false, unit: null, decimals: 0 }))
      const acts = rates.map((_, i) => ({ id: i + 1, name: `A${i + 1}`, archived: false }))
      const grid = buildGrid(seriesDefs(trackers as never, acts as never, []), days, dateOf(0), dateOf(n - 1))
      const numeric = grid.series.filter((s) => s.kind === 'rating' || s.kind === 'scale')
      const factors = grid.series.filter((s) => s.kind === 'activity')
      const scratch = scratchFor(n)
      let anyFisher = false, anyLinear = false
      const count = (a: (typeof grid.series)[number], b: (typeof grid.series)[number], lag: number) => {
        const stats = pairStats(a, b, lag, 0, n, scratch)
        if (!stats) return
        tried++
        if (Math.abs(stats.adjusted) >= 0.3) { fisher++; anyFisher = true }
        if (Math.abs(stats.rho * stats.n / (stats.n + 10)) >= 0.3) { linear++; anyLinear = true }
      }
      numeric.forEach((b, i) => {
        for (const a of numeric.slice(i + 1)) count(a, b, 0)
        for (const a of numeric) if (a !== b) count(a, b, 1)
      })
      for (const a of factors) for (const b of numeric) { count(a, b, 0); count(a, b, 1) }
      if (anyFisher) peopleFisher++
      if (anyLinear) peopleLinear++
      // One real association on top: factor 1 shifts mood by 1.2 on the same day.
      const moodOf = (had: boolean) => clamp(2.4 + (had ? 1.2 : 0) + (random() + random() + random() - 1.5) * 1.6, 1, 5)
      const planted = days.map((day) => ({ ...day, mood: moodOf(day.activities.includes(1)) }))
      const withEffect = buildGrid(seriesDefs([], acts.slice(0, 1) as never, []), planted, dateOf(0), dateOf(n - 1))
      const stats = pairStats(withEffect.series.find((s) => s.key === 'activity:1')!, withEffect.series.find((s) => s.key === 'mood')!, 0, 0, n, scratchFor(n))
      if (stats && stats.adjusted >= 0.3) found++
      plantedRho += stats?.rho ?? 0
    }
    rows.push([n, tried, (fisher / tried * 1e4).toFixed(1), `${(peopleFisher / PEOPLE * 100).toFixed(0)}%`,
      (linear / tried * 1e4).toFixed(1), `${(peopleLinear / PEOPLE * 100).toFixed(0)}%`, `${(found / PEOPLE * 100).toFixed(0)}% (rho ${(plantedRho / PEOPLE).toFixed(2)})`])
  }
  console.log(`\n### Pairs listed by chance (${PEOPLE} random people per length, 14 numeric series and 18 factors each; |adjusted rho| ≥ 0.3)\n`)
  console.log(table(['days', 'pairs tried', 'Fisher, prior 40: per 10,000', 'people with one', 'rho·n/(n+10): per 10,000', 'people with one', 'a real association found (its mean rho)'], rows))
  console.log(`\nThe shrinkage at a glance: a rho of 0.5 becomes ${[20, 30, 60, 90, 180, 365].map((n) => `${shrink(0.5, n).toFixed(2)} at ${n} days`).join(', ')}.`)
}
