/**
 * GET /weather/places (docs/api/weather.md §3) against a loopback Open-Meteo geocoding API: places by name in the
 * person's language, the query passed on as typed (never able to add parameters), kept for an hour, limited per
 * client, and an empty list with the reason when the search is off or gives nothing usable.
 */
import { afterAll, beforeEach, describe, expect, test } from 'bun:test'
import { MINUTE } from '../../src/lib/clock'
import { createTestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { useTestApp } from '../helpers/use-test-app'
import { startOpenMeteoPeer, weatherEnv } from './open-meteo-peer'

const peer = startOpenMeteoPeer()
afterAll(() => peer.stop())
const t = useTestApp(weatherEnv(peer))
beforeEach(() => { peer.requests.length = 0 })

const search = (user: TestUser, q: string, ip?: string) => t.request('GET', `/api/v1/weather/places?q=${encodeURIComponent(q)}`, { token: user.token, ip })

async function found(user: TestUser, q: string) {
  const r = await search(user, q)
  expect(r.status).toBe(200)
  expect(r.body.message).toBe('Places retrieved successfully.')
  return r.body
}

describe('finding a place', () => {
  test('name, admin area, country and coordinates of each match', async () => {
    const body = await found(await createUser(t), 'paris')
    expect(body.data).toEqual([
      { name: 'Paris', admin_area: 'Île-de-France', country: 'France', country_code: 'FR', latitude: 48.85341, longitude: 2.3488 },
      { name: 'Paris', admin_area: 'Texas', country: 'United States', country_code: 'US', latitude: 33.66094, longitude: -95.55551 },
    ])
    expect(body.meta).toBeUndefined()
    const [asked] = peer.to('/v1/search')
    expect(Object.fromEntries(asked!.query)).toEqual({ name: 'paris', count: '10', language: 'en', format: 'json' })
  })

  test("in the person's language", async () => {
    const user = await createUser(t)
    expect((await t.request('PUT', '/api/v1/users/me/settings/language', { token: user.token, body: { language: 'de' } })).status).toBe(200)
    expect((await found(user, 'Münch')).data).toEqual([
      { name: 'München', admin_area: 'Bavaria', country: 'Deutschland', country_code: 'DE', latitude: 48.13743, longitude: 11.57549 },
    ])
    expect(peer.to('/v1/search')[0]!.query.get('language')).toBe('de')
  })

  test('nothing found is an empty list (Open-Meteo leaves `results` out)', async () => {
    const body = await found(await createUser(t), 'Atlantis')
    expect({ data: body.data, meta: body.meta }).toEqual({ data: [], meta: undefined })
  })

  test('what is typed stays the name: quotes, ampersands and other parameters are never added to the request', async () => {
    const user = await createUser(t)
    const typed = 'Be"rl&count=100&language=fr#x'
    await found(user, typed)
    const [asked] = peer.to('/v1/search')
    expect(asked!.query.get('name')).toBe(typed)
    expect(asked!.query.getAll('count')).toEqual(['10'])
    expect(asked!.query.getAll('language')).toEqual(['en'])
  })

  test('422 on an empty query or one of more than 100 characters; 401 without a token', async () => {
    const user = await createUser(t)
    for (const path of ['/api/v1/weather/places', '/api/v1/weather/places?q=', '/api/v1/weather/places?q=%20%20']) {
      const r = await t.request('GET', path, { token: user.token })
      expect({ status: r.status, errors: r.body.errors }).toEqual({ status: 422, errors: { q: ['The q field is required.'] } })
    }
    const long = await search(user, 'x'.repeat(101))
    expect({ status: long.status, errors: long.body.errors }).toEqual({ status: 422, errors: { q: ['The q field must not be greater than 100 characters.'] } })
    const anonymous = await t.request('GET', '/api/v1/weather/places?q=Berlin')
    expect({ status: anonymous.status, code: anonymous.body.code }).toEqual({ status: 401, code: 'unauthenticated' })
    expect(peer.requests).toEqual([])
  })

  test('30 searches a minute per client, then 429 with Retry-After', async () => {
    const user = await createUser(t)
    for (let i = 0; i < 30; i++) expect((await search(user, `Berlin ${i}`, '203.0.113.9')).status).toBe(200)
    const refused = await search(user, 'Berlin', '203.0.113.9')
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 429, code: 'rate_limited' })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await search(user, 'Berlin', '203.0.113.10')).status).toBe(200)
  })
})

describe('kept, and when there is nothing to give', () => {
  test('the same search within the hour asks once, whatever its letter case', async () => {
    const user = await createUser(t)
    await found(user, 'Berlin')
    await found(user, 'berlin')
    expect(peer.to('/v1/search')).toHaveLength(1)
    t.clock.advance(61 * MINUTE)
    await found(user, 'BERLIN')
    expect(peer.to('/v1/search')).toHaveLength(2)
  })

  test('results of another shape are left out, the others kept', async () => {
    peer.next('/v1/search', { kind: 'json', json: { results: [
      { name: 'Berlin', latitude: 52.5, longitude: 13.4, country: 'Germany', admin1: 'Land Berlin', country_code: 'de' },
      { name: 'Nowhere', latitude: 'north', longitude: 13.4 },
      { name: '', latitude: 1, longitude: 1 },
      { name: 'Far', latitude: 95, longitude: 13.4 },
      'Berlin',
      null,
      { name: 'Bare', latitude: -33.9, longitude: 18.4 },
    ] } })
    expect((await found(await createUser(t), 'Berlin')).data).toEqual([
      { name: 'Berlin', admin_area: 'Land Berlin', country: 'Germany', country_code: 'DE', latitude: 52.5, longitude: 13.4 },
      { name: 'Bare', admin_area: null, country: null, country_code: null, latitude: -33.9, longitude: 18.4 },
    ])
  })

  const UNUSABLE: [string, Parameters<typeof peer.next>[1]][] = [
    ['a 500', { kind: 'status', status: 500 }],
    ['not JSON', { kind: 'body', body: 'Bad Gateway' }],
    ['results that are not a list', { kind: 'json', json: { results: { name: 'Berlin' } } }],
    ['an answer over the size cap', { kind: 'json', json: { results: [], padding: 'x'.repeat(300_000) } }],
  ]
  for (const [what, answer] of UNUSABLE) {
    test(`${what}: an empty list, unavailable`, async () => {
      peer.next('/v1/search', answer)
      const body = await found(await createUser(t), 'Berlin')
      expect({ data: body.data, meta: body.meta }).toEqual({ data: [], meta: { reason: 'unavailable' } })
    })
  }

  test('a slow search gives up at the deadline', async () => {
    peer.next('/v1/search', { kind: 'slow', ms: 4000 })
    const body = await found(await createUser(t), 'Berlin')
    expect({ data: body.data, meta: body.meta }).toEqual({ data: [], meta: { reason: 'unavailable' } })
  })

  test('GEOCODING_API_URL=off: nothing is asked, an empty list says off', async () => {
    const off = createTestApp({ ...weatherEnv(peer), GEOCODING_API_URL: 'off' })
    try {
      const user = await createUser(off)
      const r = await off.request('GET', '/api/v1/weather/places?q=Berlin', { token: user.token })
      expect({ status: r.status, data: r.body.data, meta: r.body.meta }).toEqual({ status: 200, data: [], meta: { reason: 'off' } })
      expect((await off.request('GET', '/api/v1/weather', { token: user.token })).body.data).toEqual({ forecast: true, places: false })
      expect(peer.requests).toEqual([])
    } finally {
      off.close()
    }
  })
})
