import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { runAlertTick } from './alert-tick'
import { notificationDeliveries } from '../../src/features/notifications/schema'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp'
import { startPeer, type Peer } from './peers'

const BASE = '/api/v1/notifications'
let smtp: SmtpCapture
let ntfy: Peer
let hook: Peer
let t: TestApp
beforeEach(async () => {
  smtp = await startSmtpCapture()
  ntfy = startPeer()
  hook = startPeer()
  t = createTestApp({ NOTIFY_ALLOW_PRIVATE: 'true', SMTP_URL: smtp.url, FRONTEND_URL: 'https://app.daybook.test' })
})
afterEach(async () => {
  t.close()
  ntfy.stop()
  hook.stop()
  await smtp.close()
})

async function channel(user: TestUser, body: Record<string, unknown>) {
  const r = await t.request('POST', `${BASE}/channels`, { token: user.token, body })
  expect(r.status).toBe(200)
  return r.body.data
}

async function tickAt(at: string) {
  t.clock.set(at)
  return runAlertTick(t.deps)
}

const setLanguage = (user: TestUser, language: string) => t.request('PUT', '/api/v1/users/me/settings/language', { token: user.token, body: { language } })

describe('delivery at each user\'s own time', () => {
  test('ntfy in Asia/Kolkata, webhook in America/New_York, e-mail in UTC, each once at its time', async () => {
    const kolkata = await createUser(t, { timezone: 'Asia/Kolkata', email: 'k@example.com' })
    const ny = await createUser(t, { timezone: 'America/New_York', email: 'ny@example.com' })
    const utc = await createUser(t, { timezone: 'UTC', email: 'utc@example.com' })
    await setLanguage(kolkata, 'de')
    await t.request('PUT', `${BASE}/settings`, { token: kolkata.token, body: { your_day_time: '06:30' } })
    await t.request('PUT', `${BASE}/settings`, { token: ny.token, body: { check_in_time: '21:15' } })
    await setLanguage(utc, 'fr')
    await channel(kolkata, { type: 'ntfy', url: `${ntfy.url}/alerts`, token: 'tk_1', priority: 5, tags: ['sunrise'], check_in: false })
    const created = await channel(ny, { type: 'webhook', url: `${hook.url}/in`, your_day: false })
    hook.secret = created.secret
    await channel(utc, { type: 'email', your_day: false })

    expect((await tickAt('2026-06-25T00:59:00Z')).sent).toBe(0) // 06:29 in Kolkata
    expect((await tickAt('2026-06-25T01:00:00Z')).sent).toBe(1)
    expect((await tickAt('2026-06-25T01:01:00Z')).sent).toBe(0)
    expect(ntfy.requests).toHaveLength(1)
    const n = ntfy.requests[0]!
    expect(n.path).toBe('/')
    expect(n.headers.get('authorization')).toBe('Bearer tk_1')
    expect(n.json).toMatchObject({ topic: 'alerts', title: 'Dein Tag', priority: 5, tags: ['sunrise'] })
    expect(n.json.message).toContain('No tasks due today.')

    expect((await tickAt('2026-06-25T20:00:00Z')).sent).toBe(1) // 20:00 UTC: the e-mail reminder
    const [mail] = await smtp.waitFor(1)
    expect(mail!.to).toEqual(['utc@example.com'])
    expect(mail!.subject).toBe('Rappel du check-in quotidien')
    expect(mail!.text).toContain('https://app.daybook.test/check-in/date/2026-06-25')
    expect(mail!.raw).toContain('text/html')

    expect((await tickAt('2026-06-26T01:14:00Z')).sent).toBe(1) // 21:14 in New York; 06:44 of the next day in Kolkata
    expect(ntfy.requests).toHaveLength(2)
    expect(hook.requests).toHaveLength(0)
    expect((await tickAt('2026-06-26T01:15:00Z')).sent).toBe(1)
    expect(hook.requests).toHaveLength(1)
    expect(hook.requests[0]!.signatureValid).toBe(true)
    // the link carries the day's signed pass (docs/api/notifications.md §7.3; test/notifications/day-pass.test.ts)
    const link = hook.requests[0]!.json.check_in_url
    expect(link).toMatch(/^https:\/\/app\.daybook\.test\/check-in\/date\/2026-06-25\?pass=l[\w.-]+$/)
    expect(hook.requests[0]!.json).toEqual({
      kind: 'check_in', user_id: ny.id, date: '2026-06-25', check_in_url: link,
      text: `Have you completed your daily check-in yet?\nCheck in: ${link}`,
    })
    expect((await tickAt('2026-06-26T02:00:00Z')).sent).toBe(0)
    expect(smtp.messages).toHaveLength(1)
  })

  test('catch-up: sent late inside the two hours, dropped after them', async () => {
    const u = await createUser(t, { timezone: 'UTC' })
    await channel(u, { type: 'ntfy', url: `${ntfy.url}/t` })
    expect((await tickAt('2026-06-25T08:59:00Z')).sent).toBe(1) // your-day, 1 h 59 late
    expect((await tickAt('2026-06-25T22:00:00Z')).sent).toBe(0) // the reminder's window is over
    expect(ntfy.requests).toHaveLength(1)
  })
})

