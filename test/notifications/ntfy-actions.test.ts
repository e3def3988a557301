/**
 * The check-in reminder's action buttons on ntfy (docs/api/notifications.md §7.2): what the loopback ntfy peer gets,
 * and the public POST /api/v1/reminder-answers/{token} the buttons call, as ntfy's app calls it (a POST without a
 * body): written once, refused when forged, gone after the day, rate limited.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { runAlertTick } from './alert-tick'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { startPeer, type Peer } from './peers'

let ntfy: Peer
let t: TestApp
beforeEach(() => {
  ntfy = startPeer()
  t = createTestApp({ NOTIFY_ALLOW_PRIVATE: 'true', PUBLIC_URL: 'https://api.daybook.test', FRONTEND_URL: 'https://app.daybook.test' })
})
afterEach(() => {
  t.close()
  ntfy.stop()
})

interface Action { action: string; label: string; url: string; method: string; clear: boolean }

/** A person in UTC with an ntfy channel, reminded at 20:00 on 2026-06-25; returns the actions the reminder carried. */
async function reminded(language = 'en'): Promise<{ user: TestUser; actions: Action[]; channelId: number }> {
  const user = await createUser(t, { timezone: 'UTC' })
  if (language !== 'en') await t.request('PUT', '/api/v1/users/me/settings/language', { token: user.token, body: { language } })
  const made = await t.request('POST', '/api/v1/notifications/channels', { token: user.token, body: { type: 'ntfy', url: `${ntfy.url}/evening`, your_day: false } })
  expect(made.status).toBe(200)
  t.clock.set('2026-06-25T20:00:00Z')
  expect((await runAlertTick(t.deps)).sent).toBe(1)
  return { user, actions: ntfy.requests.at(-1)!.json.actions, channelId: made.body.data.id }
}

/** What ntfy's app does when a button is tapped: the action's method on its URL, no body, no credentials. */
const press = (url: string, ip = '127.0.0.1') => t.request('POST', new URL(url).pathname, { ip })

async function mood(user: TestUser, date = '2026-06-25') {
  const r = await t.request('GET', `/api/v1/check-in?from=${date}&to=${date}`, { token: user.token })
  return r.body.data[0]?.mood
}

describe('the reminder on ntfy', () => {
  test('three http actions (ntfy\'s limit) for the mood, each a signed single-day URL of daybook; a click opens the check-in', async () => {
    const { actions } = await reminded()
    const body = ntfy.requests[0]!.json
    expect(body.click).toBe('https://app.daybook.test/check-in/date/2026-06-25')
    expect(actions.map((a) => [a.action, a.label, a.method, a.clear])).toEqual([
      ['http', '😞 Low', 'POST', true], ['http', '😐 Medium', 'POST', true], ['http', '🙂 High', 'POST', true],
    ])
    for (const a of actions) expect(a.url).toMatch(/^https:\/\/api\.daybook\.test\/api\/v1\/reminder-answers\/n[\w-]{22}\.20260625\.b0\.[234]\.[\w-]{16}$/)
  })

  test('the labels are in the person\'s language; the your-day message has no actions', async () => {
    const { user, actions, channelId } = await reminded('de')
    expect(actions.map((a) => a.label)).toEqual(['😞 Schlecht', '😐 Mittel', '🙂 Gut'])
    expect((await t.request('PUT', `/api/v1/notifications/channels/${channelId}`, { token: user.token, body: { your_day: true } })).status).toBe(200)
    t.clock.set('2026-06-26T07:00:00Z')
    expect((await runAlertTick(t.deps)).sent).toBe(1)
    const yourDay = ntfy.requests.at(-1)!.json
    expect(yourDay.title).toBe('Dein Tag')
    expect(yourDay.actions).toBeUndefined()
    expect(yourDay.click).toBeUndefined()
  })
})

describe('POST /reminder-answers/{token}', () => {
  test('writes the mood into the day\'s check-in once; a second press, or another button, changes nothing', async () => {
    const { user, actions } = await reminded()
    const first = await press(actions[1]!.url)
    expect(first.status).toBe(200)
    expect(first.body.data).toEqual({ date: '2026-06-25', question: 'Mood', value: 3, written: true })
    expect(await mood(user)).toBe(3)
    const entry = (await t.request('GET', '/api/v1/check-in', { token: user.token })).body.data
    t.clock.advance(60_000)
    const again = await press(actions[1]!.url)
    expect(again.status).toBe(200)
    expect(again.body.data.written).toBe(false)
    const other = await press(actions[2]!.url)
    expect(other.body.data).toEqual({ date: '2026-06-25', question: 'Mood', value: 3, written: false })
    expect((await t.request('GET', '/api/v1/check-in', { token: user.token })).body.data).toEqual(entry)
  })

  test('every button pressed at once (two phones, a double tap): one answer is written, the others say it was kept', async () => {
    const { user, actions } = await reminded()
    const answers = await Promise.all([...actions, ...actions].map((a, i) => press(a.url, `127.0.0.${1 + i}`)))
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200))
    const stored = await mood(user)
    const written = answers.filter((r) => r.body.data.written)
    // the first of the same value may be answered "written" twice (it is the same answer); never two values
    expect(new Set(written.map((r) => r.body.data.value))).toEqual(new Set([stored]))
    expect(written.length).toBeGreaterThanOrEqual(1)
    expect(answers.map((r) => r.body.data.value)).toEqual(answers.map(() => stored))
  })

  test('a forged or altered token is a 403 and writes nothing; a Telegram button\'s data is no ntfy token', async () => {
    const { user, actions } = await reminded()
    const token = new URL(actions[0]!.url).pathname.split('/').at(-1)!
    const altered = [
      token.replace('.2.', '.5.'),
      token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'),
      `t${token.slice(1)}`,
      'nothing-like-a-token',
    ]
    for (const bad of altered) {
      const r = await t.request('POST', `/api/v1/reminder-answers/${bad}`)
      expect(r.status).toBe(403)
      expect(r.body.code).toBe('invalid_answer_token')
    }
    expect(await mood(user)).toBeUndefined()
  })

  test('gone (410) once the person\'s day has ended, by their day start', async () => {
    const { user, actions } = await reminded()
    expect((await t.request('PUT', '/api/v1/notifications/settings', { token: user.token, body: { day_start: '01:00' } })).status).toBe(200)
    t.clock.set('2026-06-26T00:59:00Z') // still the 25th for this person
    expect((await press(actions[0]!.url)).status).toBe(200)
    t.clock.set('2026-06-26T01:00:00Z')
    const late = await press(actions[2]!.url)
    expect(late.status).toBe(410)
    expect(late.body.code).toBe('answer_expired')
    expect(await mood(user)).toBe(2)
    expect(await mood(user, '2026-06-26')).toBeUndefined()
  })

  test('rate limited per address: 20 a minute, then 429 with Retry-After', async () => {
    const { actions } = await reminded()
    for (let i = 0; i < 20; i++) expect((await press(actions[0]!.url, '203.0.113.9')).status).toBe(200)
    const limited = await press(actions[0]!.url, '203.0.113.9')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).not.toBeNull()
    expect((await press(actions[0]!.url, '203.0.113.10')).status).toBe(200)
  })
})
