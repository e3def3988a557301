/**
 * GET /weather/today (docs/api/weather.md §2) against a loopback Open-Meteo: the day's forecast at the person's place
 * in their unit, for their own date; kept per place and hour (the peer counts the requests); and whatever the
 * service does — slow, failing, oversized, malformed, refused by the guard, switched off — a 200 with no weather
 * and the reason, never a 500.
 */
import { afterAll, beforeEach, describe, expect, test } from 'bun:test'
import { HOUR, MINUTE } from '../../src/lib/clock'
import { createTestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { useTestApp } from '../helpers/use-test-app'
import { startOpenMeteoPeer, weatherEnv } from './open-meteo-peer'

const peer = startOpenMeteoPeer()
afterAll(() => peer.stop())
const t = useTestApp(weatherEnv(peer))
beforeEach(() => { peer.requests.length = 0 })

const BERLIN = { city: 'Berlin, Germany', lat: 52.52437, lon: 13.41053 }

async function personIn(place: { city: string; lat: number; lon: number } | null, opts: { timezone?: string; unit?: 'c' | 'f' } = {}): Promise<TestUser> {
  const user = await createUser(t, { timezone: opts.timezone ?? 'Europe/Berlin' })
  if (place) expect((await t.request('PUT', '/api/v1/users/me/settings/weather-city', { token: user.token, body: place })).status).toBe(200)
  if (opts.unit) {
    expect((await t.request('PUT', '/api/v1/users/me/settings/weather-temperature-unit', { token: user.token, body: { temperature_unit: opts.unit } })).status).toBe(200)
  }
  return user
}

const today = async (user: TestUser) => {
  const r = await t.request('GET', '/api/v1/weather/today', { token: user.token })
  expect(r.status).toBe(200)
  expect(r.body.message).toBe('Weather retrieved successfully.')
  return r.body
}

/** The answer of a day with no weather: data null, the reason, and no 500 on the way. */
async function expectNoWeather(user: TestUser, reason: string) {
  const body = await today(user)
  expect({ data: body.data, meta: body.meta }).toEqual({ data: null, meta: { reason } })
}

describe('the forecast of the day', () => {
  test("the person's place, date and unit are asked for; min, max and condition come back", async () => {
    const user = await personIn(BERLIN)
    const body = await today(user)
    expect(body.data).toEqual({
      date: '2026-06-24', place: { name: 'Berlin, Germany', latitude: 52.52437, longitude: 13.41053 }, unit: 'c',
      min: 12.1, max: 19.3, condition: 'rain', weather_code: 61,
    })
    expect(body.meta).toBeUndefined()
    const [asked] = peer.to('/v1/forecast')
    expect(Object.fromEntries(asked!.query)).toEqual({
      latitude: '52.52437', longitude: '13.41053', daily: 'temperature_2m_max,temperature_2m_min,weather_code',
      timezone: 'Europe/Berlin', start_date: '2026-06-24', end_date: '2026-06-24',
    })
  })

  test('in Fahrenheit when the person chose it; the date is theirs (already tomorrow in Kiritimati)', async () => {
    const user = await personIn({ city: 'München', lat: 48.13743, lon: 11.57549 }, { unit: 'f', timezone: 'Pacific/Kiritimati' })
    const body = await today(user)
    expect(body.data).toMatchObject({ date: '2026-06-25', unit: 'f', min: 25.9, max: 32.7, condition: 'snow', weather_code: 73 })
    const [asked] = peer.to('/v1/forecast')
    expect(asked!.query.get('temperature_unit')).toBe('fahrenheit')
    expect(asked!.query.get('timezone')).toBe('Pacific/Kiritimati')
    expect(asked!.query.get('start_date')).toBe('2026-06-25')
  })

  test('a weather code outside the WMO table keeps the temperatures, condition unknown', async () => {
    const user = await personIn(BERLIN)
    peer.next('/v1/forecast', { kind: 'json', json: { daily: { time: ['2026-06-24'], temperature_2m_max: [20], temperature_2m_min: [10], weather_code: [42] } } })
    expect((await today(user)).data).toMatchObject({ min: 10, max: 20, condition: 'unknown', weather_code: 42 })
  })

  test('60 a minute per client, then 429 with Retry-After: a script changing places in a loop cannot spend Open-Meteo for everyone', async () => {
    const user = await personIn(BERLIN)
    for (let i = 0; i < 60; i++) expect((await t.request('GET', '/api/v1/weather/today', { token: user.token, ip: '203.0.113.7' })).status).toBe(200)
    const refused = await t.request('GET', '/api/v1/weather/today', { token: user.token, ip: '203.0.113.7' })
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 429, code: 'rate_limited' })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(peer.to('/v1/forecast')).toHaveLength(1)
  })

  test('401 without a valid token', async () => {
    for (const path of ['/api/v1/weather', '/api/v1/weather/today']) {
      const r = await t.request('GET', path, { token: '1|nope' })
      expect({ status: r.status, code: r.body.code }).toEqual({ status: 401, code: 'unauthenticated' })
    }
  })
})

