import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { notificationChannels } from '../../src/features/notifications/schema'
import { decryptSecret } from '../../src/lib/crypto'

const BASE = '/api/v1/notifications'
let t: TestApp
let alice: TestUser
let bob: TestUser
beforeEach(async () => {
  t = createTestApp({ NOTIFY_ALLOW_PRIVATE: 'true' })
  alice = await createUser(t, { email: 'alice@example.com' })
  bob = await createUser(t, { email: 'bob@example.com' })
})
afterEach(() => t.close())

describe('times and day start', () => {
  test('defaults, then an update keeps absent fields', async () => {
    const r = await t.request('GET', `${BASE}/settings`, { token: alice.token })
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual({ your_day_time: '07:00', check_in_time: '20:00', weekly_time: '19:00', weekly_telegram: false, day_start: '00:00' })
    const u = await t.request('PUT', `${BASE}/settings`, { token: alice.token, body: { check_in_time: '21:30', day_start: '03:00' } })
    expect(u.body.data).toEqual({ your_day_time: '07:00', check_in_time: '21:30', weekly_time: '19:00', weekly_telegram: false, day_start: '03:00' })
    expect((await t.request('GET', `${BASE}/settings`, { token: alice.token })).body.data.day_start).toBe('03:00')
    expect((await t.request('GET', `${BASE}/settings`, { token: bob.token })).body.data.day_start).toBe('00:00')
  })

  test('422 for malformed times and a day start after 06:00', async () => {
    const r = await t.request('PUT', `${BASE}/settings`, { token: alice.token, body: { your_day_time: '7:00', check_in_time: '24:00', day_start: '06:01' } })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({
      your_day_time: ['The your day time field must be a time in the format HH:MM.'],
      check_in_time: ['The check in time field must be a time in the format HH:MM.'],
      day_start: ['The day start field must be between 00:00 and 06:00.'],
    })
    expect((await t.request('PUT', `${BASE}/settings`, { token: alice.token, body: { day_start: '06:00' } })).status).toBe(200)
  })
})

