/**
 * GET /api/v1/insights on days with a known answer (docs/api/insights.md §3): a planted next-day effect is found
 * with its sign, lag and strength (checked against a plain sort-based Spearman written here), independent random
 * trackers give no pair at all, and a pair needs 14 days of both.
 */
import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { between, datesEnding, define, insights, postDay, seeded } from './days'

const t = useTestApp()
let alice: TestUser
beforeEach(async () => {
  alice = await createUser(t)
})

/** Average ranks (ties share theirs), by sorting: the textbook way, apart from the server's counting. */
function ranks(values: number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((x, y) => x[0] - y[0])
  const out = new Array<number>(values.length)
  for (let i = 0; i < order.length;) {
    let j = i
    while (j < order.length && order[j]![0] === order[i]![0]) j++
    for (let k = i; k < j; k++) out[order[k]![1]] = (i + j + 1) / 2
    i = j
  }
  return out
}

function spearman(xs: number[], ys: number[]): number {
  const [rx, ry] = [ranks(xs), ranks(ys)]
  const mean = (xs.length + 1) / 2
  let sxy = 0, sxx = 0, syy = 0
  for (let i = 0; i < xs.length; i++) {
    sxy += (rx[i]! - mean) * (ry[i]! - mean)
    sxx += (rx[i]! - mean) ** 2
    syy += (ry[i]! - mean) ** 2
  }
  return sxy / Math.sqrt(sxx * syy)
}

const average = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits

describe('a planted effect', () => {
  test('a walk lifts the next day\'s mood, alcohol lowers the next night\'s sleep: found with their sign, lag and strength', async () => {
    const walk = await define(t, alice, '/activities', { name: 'Walk' })
    const random = seeded(28)
    const dates = datesEnding('2026-06-23', 180)
    const walks = dates.map(() => random() < 0.5)
    const alcohol = dates.map(() => between(random, 1, 5))
    // Day 0 has no day before it: its mood and sleep are plain noise, like the water and work of every day.
    const mood = dates.map((_, d) => (d > 0 && walks[d - 1] ? between(random, 3, 5) : between(random, 1, 3)))
    const sleep = dates.map((_, d) => (d > 0 ? Math.min(5, Math.max(1, 6 - alcohol[d - 1]! + between(random, -1, 1))) : 3))
    for (const [d, date] of dates.entries()) {
      await postDay(t, alice, {
        date, mood: mood[d], sleep: sleep[d], alcohol: alcohol[d], water: between(random, 1, 5), work: between(random, 1, 5),
        activities: walks[d] ? [walk] : [],
      })
    }
    const data = await insights(t, alice, `?from=${dates[0]}&to=${dates.at(-1)}`)
    expect(data).toMatchObject({ from: '2025-12-26', to: '2026-06-23', days: 180, min_days: 14 })

    // The walk on day d against the mood of day d + 1: 179 pairs of days.
    const after = dates.slice(1).map((_, d) => ({ walked: walks[d]!, mood: mood[d + 1]! }))
    const walkPair = data.pairs.find((p: any) => p.a === `activity:${walk}` && p.b === 'mood')
    expect(walkPair).toMatchObject({
      lag: 1, n: 179, rho: round(spearman(after.map((x) => Number(x.walked)), after.map((x) => x.mood)), 3),
      mean_high: round(average(after.filter((x) => x.walked).map((x) => x.mood)), 2),
      mean_low: round(average(after.filter((x) => !x.walked).map((x) => x.mood)), 2),
      days_high: after.filter((x) => x.walked).length,
    })
    expect(walkPair.rho).toBeGreaterThan(0.6)
    expect(walkPair.mean_high - walkPair.mean_low).toBeGreaterThan(1.5)
    // Pulled toward zero as by a prior of 40 days on Fisher's z (README "Insights"): a little, with 179 days.
    expect(walkPair.rho_adjusted).toBeCloseTo(Math.tanh(Math.atanh(walkPair.rho) * 176 / (176 + 40)), 2)
    expect(walkPair.text).toBe(`The day after Walk, your mood averages ${walkPair.mean_high.toFixed(1)} instead of ${walkPair.mean_low.toFixed(1)} (179 days).`)

    const sleepPair = data.pairs.find((p: any) => p.a === 'alcohol' && p.b === 'sleep')
    const nights = dates.slice(1).map((_, d) => [alcohol[d]!, sleep[d + 1]!] as const)
    expect(sleepPair).toMatchObject({ lag: 1, n: 179, rho: round(spearman(nights.map((x) => x[0]), nights.map((x) => x[1])), 3) })
    expect(sleepPair.rho).toBeLessThan(-0.6)
    expect(sleepPair.mean_high).toBeLessThan(sleepPair.mean_low - 1)
    expect(sleepPair.text).toMatch(/^The day after your alcohol is [2-4]–5, your sleep averages \d\.\d instead of \d\.\d \(179 days\)\.$/)

    // Nothing on the same day, and nothing between the noise: exactly the two planted pairs.
    expect(data.pairs.map((p: any) => `${p.a} ${p.b} ${p.lag}`).sort()).toEqual(['activity:' + walk + ' mood 1', 'alcohol sleep 1'].sort())
  })
})