describe('no weather, and why', () => {
  test('no place set: nothing is asked', async () => {
    await expectNoWeather(await personIn(null), 'no_place')
    expect(peer.requests).toEqual([])
  })

  test('a slow service: the deadline passes, no weather, then a minute of rest before it is asked again', async () => {
    const user = await personIn(BERLIN)
    peer.next('/v1/forecast', { kind: 'slow', ms: 4000 })
    await expectNoWeather(user, 'unavailable')
    const other = await personIn({ city: 'Paris', lat: 48.85341, lon: 2.3488 })
    await expectNoWeather(other, 'unavailable')
    expect(peer.to('/v1/forecast')).toHaveLength(1)
    t.clock.advance(MINUTE + 1)
    expect((await today(other)).data).toMatchObject({ min: 14.6, max: 24.8, condition: 'partly_cloudy' })
    expect(t.logs.some((line) => line.includes('weather service gave no answer') && line.includes('"reason":"timeout"'))).toBe(true)
  })

  test('a failing service (500, and Open-Meteo\'s own 400 error answer)', async () => {
    const user = await personIn(BERLIN)
    peer.next('/v1/forecast', { kind: 'status', status: 500 })
    await expectNoWeather(user, 'unavailable')
    const other = await personIn({ city: 'Paris', lat: 48.85341, lon: 2.3488 })
    t.clock.advance(MINUTE + 1)
    peer.next('/v1/forecast', { kind: 'status', status: 400, body: JSON.stringify({ error: true, reason: 'Cannot initialize WeatherVariable from invalid String value' }) })
    await expectNoWeather(other, 'unavailable')
    expect(peer.to('/v1/forecast')).toHaveLength(2)
  })

  test('an answer over the size cap is not read', async () => {
    const user = await personIn(BERLIN)
    const padding = 'x'.repeat(100_000)
    peer.next('/v1/forecast', { kind: 'json', json: { padding, daily: { time: ['2026-06-24'], temperature_2m_max: [20], temperature_2m_min: [10], weather_code: [0] } } })
    await expectNoWeather(user, 'unavailable')
  })

  const MALFORMED: [string, string][] = [
    ['not JSON', '<html>Service Unavailable</html>'],
    ['truncated JSON', '{"daily":{"time":["2026-06-24"],"temperature_2m_max":[2'],
    ['an array', '[1,2,3]'],
    ['no daily block', '{"latitude":52.52,"longitude":13.41}'],
    ['values as strings', '{"daily":{"time":["2026-06-24"],"temperature_2m_max":["20"],"temperature_2m_min":["10"],"weather_code":[3]}}'],
    ['another day', '{"daily":{"time":["2026-06-23"],"temperature_2m_max":[20],"temperature_2m_min":[10],"weather_code":[3]}}'],
    ['missing temperatures', '{"daily":{"time":["2026-06-24"],"temperature_2m_max":[null],"temperature_2m_min":[null],"weather_code":[3]}}'],
    ['short arrays', '{"daily":{"time":["2026-06-24"],"temperature_2m_max":[],"temperature_2m_min":[],"weather_code":[]}}'],
    ['an absurd temperature', '{"daily":{"time":["2026-06-24"],"temperature_2m_max":[1e308],"temperature_2m_min":[10],"weather_code":[3]}}'],
    ['the lowest above the highest', '{"daily":{"time":["2026-06-24"],"temperature_2m_max":[5],"temperature_2m_min":[10],"weather_code":[3]}}'],
    ['null', 'null'],
  ]
  for (const [what, body] of MALFORMED) {
    test(`a malformed answer: ${what}`, async () => {
      const user = await personIn(BERLIN)
      peer.next('/v1/forecast', { kind: 'body', body })
      await expectNoWeather(user, 'unavailable')
      expect(peer.to('/v1/forecast')).toHaveLength(1)
    })
  }

  test('a service on a private address is refused by the guard unless WEATHER_ALLOW_PRIVATE', async () => {
    const guarded = createTestApp({ WEATHER_API_URL: peer.url })
    try {
      const user = await createUser(guarded)
      await guarded.request('PUT', '/api/v1/users/me/settings/weather-city', { token: user.token, body: BERLIN })
      const r = await guarded.request('GET', '/api/v1/weather/today', { token: user.token })
      expect({ status: r.status, data: r.body.data, meta: r.body.meta }).toEqual({ status: 200, data: null, meta: { reason: 'unavailable' } })
      expect(peer.requests).toEqual([])
      expect(guarded.logs.some((line) => line.includes('"reason":"address"'))).toBe(true)
    } finally {
      guarded.close()
    }
  })

  test('WEATHER_API_URL=off: nothing is asked, and the services say so', async () => {
    const off = createTestApp({ ...weatherEnv(peer), WEATHER_API_URL: 'off' })
    try {
      const user = await createUser(off)
      await off.request('PUT', '/api/v1/users/me/settings/weather-city', { token: user.token, body: BERLIN })
      const r = await off.request('GET', '/api/v1/weather/today', { token: user.token })
      expect({ status: r.status, data: r.body.data, meta: r.body.meta }).toEqual({ status: 200, data: null, meta: { reason: 'off' } })
      expect((await off.request('GET', '/api/v1/weather', { token: user.token })).body.data).toEqual({ forecast: false, places: true })
      expect(peer.requests).toEqual([])
    } finally {
      off.close()
    }
  })
})

