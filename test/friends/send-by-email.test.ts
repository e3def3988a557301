/**
 * docs/api/friends.md §2.3, the e-mail form: a request by exact address (any case), one answer whatever the address
 * is (nobody's, one's own, a friend's, one with a request either way, an unverified one), exactly one of `email` and
 * `receiver_id`, and 20 a sender an hour (docs/api/conventions.md §11.1) while the id form stays as it was.
 */
import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createTestApp, type TestApp, type TestResponse } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { expectInvalid, expectUnauthenticated } from '../helpers/expect'
import { befriend, expectError, requestsOf, sendRequest } from './helpers'

const t = useTestApp()
let alice: TestUser
let bob: TestUser
beforeEach(async () => {
  alice = await createUser(t, { name: 'Alice', email: 'alice@family.test' })
  bob = await createUser(t, { name: 'Bob', email: 'Bob.Builder@Family.test' })
})

const send = (from: TestUser, body: unknown, app: TestApp = t) => app.request('POST', '/api/v1/friends/requests', { token: from.token, body })
const ANSWER = 'If this address belongs to someone here, they have a request from you.'

/** What a client can tell apart: the status, the whole body and the header names (the test clock stands still). */
function observable(r: TestResponse) {
  const names = Object.keys(r.headers.toJSON()).filter((name) => name !== 'x-request-id').sort()
  return { status: r.status, body: r.body, names }
}

/** Every request both users can see, as [id, sender, receiver, status]. */
async function allRequests(...people: TestUser[]) {
  const rows = (await Promise.all(people.map((p) => requestsOf(t, p)))).flat()
  return [...new Map(rows.map((r) => [r.id, [r.id, r.sender_id, r.receiver_id, r.status]])).values()].sort()
}

