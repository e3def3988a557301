/**
 * GET /api/v1/insights (docs/api/insights.md): the sentences in four languages, only the asker's own days, the
 * period's rules, the weekday means, trends and weeks on a constructed calendar, and results kept until the next
 * check-in write.
 */
import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { expectInvalid, expectUnauthenticated } from '../helpers/expect'
import { addDays, datesEnding, define, insights, postDay } from './days'

const t = useTestApp()
let alice: TestUser
beforeEach(async () => {
  alice = await createUser(t)
})

/** 20 days ending 2026-06-23: reading, good sleep and a good mood on every other day. */
async function everyOtherDay(user: TestUser): Promise<{ reading: number; query: string }> {
  const reading = await define(t, user, '/activities', { name: 'Reading' })
  const dates = datesEnding('2026-06-23', 20)
  for (const [d, date] of dates.entries()) {
    const good = d % 2 === 0
    await postDay(t, user, { date, mood: good ? 4 : 2, sleep: good ? 4 : 2, activities: good ? [reading] : [] })
  }
  return { reading, query: `?from=${dates[0]}&to=${dates.at(-1)}` }
}

const pairOf = (data: any, a: unknown, b: unknown, lag: number) => data.pairs.find((p: any) => p.a === a && p.b === b && p.lag === lag)

describe('sentences', () => {
  test('in the person\'s language: a rating on the same day, an activity on the day before', async () => {
    const { reading, query } = await everyOtherDay(alice)
    const expected = {
      en: ['On days when your sleep is 4, your mood averages 4.0 instead of 2.0 (20 days).',
        'The day after Reading, your mood averages 2.0 instead of 4.0 (19 days).'],
      de: ['An Tagen mit Schlaf 4: Stimmung im Schnitt 4,0 statt 2,0 (20 Tage).',
        'Am Tag nach Reading: Stimmung im Schnitt 2,0 statt 4,0 (19 Tage).'],
      fr: ['Les jours avec sommeil à 4\u00a0: humeur en moyenne à 4,0 au lieu de 2,0 (20 jours).',
        'Le lendemain d’un jour avec Reading\u00a0: humeur en moyenne à 2,0 au lieu de 4,0 (19 jours).'],
      es: ['Los días con calidad del sueño en 4: estado de ánimo de media 4,0 en lugar de 2,0 (20 días).',
        'Al día siguiente de un día con Reading: estado de ánimo de media 2,0 en lugar de 4,0 (19 días).'],
    }
    for (const [language, [sameDay, nextDay]] of Object.entries(expected)) {
      expect((await t.request('PUT', '/api/v1/users/me/settings/language', { token: alice.token, body: { language } })).status).toBe(200)
      const data = await insights(t, alice, query)
      expect({ language, sameDay: pairOf(data, 'sleep', 'mood', 0)?.text, nextDay: pairOf(data, `activity:${reading}`, 'mood', 1)?.text })
        .toEqual({ language, sameDay, nextDay })
      expect(pairOf(data, `activity:${reading}`, 'mood', 1)).toMatchObject({ n: 19, rho: -1, mean_high: 2, mean_low: 4, days_high: 10, days_low: 9 })
      expect(data.series.find((s: any) => s.key === 'mood').name).toBe({ en: 'Mood', de: 'Stimmung', fr: 'Humeur', es: 'Estado de ánimo' }[language])
    }
  })

  test('a yes/no tracker, a sport and a number with its unit', async () => {
    const meditation = await define(t, alice, '/trackers', { name: 'Meditation', kind: 'yesno' })
    const weight = await define(t, alice, '/trackers', { name: 'Weight', kind: 'number', unit: 'kg', decimals: 1 })
    const dates = datesEnding('2026-06-23', 20)
    for (const [d, date] of dates.entries()) {
      const calm = d % 2 === 0
      await postDay(t, alice, { date, values: { [meditation]: calm ? 1 : 0, [weight]: calm ? 70.5 : 72 }, sport_ids: calm ? [] : [2] })
    }
    const data = await insights(t, alice, `?from=${dates[0]}&to=${dates.at(-1)}`)
    expect(data.pairs.map((p: any) => p.text).sort()).toEqual([
      'On days with cycling, your Weight averages 72.0\u00a0kg instead of 70.5\u00a0kg (20 days).',
      'On days you answer yes to Meditation, your Weight averages 70.5\u00a0kg instead of 72.0\u00a0kg (20 days).',
      'The day after cycling, your Weight averages 70.5\u00a0kg instead of 72.0\u00a0kg (19 days).',
      'The day after you answer yes to Meditation, your Weight averages 72.0\u00a0kg instead of 70.5\u00a0kg (19 days).',
    ].sort())
    expect(pairOf(data, meditation, weight, 0)).toMatchObject({ rho: -1, mean_high: 70.5, mean_low: 72 })
    expect(data.series).toEqual([
      { key: weight, name: 'Weight', kind: 'number', unit: 'kg', decimals: 1 },
      { key: meditation, name: 'Meditation', kind: 'yesno', unit: null, decimals: 0 },
      { key: 'sport:2', name: 'Cycling', kind: 'sport', unit: null, decimals: 0 },
    ])
  })
})