describe('kept per place and hour', () => {
  test('a second look within the hour asks nothing, also for another person at the same place; the next hour asks again', async () => {
    const first = await personIn(BERLIN)
    const second = await personIn(BERLIN)
    expect((await today(first)).data.max).toBe(19.3)
    expect((await today(first)).data.max).toBe(19.3)
    expect((await today(second)).data.max).toBe(19.3)
    expect(peer.to('/v1/forecast')).toHaveLength(1)
    // 10:00 → 10:59: the same hour.
    t.clock.advance(59 * MINUTE)
    await today(first)
    expect(peer.to('/v1/forecast')).toHaveLength(1)
    t.clock.advance(HOUR)
    await today(first)
    expect(peer.to('/v1/forecast')).toHaveLength(2)
  })

  test('another unit or another place is its own entry', async () => {
    const celsius = await personIn(BERLIN)
    const fahrenheit = await personIn(BERLIN, { unit: 'f' })
    const paris = await personIn({ city: 'Paris', lat: 48.85341, lon: 2.3488 })
    expect((await today(celsius)).data.max).toBe(19.3)
    expect((await today(fahrenheit)).data.max).toBe(66.7)
    expect((await today(paris)).data.max).toBe(24.8)
    expect(peer.to('/v1/forecast')).toHaveLength(3)
  })

  test('people asking at once share one request', async () => {
    const people = await Promise.all([1, 2, 3, 4].map(() => personIn(BERLIN)))
    const answers = await Promise.all(people.map(today))
    expect(answers.map((a) => a.data.min)).toEqual([12.1, 12.1, 12.1, 12.1])
    expect(peer.to('/v1/forecast')).toHaveLength(1)
  })

  test('a failed look-up is asked again after five minutes, not at every page load', async () => {
    const user = await personIn(BERLIN)
    peer.next('/v1/forecast', { kind: 'body', body: 'garbage' })
    await expectNoWeather(user, 'unavailable')
    await expectNoWeather(user, 'unavailable')
    expect(peer.to('/v1/forecast')).toHaveLength(1)
    t.clock.advance(5 * MINUTE + 1)
    expect((await today(user)).data.max).toBe(19.3)
    expect(peer.to('/v1/forecast')).toHaveLength(2)
  })
})
