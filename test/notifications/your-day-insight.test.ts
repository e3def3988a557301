/**
 * The your-day message's insight line (docs/api/notifications.md §3): a strong insight that is new — not said in the
 * last 28 days — on every channel of that morning alike (a retry included), then not again until the quiet while is over.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { runAlertTick } from './alert-tick'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { startPeer, type Peer } from './peers'

const BASE = '/api/v1/notifications'
let ntfy: Peer
let hook: Peer
let t: TestApp
beforeEach(() => {
  ntfy = startPeer()
  hook = startPeer()
  t = createTestApp({ NOTIFY_ALLOW_PRIVATE: 'true', FRONTEND_URL: 'https://app.daybook.test' })
})
afterEach(() => {
  t.close()
  ntfy.stop()
  hook.stop()
})

async function tickAt(at: string) {
  t.clock.set(at)
  return runAlertTick(t.deps)
}

const MORNING = { your_day: true, check_in: false }
const insightLines = (requests: { json: any }[]) =>
  requests.map((r) => String(r.json.message ?? r.json.text).split('\n').filter((line) => line.startsWith('Insight: ')))

/** Forty days in which mood follows sleep (but on every seventh day) and water goes its own way. */
async function plantedDays(user: TestUser) {
  let seed = 11
  for (let day = 0; day < 40; day++) {
    const date = new Date(Date.parse('2026-10-14T00:00:00Z') + day * 86_400_000).toISOString().slice(0, 10)
    seed = (seed * 48271) % 2147483647
    const sleep = 1 + (day % 5)
    const r = await t.request('POST', '/api/v1/check-in', { token: user.token, body: { date, sleep, mood: day % 7 === 0 ? 3 : sleep, water: 1 + (seed % 5) } })
    expect(r.status).toBe(201)
  }
}

describe('the your-day insight line', () => {
  test('said on the morning it is new, alike on every channel and in a retry, then quiet for 28 days', async () => {
    t.clock.set('2026-11-22T10:00:00Z')
    const u = await createUser(t, { timezone: 'UTC', platform: 'mobile' })
    await plantedDays(u)
    for (const body of [{ type: 'ntfy', url: `${ntfy.url}/t` }, { type: 'webhook', url: `${hook.url}/h` }]) {
      expect((await t.request('POST', `${BASE}/channels`, { token: u.token, body: { ...body, ...MORNING } })).status).toBe(200)
    }
    // What the insights page says of the 90 days ending on the 23rd: one pair is strong enough for a morning line.
    const insights = await t.request('GET', '/api/v1/insights?from=2026-08-26&to=2026-11-23', { token: u.token })
    const strong = (insights.body.data.pairs as { a: string; b: string; rho_adjusted: number; text: string }[])
      .filter((p) => Math.abs(p.rho_adjusted) >= 0.4)
    expect(strong.map((p) => [p.a, p.b])).toEqual([['sleep', 'mood']])
    const line = `Insight: ${strong[0]!.text}`

    ntfy.answers.push({ status: 503 })
    expect(await tickAt('2026-11-23T07:00:00Z')).toMatchObject({ sent: 1, retry: 1 })
    expect(await tickAt('2026-11-23T07:01:00Z')).toMatchObject({ sent: 1, retry: 0 })
    expect(insightLines(hook.requests)).toEqual([[line]])
    expect(insightLines(ntfy.requests)).toEqual([[line], [line]])

    expect((await tickAt('2026-11-24T07:00:00Z')).sent).toBe(2)
    expect((await tickAt('2026-12-20T07:00:00Z')).sent).toBe(2) // 27 days on
    expect(insightLines(hook.requests)).toEqual([[line], [], []])
    expect((await tickAt('2026-12-21T07:00:00Z')).sent).toBe(2) // 28 days on: new again
    expect(insightLines(hook.requests).at(-1)).toEqual([line])
    expect(insightLines(ntfy.requests).at(-1)).toEqual([line])
  })

  test('no line without a strong insight', async () => {
    const u = await createUser(t, { timezone: 'UTC' })
    expect((await t.request('POST', `${BASE}/channels`, { token: u.token, body: { type: 'webhook', url: `${hook.url}/h`, ...MORNING } })).status).toBe(200)
    for (let day = 1; day <= 20; day++) {
      const r = await t.request('POST', '/api/v1/check-in', { token: u.token, body: { date: `2026-06-${String(day).padStart(2, '0')}`, mood: 3 + (day % 2), sleep: 4 } })
      expect(r.status).toBe(201)
    }
    expect((await tickAt('2026-06-25T07:00:00Z')).sent).toBe(1)
    expect(hook.requests[0]!.json.text).toContain('Check-in: not done yet')
    expect(insightLines(hook.requests)).toEqual([[]])
  })
})