test('only the asker\'s days: another person\'s strong pattern and own trackers never show', async () => {
  const bob = await createUser(t)
  const before = await insights(t, alice)
  expect(before).toMatchObject({ days: 0, series: [], pairs: [], weekdays: [], trends: [], weeks: { best: [], worst: [] } })
  const { reading } = await everyOtherDay(bob)
  expect(pairOf(await insights(t, bob), `activity:${reading}`, 'mood', 0)).toBeDefined()
  expect(await insights(t, alice)).toEqual(before)
  // Alice's own days: a pair of hers alone, nothing of Bob's among her series.
  for (const [d, date] of datesEnding('2026-06-23', 20).entries()) await postDay(t, alice, { date, water: 1 + (d % 3), work: 1 + (d % 3) })
  const mine = await insights(t, alice)
  expect(mine.days).toBe(20)
  expect(mine.series.map((s: any) => s.key)).toEqual(['water', 'work'])
  expect(mine.pairs.map((p: any) => [p.a, p.b, p.lag])).toEqual([['work', 'water', 0]])
})

describe('the period', () => {
  test('without dates: the 90 days ending on the person\'s today, in their timezone', async () => {
    expect(await insights(t, alice)).toMatchObject({ from: '2026-03-27', to: '2026-06-24' })
    const kiwi = await createUser(t, { timezone: 'Pacific/Auckland' })
    t.clock.set('2026-06-24T13:00:00Z')
    expect(await insights(t, kiwi)).toMatchObject({ from: '2026-03-28', to: '2026-06-25' })
    expect(await insights(t, kiwi, '?to=2026-01-31')).toMatchObject({ from: '2025-11-03', to: '2026-01-31' })
    expect(await insights(t, kiwi, '?from=2026-06-01')).toMatchObject({ from: '2026-06-01', to: '2026-06-25' })
  })

  test('a token is needed', async () => {
    expectUnauthenticated(await t.request('GET', '/api/v1/insights'))
  })

  test('dates that are not dates, the wrong way round, or more than five years apart: 422', async () => {
    const get = (query: string) => t.request('GET', `/api/v1/insights${query}`, { token: alice.token })
    expectInvalid(await get('?from=yesterday&to=2026-02-30'), {
      from: 'The from field must be a valid date in the format YYYY-MM-DD.', to: 'The to field must be a valid date in the format YYYY-MM-DD.',
    })
    expectInvalid(await get('?from=2026-06-02&to=2026-06-01'), { to: 'The to field must be a date after or equal to from.' })
    expectInvalid(await get('?from=2026-06-25'), { from: 'The from field must be a date before or equal to today.' })
    expectInvalid(await get('?from=2021-06-22&to=2026-06-23'), { from: 'The from field must be a date at most 1826 days before to.' })
    expect((await get('?from=2021-06-23&to=2026-06-23')).status).toBe(200)
    expect((await get('?from=2026-06-23&to=2026-06-23')).status).toBe(200)
  })
})