describe('the day start', () => {
  test('a check-in at 00:30 with the day starting at 01:00 counts for the day before; the reminder is skipped', async () => {
    const u = await createUser(t, { timezone: 'UTC' })
    await t.request('PUT', `${BASE}/settings`, { token: u.token, body: { check_in_time: '23:30', day_start: '01:00' } })
    await channel(u, { type: 'webhook', url: `${hook.url}/h`, your_day: false })
    // At 00:15 on the 26th the reminder of 23:30 is 45 minutes late and is for the 25th.
    expect((await tickAt('2026-06-26T00:15:00Z')).sent).toBe(1)
    expect(hook.requests[0]!.json.date).toBe('2026-06-25')
    // Quick add's "today" at 00:30 is still the 25th.
    t.clock.set('2026-06-26T00:30:00Z')
    const add = () => t.request('POST', '/api/v1/dashboard/quick-add/commit', { token: u.token, body: { content: 'Pay rent due:today', content_type: 'todo' } })
    const r = await add()
    expect(r.body.data.due_at).toBe('2026-06-25')
    t.clock.set('2026-06-26T01:00:00Z')
    expect((await add()).body.data.due_at).toBe('2026-06-26')
  })

  test('the reminder is skipped when the day (by the day start) has its check-in', async () => {
    const u = await createUser(t, { timezone: 'UTC' })
    await t.request('PUT', `${BASE}/settings`, { token: u.token, body: { check_in_time: '00:10', day_start: '01:00' } })
    await channel(u, { type: 'webhook', url: `${hook.url}/h`, your_day: false })
    t.clock.set('2026-06-26T00:05:00Z')
    const c = await t.request('POST', '/api/v1/check-in', { token: u.token, body: { date: '2026-06-25', mood: 4 } })
    expect(c.status).toBe(201)
    expect((await tickAt('2026-06-26T00:10:00Z')).sent).toBe(0)
    expect(hook.requests).toHaveLength(0)
  })
})