describe('POST /v1/friends/requests with email', () => {
  test('asks the user with that address, in any case and with spaces around it; the receiver sees it', async () => {
    const r = await send(alice, { email: '  bob.builder@FAMILY.TEST ' })
    expect(r.status).toBe(202)
    expect(r.body).toEqual({ success: true, message: ANSWER, data: null, timestamp: '2026-06-24T10:00:00.000Z' })
    expect(r.headers.get('x-ratelimit-limit')).toBe('20')
    expect(r.headers.get('x-ratelimit-remaining')).toBe('19')

    const [received] = await requestsOf(t, bob)
    expect(received).toMatchObject({ status: 'pending', direction: 'received', sender_id: alice.id, receiver_id: bob.id, user: { id: alice.id, name: 'Alice' } })
    // Bob accepts it like any request.
    const accepted = await t.request('PUT', `/api/v1/friends/requests/${received.id}/accept`, { token: bob.token })
    expect(accepted.status).toBe(200)
    expect(accepted.body.data.name).toBe('Alice')
  })

  test('the sender\'s list shows an e-mail request only once accepted: asking an address that is someone\'s looks like asking one that is not', async () => {
    const carol = await createUser(t, { name: 'Carol', email: 'carol@family.test' })
    await send(alice, { email: 'bob.builder@family.test' })
    await send(alice, { email: 'carol@family.test' })
    await send(alice, { email: 'nobody@family.test' })
    expect(await requestsOf(t, alice)).toEqual([])
    const [fromAlice] = await requestsOf(t, carol)
    expect((await t.request('PUT', `/api/v1/friends/requests/${fromAlice.id}/reject`, { token: carol.token })).status).toBe(200)
    expect(await requestsOf(t, alice)).toEqual([])
    const [toBob] = await requestsOf(t, bob)
    expect((await t.request('PUT', `/api/v1/friends/requests/${toBob.id}/accept`, { token: bob.token })).status).toBe(200)
    expect((await requestsOf(t, alice)).map((r) => [r.direction, r.status, r.user.name])).toEqual([['sent', 'accepted', 'Bob']])
  })

  test('the same answer for an address that is nobody’s, one’s own, a friend’s, or one with a request either way, and nothing changes', async () => {
    const carol = await createUser(t, { name: 'Carol', email: 'carol@family.test' })
    const dave = await createUser(t, { name: 'Dave', email: 'dave@family.test' })
    const erin = await createUser(t, { name: 'Erin', email: 'erin@family.test' })
    await befriend(t, alice, carol)
    await sendRequest(t, alice, dave)
    await sendRequest(t, erin, alice)
    const made = observable(await send(alice, { email: 'bob.builder@family.test' }))
    expect(made.status).toBe(202)
    const before = await allRequests(alice, carol, dave, erin)

    for (const email of ['nobody@family.test', 'ALICE@family.test', 'carol@family.test', 'dave@family.test', 'erin@family.test']) {
      expect({ email, ...observable(await send(alice, { email })) }).toEqual({ email, ...made })
    }
    // No request was added, answered or withdrawn by them; Alice is still friends with Carol only.
    expect(await allRequests(alice, carol, dave, erin)).toEqual(before)
    expect((await t.request('GET', '/api/v1/friends', { token: alice.token })).body.data.map((f: { name: string }) => f.name)).toEqual(['Carol'])
  })

  test('with verification on, an unverified address is nobody’s yet: the same answer, no request', async () => {
    const app = createTestApp({ EMAIL_VERIFICATION: 'true' })
    try {
      const ann = await createUser(app, { name: 'Ann', email: 'ann@family.test' })
      const unproven = await createUser(app, { name: 'Unproven', email: 'unproven@family.test', verified: false })
      const proven = await createUser(app, { name: 'Proven', email: 'proven@family.test' })
      const unverified = await send(ann, { email: 'unproven@family.test' }, app)
      const verified = await send(ann, { email: 'proven@family.test' }, app)
      expect(observable(unverified)).toEqual(observable(verified))
      // Only the verified one was asked: what each of them receives (Ann's own list shows neither until accepted).
      for (const [person, count] of [[proven, 1], [unproven, 0]] as const) {
        expect((await app.request('GET', '/api/v1/friends/requests', { token: person.token })).body.data).toHaveLength(count)
      }
    } finally {
      app.close()
    }
  })

  test('exactly one of email and receiver_id: both or neither is a 422 that says so', async () => {
    for (const body of [{}, { email: '   ' }, { email: null, receiver_id: null }, { receiver_id: '' }]) {
      expectInvalid(await send(alice, body), {
        receiver_id: 'The receiver id field is required when email is not present.',
        email: 'The email field is required when receiver id is not present.',
      })
    }
    expectInvalid(await send(alice, { email: 'bob.builder@family.test', receiver_id: bob.id }), {
      receiver_id: 'The receiver id field is prohibited when email is present.',
      email: 'The email field is prohibited when receiver id is present.',
    })
    expectInvalid(await send(alice, { email: 'bob at home' }), { email: 'The email field must be a valid email address.' })
    expectInvalid(await send(alice, { email: 42 }), { email: 'The email field must be a string.' })
    expect(await requestsOf(t, bob)).toEqual([])
  })

  test('401 without a valid token, before anything is looked up or counted', async () => {
    for (const token of [undefined, '1|' + 'x'.repeat(40)]) {
      expectUnauthenticated(await t.request('POST', '/api/v1/friends/requests', { token, body: { email: 'bob.builder@family.test' } }))
    }
    expect(await requestsOf(t, bob)).toEqual([])
    expect((await send(alice, { email: 'nobody@family.test' })).headers.get('x-ratelimit-remaining')).toBe('19')
  })

  test('20 addresses a sender an hour, bad ones included; the 21st is a 429 that looks nothing up', async () => {
    expectInvalid(await send(alice, { email: 'not an address' }), { email: 'The email field must be a valid email address.' })
    for (let i = 2; i <= 20; i++) {
      const r = await send(alice, { email: `guess${i}@family.test` })
      expect({ i, status: r.status, remaining: r.headers.get('x-ratelimit-remaining') }).toEqual({ i, status: 202, remaining: String(20 - i) })
    }
    const refused = await send(alice, { email: 'bob.builder@family.test' })
    expectError(refused, 429, 'rate_limited', 'Too many requests. Please slow down.')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(await requestsOf(t, bob)).toEqual([])

    // The id form is not limited, and another sender has a bucket of their own.
    const byId = await send(alice, { receiver_id: bob.id })
    expect(byId.status).toBe(200)
    expect(byId.headers.get('x-ratelimit-limit')).toBeNull()
    const carol = await createUser(t, { name: 'Carol' })
    expect((await send(carol, { email: 'bob.builder@family.test' })).status).toBe(202)
    expect((await requestsOf(t, bob)).map((r) => r.sender_id).sort()).toEqual([alice.id, carol.id].sort())
  })

  test('the receiver_id form answers as before: 200 with the request, its own messages and 409s', async () => {
    const r = await send(alice, { receiver_id: bob.id })
    expect(r.status).toBe(200)
    expect(r.body.message).toBe('Friend request sent successfully.')
    expect(r.body.data).toMatchObject({ status: 'pending', direction: 'sent', receiver_id: bob.id, user: { id: bob.id, name: 'Bob' } })
    expectError(await send(alice, { receiver_id: bob.id }), 409, 'conflict', 'You have already sent a friend request to this user.')
    expectInvalid(await send(alice, { receiver_id: alice.id }), { receiver_id: 'You cannot send a friend request to yourself.' })
  })
})
