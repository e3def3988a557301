/**
 * docs/api/notifications.md §4: one channel per target and user (a 409 in words when adding or moving one onto a
 * target the user already has), a private address refused in words the user can act on, and the e-mail channel's
 * test saying where the mail went.
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { createTestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { useTestApp } from '../helpers/use-test-app'
import { notificationChannels } from '../../src/features/notifications/schema'

const BASE = '/api/v1/notifications'
// Loopback targets need private addresses allowed; nothing is sent to them here.
const t = useTestApp({ NOTIFY_ALLOW_PRIVATE: 'true' })

const add = (user: TestUser, body: Record<string, unknown>) => t.request('POST', `${BASE}/channels`, { token: user.token, body })
const change = (user: TestUser, id: number, body: Record<string, unknown>) => t.request('PUT', `${BASE}/channels/${id}`, { token: user.token, body })
const listOf = async (user: TestUser) => (await t.request('GET', `${BASE}/channels`, { token: user.token })).body.data as { id: number; type: string; url: string | null }[]

const conflict = (message: string) => ({ success: false, code: 'conflict', message, timestamp: expect.any(String) })
const EMAIL_TWICE = conflict("You already have an e-mail channel; it goes to your account's address.")
const TOPIC_TWICE = conflict('You already have a channel for this ntfy topic.')
const WEBHOOK_TWICE = conflict('You already have a channel for this webhook URL.')
const PRIVATE = "The url field leads to a private or local network address, which the server's admin must allow for notifications first."

describe('the same target twice', () => {
  test('a second e-mail channel is a 409: both would write to the account\'s one address', async () => {
    const alice = await createUser(t, { email: 'Alice@Example.com' })
    expect((await add(alice, { type: 'email' })).status).toBe(200)
    const again = await add(alice, { type: 'email', your_day: false })
    expect(again.status).toBe(409)
    expect(again.body).toEqual(EMAIL_TWICE)
    expect((await listOf(alice)).map((c) => c.type)).toEqual(['email'])
  })

  test('an ntfy topic is the same whatever the spelling of its server, port or trailing slash; another topic is not', async () => {
    const alice = await createUser(t)
    const first = await add(alice, { type: 'ntfy', url: 'http://127.0.0.1:80/family' })
    expect(first.status).toBe(200)
    for (const url of ['http://127.0.0.1/family', 'http://127.0.0.1/family/', 'http://127.0.0.1/family?x=1', 'http://127.0.0.1/family#top']) {
      const r = await add(alice, { type: 'ntfy', url })
      expect(r.status, url).toBe(409)
      expect(r.body).toEqual(TOPIC_TWICE)
    }
    expect((await add(alice, { type: 'ntfy', url: 'http://[0:0:0:0:0:0:0:1]:8080/alerts' })).status).toBe(200)
    expect((await add(alice, { type: 'ntfy', url: 'http://[::1]:8080/alerts/' })).body).toEqual(TOPIC_TWICE)
    // Topics are case-sensitive on ntfy, and another server is another target.
    expect((await add(alice, { type: 'ntfy', url: 'http://127.0.0.1/Family' })).status).toBe(200)
    expect((await add(alice, { type: 'ntfy', url: 'http://127.0.0.1:8080/family' })).status).toBe(200)
    expect((await listOf(alice)).map((c) => c.url)).toEqual([
      'http://127.0.0.1:80/family', 'http://[0:0:0:0:0:0:0:1]:8080/alerts', 'http://127.0.0.1/Family', 'http://127.0.0.1:8080/family',
    ])
  })

  test('a webhook URL is the same up to its fragment; another path or query is another receiver', async () => {
    const alice = await createUser(t)
    expect((await add(alice, { type: 'webhook', url: 'http://127.0.0.1:9/hook?to=me' })).status).toBe(200)
    expect((await add(alice, { type: 'webhook', url: 'http://127.0.0.1:9/hook?to=me#x' })).body).toEqual(WEBHOOK_TWICE)
    expect((await add(alice, { type: 'webhook', url: 'http://127.0.0.1:9/hook/?to=me' })).status).toBe(200)
    expect((await add(alice, { type: 'webhook', url: 'http://127.0.0.1:9/hook?to=you' })).status).toBe(200)
    // An ntfy channel to the same URL is a different kind of target.
    expect((await add(alice, { type: 'ntfy', url: 'http://127.0.0.1:9/hook' })).status).toBe(200)
  })

  test('another user\'s identical targets do not conflict', async () => {
    const alice = await createUser(t)
    const bob = await createUser(t)
    for (const body of [{ type: 'email' }, { type: 'ntfy', url: 'http://127.0.0.1:9/shared' }, { type: 'webhook', url: 'http://127.0.0.1:9/shared' }]) {
      expect((await add(alice, body)).status).toBe(200)
      expect((await add(bob, body)).status).toBe(200)
    }
    expect(await listOf(bob)).toHaveLength(3)
  })

  test('moving a channel onto a target the user has is a 409 and changes nothing; onto its own or a new one works', async () => {
    const alice = await createUser(t)
    const bob = await createUser(t)
    const one = (await add(alice, { type: 'ntfy', url: 'http://127.0.0.1:9/one' })).body.data
    const two = (await add(alice, { type: 'ntfy', url: 'http://127.0.0.1:9/two' })).body.data
    const bobs = (await add(bob, { type: 'ntfy', url: 'http://127.0.0.1:9/three' })).body.data

    const onto = await change(alice, two.id, { url: 'http://127.0.0.1:9/one/', your_day: false })
    expect(onto.status).toBe(409)
    expect(onto.body).toEqual(TOPIC_TWICE)
    expect((await listOf(alice)).find((c) => c.id === two.id)).toMatchObject({ url: 'http://127.0.0.1:9/two', your_day: true })

    expect((await change(alice, one.id, { url: 'http://127.0.0.1:9/one/' })).body.data.url).toBe('http://127.0.0.1:9/one/')
    const moved = await change(alice, two.id, { url: 'http://127.0.0.1:9/three' })
    expect(moved.status).toBe(200)
    expect(moved.body.data).toMatchObject({ id: two.id, url: 'http://127.0.0.1:9/three', enabled: true })
    // Bob's channel is his own: Alice's move neither conflicts with it nor touches it; his is a 404 to her.
    expect((await listOf(bob))[0]).toMatchObject({ id: bobs.id, url: 'http://127.0.0.1:9/three' })
    expect((await change(alice, bobs.id, { url: 'http://127.0.0.1:9/four' })).status).toBe(404)
  })

  test('channels that were twice before the rule still take alert choices (only a new URL is compared)', async () => {
    const alice = await createUser(t)
    const now = t.clock.now()
    const row = { userId: alice.id, type: 'email' as const, yourDay: true, checkIn: true, createdAt: now, updatedAt: now }
    const [a] = t.deps.db.insert(notificationChannels).values([row, row]).returning().all()
    const r = await change(alice, a!.id, { check_in: false })
    expect(r.status).toBe(200)
    expect(r.body.data.check_in).toBe(false)
  })

  test('update validation: the URL of an e-mail channel, a malformed URL, an ntfy URL without a topic; 401 without a token', async () => {
    const alice = await createUser(t)
    const mail = (await add(alice, { type: 'email' })).body.data
    const topic = (await add(alice, { type: 'ntfy', url: 'http://127.0.0.1:9/topic' })).body.data
    expect((await change(alice, mail.id, { url: 'http://127.0.0.1:9/x' })).body.errors).toEqual({ url: ['The url field is prohibited for e-mail channels.'] })
    expect((await change(alice, topic.id, { url: 'ftp://127.0.0.1/t' })).body.errors).toEqual({ url: ['The url field must be a valid URL.'] })
    const noTopic = await change(alice, topic.id, { url: 'http://127.0.0.1:9/' })
    expect(noTopic.status).toBe(422)
    expect(noTopic.body.errors).toEqual({ url: ['The url field must be an ntfy topic URL, such as https://ntfy.sh/my-topic.'] })
    expect((await t.request('PUT', `${BASE}/channels/${topic.id}`, { body: { url: 'http://127.0.0.1:9/new' } })).status).toBe(401)
    expect((await listOf(alice)).find((c) => c.id === topic.id)!.url).toBe('http://127.0.0.1:9/topic')
  })
})

describe('a private address without NOTIFY_ALLOW_PRIVATE', () => {
  test('is refused in words that say who can allow it, when adding and when moving a channel', async () => {
    const strict = createTestApp()
    try {
      const user = await createUser(strict)
      for (const [type, url] of [['ntfy', 'http://192.168.1.20/family'], ['webhook', 'http://10.0.0.7/hook'], ['ntfy', 'http://[fd00::1]/t']]) {
        const r = await strict.request('POST', `${BASE}/channels`, { token: user.token, body: { type, url } })
        expect(r.status).toBe(422)
        expect(r.body.errors).toEqual({ url: [PRIVATE] })
        expect(JSON.stringify(r.body)).not.toContain('NOTIFY_ALLOW_PRIVATE')
      }
      // A channel saved while private addresses were allowed, moved to another private one.
      const now = strict.clock.now()
      const id = strict.deps.db.insert(notificationChannels).values({ userId: user.id, type: 'ntfy', url: 'http://192.168.1.20/family', yourDay: true, checkIn: true, createdAt: now, updatedAt: now }).returning().get().id
      const moved = await strict.request('PUT', `${BASE}/channels/${id}`, { token: user.token, body: { url: 'http://192.168.1.21/family' } })
      expect(moved.status).toBe(422)
      expect(moved.body.errors).toEqual({ url: [PRIVATE] })
    } finally {
      strict.close()
    }
  })
})

describe('the test of an e-mail channel', () => {
  test('without a mail server it says the mail was written to the outbox', async () => {
    const alice = await createUser(t, { email: 'alice@example.com' })
    const mail = (await add(alice, { type: 'email' })).body.data
    const r = await t.request('POST', `${BASE}/channels/${mail.id}/test`, { token: alice.token })
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual({ delivered: true, error: null, email_delivery: 'outbox' })
    const outbox = join(t.dataDir, 'outbox')
    expect(existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : []).toHaveLength(1)
    // The instance says the same, for pages that want to know before the test.
    expect((await t.request('GET', '/api/v1/instance')).body.data.email_delivery).toBe('outbox')
  })
})