describe('channels', () => {
  test('create each type; secrets are sealed and never listed; the webhook secret is shown once', async () => {
    const mail = await t.request('POST', `${BASE}/channels`, { token: alice.token, body: { type: 'email', check_in: false } })
    expect(mail.status).toBe(200)
    expect(mail.body.data).toMatchObject({ type: 'email', url: null, your_day: true, check_in: false, enabled: true, disabled_reason: null })
    const ntfy = await t.request('POST', `${BASE}/channels`, { token: alice.token, body: { type: 'ntfy', url: 'http://127.0.0.1:9/topic', token: 'tk_secret', priority: 4, tags: ['sun'] } })
    expect(ntfy.body.data).toMatchObject({ type: 'ntfy', url: 'http://127.0.0.1:9/topic', has_token: true, priority: 4, tags: ['sun'] })
    expect(JSON.stringify(ntfy.body)).not.toContain('tk_secret')
    const hook = await t.request('POST', `${BASE}/channels`, { token: alice.token, body: { type: 'webhook', url: 'http://127.0.0.1:9/hook' } })
    expect(hook.body.data.secret).toMatch(/^[0-9a-f]{64}$/)
    const row = t.deps.db.select().from(notificationChannels).where(eq(notificationChannels.id, hook.body.data.id)).get()!
    expect(row.secretCipher).not.toContain(hook.body.data.secret)
    expect(decryptSecret(t.deps.appKey, row.secretCipher!)).toBe(hook.body.data.secret)
    const list = await t.request('GET', `${BASE}/channels`, { token: alice.token })
    expect(list.body.data.map((c: any) => c.type)).toEqual(['email', 'ntfy', 'webhook'])
    expect(JSON.stringify(list.body)).not.toContain(hook.body.data.secret)
    expect((await t.request('GET', `${BASE}/channels`, { token: bob.token })).body.data).toEqual([])
  })

  test('422s: type, url required and http(s), ntfy topic, priority, tags, ntfy-only fields', async () => {
    const post = (body: unknown) => t.request('POST', `${BASE}/channels`, { token: alice.token, body })
    expect((await post({})).body.errors).toEqual({ type: ['The type field is required.'] })
    expect((await post({ type: 'sms' })).body.errors).toEqual({ type: ['The selected type is invalid.'] })
    expect((await post({ type: 'webhook' })).body.errors).toEqual({ url: ['The url field is required when type is webhook.'] })
    expect((await post({ type: 'ntfy', url: 'ftp://x.example/t' })).body.errors).toEqual({ url: ['The url field must be a valid URL.'] })
    expect((await post({ type: 'ntfy', url: 'http://127.0.0.1:9/' })).body.errors.url).toEqual(['The url field must be an ntfy topic URL, such as https://ntfy.sh/my-topic.'])
    expect((await post({ type: 'ntfy', url: 'http://127.0.0.1:9/t', priority: 6 })).body.errors).toEqual({ priority: ['The priority field must be between 1 and 5.'] })
    expect((await post({ type: 'ntfy', url: 'http://127.0.0.1:9/t', tags: 'x' })).body.errors).toEqual({ tags: ['The tags field must be an array.'] })
    expect((await post({ type: 'webhook', url: 'http://127.0.0.1:9/h', token: 'x' })).body.errors).toEqual({ token: ['The token field is only for ntfy channels.'] })
    expect((await post({ type: 'email', your_day: 'yes' })).body.errors).toEqual({ your_day: ['The your day field must be true or false.'] })
    expect((await post({ type: 'email', your_day: 'yes' })).status).toBe(422)
  })

  test('update chooses the alerts; delete removes; another user\'s channel is 404 on every endpoint', async () => {
    const id = (await t.request('POST', `${BASE}/channels`, { token: alice.token, body: { type: 'email' } })).body.data.id
    const u = await t.request('PUT', `${BASE}/channels/${id}`, { token: alice.token, body: { your_day: false } })
    expect(u.body.data).toMatchObject({ your_day: false, check_in: true })
    expect((await t.request('PUT', `${BASE}/channels/${id}`, { token: alice.token, body: { check_in: 1 } })).status).toBe(422)
    for (const [method, path, body] of [['PUT', `/channels/${id}`, { your_day: true }], ['DELETE', `/channels/${id}`, undefined], ['POST', `/channels/${id}/test`, undefined]] as const) {
      const r = await t.request(method, `${BASE}${path}`, { token: bob.token, body })
      expect(r.status).toBe(404)
      expect(r.body.code).toBe('not_found')
    }
    expect((await t.request('DELETE', `${BASE}/channels/${id}`, { token: alice.token })).status).toBe(200)
    expect((await t.request('DELETE', `${BASE}/channels/${id}`, { token: alice.token })).status).toBe(404)
  })

  test('401 without a token on every endpoint', async () => {
    for (const [method, path] of [['GET', '/settings'], ['PUT', '/settings'], ['GET', '/channels'], ['POST', '/channels'], ['PUT', '/channels/1'], ['DELETE', '/channels/1'], ['POST', '/channels/1/test']] as const) {
      expect((await t.request(method, `${BASE}${path}`, { body: method === 'GET' || method === 'DELETE' ? undefined : {} })).status).toBe(401)
    }
  })
})

describe('outgoing-request guard', () => {
  test('private and loopback URLs are refused unless NOTIFY_ALLOW_PRIVATE=true', async () => {
    const strict = createTestApp()
    try {
      const user = await createUser(strict)
      for (const url of ['http://127.0.0.1:8080/topic', 'http://10.1.2.3/topic', 'http://[::1]/topic', 'http://192.168.1.5/hook']) {
        const r = await strict.request('POST', `${BASE}/channels`, { token: user.token, body: { type: url.endsWith('hook') ? 'webhook' : 'ntfy', url } })
        expect(r.status).toBe(422)
        expect(r.body.errors.url).toEqual(["The url field leads to a private or local network address, which the server's admin must allow for notifications first."])
      }
      // A channel saved while allowed (or whose name now resolves privately) is refused when sending: stopped, with the reason.
      const now = strict.clock.now()
      const id = strict.deps.db.insert(notificationChannels).values({ userId: user.id, type: 'ntfy', url: 'http://127.0.0.1:9/topic', yourDay: true, checkIn: true, createdAt: now, updatedAt: now }).returning().get().id
      const test1 = await strict.request('POST', `${BASE}/channels/${id}/test`, { token: user.token })
      expect(test1.body.data).toEqual({
        delivered: false, email_delivery: null,
        error: "127.0.0.1 resolves to a refused address: private and local addresses need the server's admin to allow them for notifications",
      })
    } finally { strict.close() }
    const allowed = await t.request('POST', `${BASE}/channels`, { token: alice.token, body: { type: 'ntfy', url: 'http://127.0.0.1:8080/topic' } })
    expect(allowed.status).toBe(200)
  })
})