test('two numbers with a new value almost every day (more pairs of values than a table of counts holds) are paired the same way', async () => {
  const weight = await define(t, alice, '/trackers', { name: 'Weight', kind: 'number', unit: 'kg', decimals: 1 })
  const steps = await define(t, alice, '/trackers', { name: 'Steps', kind: 'number' })
  const random = seeded(9)
  const dates = datesEnding('2026-06-23', 90)
  const weights = dates.map(() => Math.round(600 + random() * 300) / 10)
  const walked = weights.map((w) => Math.round(20_000 - w * 150 + random() * 4_000))
  for (const [d, date] of dates.entries()) await postDay(t, alice, { date, values: { [weight]: weights[d], [steps]: walked[d] } })
  expect(new Set(weights).size * new Set(walked).size).toBeGreaterThan(4096)
  const data = await insights(t, alice, `?from=${dates[0]}&to=${dates.at(-1)}`)
  const pair = data.pairs.find((p: any) => p.a === steps && p.b === weight && p.lag === 0)
  const high = walked.map((s, d) => [s, weights[d]!] as const).sort((x, y) => x[0] - y[0]).slice(45)
  expect(pair).toMatchObject({
    n: 90, rho: round(spearman(walked, weights), 3), days_high: 45, mean_high: round(average(high.map((x) => x[1])), 2),
  })
  expect(pair.rho).toBeLessThan(-0.7)
  expect(pair.text).toBe(`On days when your Steps is ${high[0]![0]}–${high.at(-1)![0]}, your Weight averages ${pair.mean_high.toFixed(1)}\u00a0kg instead of ${pair.mean_low.toFixed(1)}\u00a0kg (90 days).`)
})

describe('independent random trackers', () => {
  test('no pair over 30, 90 or 180 days, with six ratings, two own trackers, four activities and two own sports', async () => {
    const energy = await define(t, alice, '/trackers', { name: 'Energy', kind: 'scale', min: 0, max: 10 })
    const steps = await define(t, alice, '/trackers', { name: 'Steps', kind: 'number' })
    const activities = [] as number[]
    for (const name of ['Family', 'Reading', 'Music', 'Cooking']) activities.push(await define(t, alice, '/activities', { name }))
    const sports = [await define(t, alice, '/sports', { name: 'Climbing' }), await define(t, alice, '/sports', { name: 'Rowing' })]
    const random = seeded(1)
    const maybe = (value: number) => (random() < 0.1 ? null : value)
    const dates = datesEnding('2026-06-23', 180)
    for (const date of dates) {
      await postDay(t, alice, {
        date,
        ...Object.fromEntries(['mood', 'sleep', 'dreams', 'water', 'work', 'social_life'].map((k) => [k, maybe(between(random, 1, 5))])),
        values: { [energy]: maybe(between(random, 0, 10)), [steps]: maybe(between(random, 0, 20_000)) },
        activities: activities.filter((_, i) => random() < 0.3 + 0.1 * i),
        sport_ids: sports.filter(() => random() < 0.4),
      })
    }
    for (const days of [30, 90, 180]) {
      const data = await insights(t, alice, `?from=${dates.at(-days)}&to=2026-06-23`)
      expect({ days, entries: data.days, pairs: data.pairs }).toEqual({ days, entries: days, pairs: [] })
      // Every series was there to be paired: eight numeric ones by weekday, the factors among the series.
      expect(data.weekdays.map((w: any) => w.key)).toEqual(['mood', 'sleep', 'dreams', 'water', 'work', 'social_life', energy, steps])
      expect(data.series.filter((s: any) => s.kind === 'activity' || s.kind === 'sport').length).toBe(6)
    }
  })
})

describe('the 14-day minimum', () => {
  test('sleep and mood the same every day: nothing on 13 days, the pair on the 14th', async () => {
    const dates = datesEnding('2026-06-23', 14)
    const value = (d: number) => 1 + (d % 5)
    for (const [d, date] of dates.slice(0, 13).entries()) await postDay(t, alice, { date, mood: value(d), sleep: value(d) })
    const query = `?from=${dates[0]}&to=${dates.at(-1)}`
    expect(await insights(t, alice, query)).toMatchObject({ days: 13, pairs: [] })

    await postDay(t, alice, { date: dates[13], mood: value(13), sleep: value(13) })
    const data = await insights(t, alice, query)
    expect(data.days).toBe(14)
    // Only the same day has 14 days of both; from one day to the next there are 13.
    expect(data.pairs).toEqual([{
      a: 'sleep', b: 'mood', lag: 0, n: 14, rho: 1, rho_adjusted: 1, mean_high: 3.88, mean_low: 1.5, days_high: 8, days_low: 6,
      text: 'On days when your sleep is 3–5, your mood averages 3.9 instead of 1.5 (14 days).',
    }])
  })
})