describe('exactly once, retries and permanent failures', () => {
  test('a claimed row (a restart in the middle of a tick) is never sent again', async () => {
    const u = await createUser(t, { timezone: 'UTC' })
    const c = await channel(u, { type: 'ntfy', url: `${ntfy.url}/t`, check_in: false })
    t.deps.db.insert(notificationDeliveries)
      .values({ userId: u.id, channel: String(c.id), kind: 'your_day', localDate: '2026-06-25', status: 'sending', createdAt: t.clock.now() }).run()
    const restarted = createTestApp({ NOTIFY_ALLOW_PRIVATE: 'true' }, t.dataDir)
    try {
      restarted.clock.set('2026-06-25T07:00:00Z')
      expect((await runAlertTick(restarted.deps)).sent).toBe(0)
      restarted.clock.set('2026-06-25T07:30:00Z')
      expect((await runAlertTick(restarted.deps)).sent).toBe(0)
    } finally { restarted.deps.db.$client.close() }
    expect(ntfy.requests).toHaveLength(0)
  })

  test('two overlapping ticks send once', async () => {
    const u = await createUser(t, { timezone: 'UTC' })
    await channel(u, { type: 'ntfy', url: `${ntfy.url}/t`, check_in: false })
    t.clock.set('2026-06-25T07:00:00Z')
    const [a, b] = await Promise.all([runAlertTick(t.deps), runAlertTick(t.deps)])
    expect(a.sent + b.sent).toBe(1)
    expect(ntfy.requests).toHaveLength(1)
  })

  test('5xx and 429 with Retry-After are retried with back-off on later ticks, then sent once', async () => {
    const u = await createUser(t, { timezone: 'UTC' })
    await channel(u, { type: 'ntfy', url: `${ntfy.url}/t`, check_in: false })
    ntfy.answers.push({ status: 503 }, { status: 429, headers: { 'retry-after': '300' } })
    expect(await tickAt('2026-06-25T07:00:00Z')).toMatchObject({ sent: 0, retry: 1 })
    expect(await tickAt('2026-06-25T07:00:30Z')).toMatchObject({ sent: 0, retry: 0 }) // back-off: 1 minute
    expect(await tickAt('2026-06-25T07:01:00Z')).toMatchObject({ sent: 0, retry: 1 }) // 429: wait 5 minutes
    expect(await tickAt('2026-06-25T07:05:00Z')).toMatchObject({ sent: 0, retry: 0 })
    expect(await tickAt('2026-06-25T07:06:00Z')).toMatchObject({ sent: 1 })
    expect(await tickAt('2026-06-25T07:07:00Z')).toMatchObject({ sent: 0 })
    expect(ntfy.requests).toHaveLength(3)
    const list = await t.request('GET', `${BASE}/channels`, { token: u.token })
    expect(list.body.data[0]).toMatchObject({ enabled: true, disabled_reason: null })
  })

  test('a permanent failure (404) stops the channel, shows why, and an update enables it again', async () => {
    const u = await createUser(t, { timezone: 'UTC' })
    const c = await channel(u, { type: 'webhook', url: `${hook.url}/gone` })
    hook.answers.push({ status: 404 })
    expect(await tickAt('2026-06-25T07:00:00Z')).toMatchObject({ failed: 1 })
    expect(await tickAt('2026-06-25T20:00:00Z')).toMatchObject({ sent: 0, failed: 0 })
    expect(hook.requests).toHaveLength(1)
    const list = await t.request('GET', `${BASE}/channels`, { token: u.token })
    expect(list.body.data[0]).toMatchObject({ enabled: false, disabled_reason: 'answered 404', disabled_at: '2026-06-25T07:00:00.000Z' })
    await t.request('PUT', `${BASE}/channels/${c.id}`, { token: u.token, body: {} })
    expect(await tickAt('2026-06-25T20:01:00Z')).toMatchObject({ sent: 1 })
  })
})

describe('send a test', () => {
  test('each channel type delivers a test; a failing one reports why', async () => {
    const u = await createUser(t, { email: 'me@example.com' })
    const n = await channel(u, { type: 'ntfy', url: `${ntfy.url}/t` })
    const h = await channel(u, { type: 'webhook', url: `${hook.url}/h` })
    hook.secret = h.secret
    const m = await channel(u, { type: 'email' })
    for (const [id, email_delivery] of [[n.id, null], [h.id, null], [m.id, 'smtp']]) {
      const r = await t.request('POST', `${BASE}/channels/${id}/test`, { token: u.token })
      // An e-mail channel's test says that the mail server took it (without SMTP_URL: the outbox, channel-rules.test.ts).
      expect(r.body.data).toEqual({ delivered: true, error: null, email_delivery })
    }
    expect(ntfy.requests[0]!.json).toMatchObject({ topic: 't', title: 'daybook test notification' })
    expect(hook.requests[0]!).toMatchObject({ signatureValid: true })
    expect(hook.requests[0]!.json.kind).toBe('test')
    expect((await smtp.waitFor(1))[0]!.subject).toBe('daybook test notification')
    hook.answers.push({ status: 500 })
    expect((await t.request('POST', `${BASE}/channels/${h.id}/test`, { token: u.token })).body.data).toEqual({ delivered: false, error: 'answered 500', email_delivery: null })
  })
})
