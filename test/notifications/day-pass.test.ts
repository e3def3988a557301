/**
 * The e-mail's and webhook's check-in link (docs/api/notifications.md §7.3): a signed pass for one person's one day,
 * through the real SMTP capture and webhook peer. It opens that day's check-in and nothing else, expires when the
 * day ends, and a GET — a mail scanner's prefetch — never writes.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { runAlertTick } from './alert-tick'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp'
import { startPeer, type Peer } from './peers'

const DAY = '/api/v1/reminder-answers/day'
let smtp: SmtpCapture
let hook: Peer
let t: TestApp
beforeEach(async () => {
  smtp = await startSmtpCapture()
  hook = startPeer()
  t = createTestApp({ NOTIFY_ALLOW_PRIVATE: 'true', SMTP_URL: smtp.url, FRONTEND_URL: 'https://app.daybook.test' })
})
afterEach(async () => {
  t.close()
  hook.stop()
  await smtp.close()
})

const LINK = /https:\/\/app\.daybook\.test\/check-in\/date\/2026-06-25\?pass=(l[\w-]{22}\.20260625\.c\.0\.[\w-]{16})/

/** A person in UTC reminded at 20:00 on 2026-06-25 by e-mail; returns the pass their mail links. */
async function mailed(email: string): Promise<{ user: TestUser; pass: string }> {
  const user = await createUser(t, { timezone: 'UTC', email })
  expect((await t.request('POST', '/api/v1/notifications/channels', { token: user.token, body: { type: 'email', your_day: false } })).status).toBe(200)
  t.clock.set('2026-06-25T20:00:00Z')
  await runAlertTick(t.deps)
  const mail = (await smtp.waitFor(1)).find((m) => m.to.includes(email))!
  const found = LINK.exec(mail.text)
  expect(found).not.toBeNull()
  return { user, pass: found![1]! }
}

const entries = async (user: TestUser) => (await t.request('GET', '/api/v1/check-in', { token: user.token })).body.data

describe('the link in the reminder', () => {
  test('the e-mail links the day\'s check-in with its pass; the webhook gives it in the text and as check_in_url', async () => {
    const { pass } = await mailed('a@example.com')
    const user = await createUser(t, { timezone: 'UTC' })
    const created = await t.request('POST', '/api/v1/notifications/channels', { token: user.token, body: { type: 'webhook', url: `${hook.url}/in`, your_day: false } })
    hook.secret = created.body.data.secret
    t.clock.set('2026-06-25T20:01:00Z')
    await runAlertTick(t.deps)
    const body = hook.requests[0]!.json
    expect(hook.requests[0]!.signatureValid).toBe(true)
    expect(body.check_in_url).toMatch(LINK)
    expect(body.text).toContain(`Check in: ${body.check_in_url}`)
    expect(body.check_in_url).not.toContain(pass)
    expect(smtp.messages[0]!.raw).toContain('text/html')
  })
})

describe('GET/POST /reminder-answers/day/{pass}', () => {
  test('a scanner\'s GET or HEAD of the day changes nothing; a POST writes that day\'s check-in, the one the app shows', async () => {
    const { user, pass } = await mailed('b@example.com')
    const read = await t.request('GET', `${DAY}/${pass}`)
    expect(read.status).toBe(200)
    expect(read.body.data).toMatchObject({ date: '2026-06-25', check_in: null })
    expect(read.body.data.questions[0]).toEqual({ code: 'b0', field: 'mood', label: 'Mood', value: null, choices: [1, 2, 3, 4, 5].map((v) => ({ value: v, label: String(v) })) })
    await t.request('HEAD', `${DAY}/${pass}`)
    expect(await entries(user)).toEqual([])

    const wrote = await t.request('POST', `${DAY}/${pass}`, { body: { mood: 4, note: 'from the mail' } })
    expect(wrote.status).toBe(200)
    expect(wrote.body.data).toMatchObject({ date: '2026-06-25', mood: 4, note: 'from the mail' })
    expect(await entries(user)).toEqual([wrote.body.data])
    // partial, as the check-in verb: sleep joins, mood stays
    expect((await t.request('POST', `${DAY}/${pass}`, { body: { sleep: 2 } })).body.data).toMatchObject({ mood: 4, sleep: 2 })
    const after = (await t.request('GET', `${DAY}/${pass}`)).body.data
    expect(after.check_in).toMatchObject({ mood: 4, sleep: 2 })
    expect(after.questions[0]).toMatchObject({ field: 'mood', value: 4 })
  })

  test('another day is refused (403) and untouched; bad input is the verb\'s 422, nothing written', async () => {
    const { user, pass } = await mailed('c@example.com')
    const other = await t.request('POST', `${DAY}/${pass}`, { body: { date: '2026-06-24', mood: 1 } })
    expect(other.status).toBe(403)
    expect(other.body.code).toBe('other_day')
    const bad = await t.request('POST', `${DAY}/${pass}`, { body: { mood: 9 } })
    expect(bad.status).toBe(422)
    expect(await entries(user)).toEqual([])
  })

  test('a pass opens only its own person\'s day, and is no bearer token anywhere else', async () => {
    const a = await mailed('d@example.com')
    const b = await mailed('e@example.com')
    expect((await t.request('POST', `${DAY}/${b.pass}`, { body: { mood: 2 } })).status).toBe(200)
    expect(await entries(a.user)).toEqual([])
    expect((await entries(b.user))[0].mood).toBe(2)
    expect((await t.request('GET', `${DAY}/${a.pass}`)).body.data.check_in).toBeNull()
    for (const path of ['/api/v1/check-in', '/api/v1/users/me', '/api/v1/notifications/channels']) {
      expect((await t.request('GET', path, { headers: { authorization: `Bearer ${a.pass}` } })).status).toBe(401)
    }
    const forged = a.pass.slice(0, -1) + (a.pass.endsWith('A') ? 'B' : 'A')
    for (const bad of [forged, a.pass.replace(/^l/, 'n'), a.pass.replace('.20260625.', '.20260626.')]) {
      const r = await t.request('GET', `${DAY}/${bad}`)
      expect(r.status).toBe(403)
      expect(r.body.code).toBe('invalid_day_pass')
    }
  })

  test('expires when the person\'s day ends (410), for reading and writing', async () => {
    const { user, pass } = await mailed('f@example.com')
    t.clock.set('2026-06-25T23:59:00Z')
    expect((await t.request('GET', `${DAY}/${pass}`)).status).toBe(200)
    t.clock.set('2026-06-26T00:00:00Z')
    for (const r of [await t.request('GET', `${DAY}/${pass}`), await t.request('POST', `${DAY}/${pass}`, { body: { mood: 3 } })]) {
      expect(r.status).toBe(410)
      expect(r.body.code).toBe('day_pass_expired')
    }
    expect(await entries(user)).toEqual([])
  })

  test('rate limited per address: 30 a minute, then 429', async () => {
    const { pass } = await mailed('g@example.com')
    for (let i = 0; i < 30; i++) expect((await t.request('GET', `${DAY}/${pass}`, { ip: '198.51.100.7' })).status).toBe(200)
    expect((await t.request('POST', `${DAY}/${pass}`, { ip: '198.51.100.7', body: { mood: 3 } })).status).toBe(429)
    expect((await t.request('GET', `${DAY}/${pass}`, { ip: '198.51.100.8' })).status).toBe(200)
  })
})