describe('weekdays, trends and weeks', () => {
  test('water by weekday, work this month against the three before, mood\'s best and worst weeks', async () => {
    // Monday 2026-03-02 to Tuesday 2026-06-23: water is the weekday's number (Monday 1 … Sunday 7, capped at 5),
    // work 2 before June and 4 in it, mood the week's number (1–5 in turn), on every day but the weeks' Wednesdays
    // from May on (a week then has six days of mood); the week of 2026-06-22 has two days.
    const dates = datesEnding('2026-06-23', 114)
    expect(dates[0]).toBe('2026-03-02')
    for (const [d, date] of dates.entries()) {
      const weekday = d % 7
      const week = Math.floor(d / 7)
      const mood = date >= '2026-05-01' && weekday === 2 ? null : 1 + (week % 5)
      await postDay(t, alice, { date, water: Math.min(5, weekday + 1), work: date < '2026-06-01' ? 2 : 4, mood })
    }
    const data = await insights(t, alice, `?from=${dates[0]}&to=2026-06-23`)
    expect(data.weekdays.find((w: any) => w.key === 'water')).toEqual({ key: 'water', means: [1, 2, 3, 4, 5, 5, 5], days: [17, 17, 16, 16, 16, 16, 16] })
    expect(data.trends.find((tr: any) => tr.key === 'work')).toEqual({ key: 'work', month: '2026-06', mean: 4, n: 23, previous_mean: 2, previous_n: 91 })
    // Weeks 0–15 of the period (ISO weeks 10–25) are ranked; week 16 (2026-W26) has 2 days.
    expect(data.weeks.best.map((w: any) => w.mean)).toEqual([5, 5, 5])
    expect(data.weeks.worst.map((w: any) => w.mean)).toEqual([1, 1, 1])
    expect(data.weeks.best[0]).toEqual({ week: '2026-W14', from: '2026-03-30', to: '2026-04-05', mean: 5, days: 7 })
    expect(data.weeks.worst[0]).toEqual({ week: '2026-W10', from: '2026-03-02', to: '2026-03-08', mean: 1, days: 7 })
    expect(data.weeks.worst.map((w: any) => w.week)).toEqual(['2026-W10', '2026-W15', '2026-W20'])
    expect(data.weeks.worst[2].days).toBe(6)
    expect([...data.weeks.best, ...data.weeks.worst].some((w: any) => w.week === '2026-W26')).toBe(false)
  })

  test('the trend reaches back three months before the period asked for, across a new year', async () => {
    await postDay(t, alice, { date: '2025-10-31', mood: 5 }) // before the three months
    await postDay(t, alice, { date: '2025-11-01', mood: 1 })
    await postDay(t, alice, { date: '2026-01-15', mood: 3 })
    await postDay(t, alice, { date: '2026-02-03', mood: 4 })
    const data = await insights(t, alice, '?from=2026-02-01&to=2026-02-10')
    expect(data.days).toBe(1)
    expect(data.trends).toEqual([{ key: 'mood', month: '2026-02', mean: 4, n: 1, previous_mean: 2, previous_n: 2 }])
    expect(data.weekdays).toEqual([{ key: 'mood', means: [null, 4, null, null, null, null, null], days: [0, 1, 0, 0, 0, 0, 0] }])
  })
})

describe('kept until the next check-in write', () => {
  test('a change behind the store\'s back is not seen until the person writes a check-in; a renamed activity is', async () => {
    const { reading, query } = await everyOtherDay(alice)
    const first = await insights(t, alice, query)
    expect(pairOf(first, 'sleep', 'mood', 0).mean_high).toBe(4)
    // Written straight into the database, as no request could: the kept result does not know.
    t.deps.db.$client.query("UPDATE check_ins SET mood = 5 WHERE user_id = ? AND mood = 4").run(alice.id)
    expect(await insights(t, alice, query)).toEqual(first)
    // Not a check-in write, but the definitions are part of what is kept: the new name is read, with the new rows.
    expect((await t.request('PATCH', `/api/v1/activities/${reading}`, { token: alice.token, body: { name: 'Books' } })).status).toBe(200)
    const renamed = await insights(t, alice, query)
    expect(pairOf(renamed, `activity:${reading}`, 'mood', 1).text).toBe('The day after Books, your mood averages 2.0 instead of 5.0 (19 days).')
    t.deps.db.$client.query("UPDATE check_ins SET mood = 3 WHERE user_id = ? AND mood = 5").run(alice.id)
    expect(await insights(t, alice, query)).toEqual(renamed)
    // A check-in of any day, even outside the period, is a write: everything is read again.
    await postDay(t, alice, { date: '2025-01-01', water: 3 })
    expect(pairOf(await insights(t, alice, query), 'sleep', 'mood', 0)).toMatchObject({ mean_high: 3, mean_low: 2 })
  })
})

test('a day after the period is not the day after its last day', async () => {
  // Reading on the period's last day, the mood of the day after it outside the period: not paired.
  const { query } = await everyOtherDay(alice)
  await postDay(t, alice, { date: addDays('2026-06-23', 1), mood: 5 })
  expect(pairOf(await insights(t, alice, query), 'sleep', 'mood', 1)).toMatchObject({ n: 19 })
})

test('the calendar\'s first years: trends and weeks of year 50 are year 50\'s, and year 1 answers', async () => {
  await postDay(t, alice, { date: '0050-01-15', mood: 3 })
  for (const date of datesEnding('0050-03-04', 6)) await postDay(t, alice, { date, mood: 5 })
  const data = await insights(t, alice, '?from=0050-03-01&to=0050-03-31')
  expect(data.trends).toEqual([{ key: 'mood', month: '0050-03', mean: 5, n: 4, previous_mean: 4.33, previous_n: 3 }])
  // 0050-03-01 was a Tuesday; 1 January a Saturday, so ISO week 1 began on 3 January.
  expect(data.weeks.best).toEqual([{ week: '0050-W09', from: '0050-02-28', to: '0050-03-06', mean: 5, days: 4 }])
  // Its trends reach back into year 0, which no check-in can have.
  expect(await insights(t, alice, '?from=0001-01-01&to=0001-02-01')).toMatchObject({ days: 0, trends: [] })
})
