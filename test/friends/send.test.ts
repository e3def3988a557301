import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { answer, befriend, expectError, requestsOf, sendRequest } from './helpers'

const t = useTestApp()
let alice: TestUser
let bob: TestUser
beforeEach(async () => {
  alice = await createUser(t, { name: 'Alice' })
  bob = await createUser(t, { name: 'Bob' })
})

const send = (from: TestUser, body: unknown) => t.request('POST', '/api/v1/friends/requests', { token: from.token, body })

describe('POST /v1/friends/requests', () => {
  test('creates a pending request with the receiver as `user`', async () => {
    const r = await send(alice, { receiver_id: `  ${bob.id}  ` })
    expect(r.status).toBe(200)
    expect(r.body.message).toBe('Friend request sent successfully.')
    expect(r.body.data).toEqual({
      id: expect.any(Number), status: 'pending', direction: 'sent', sender_id: alice.id, receiver_id: bob.id,
      user: { id: bob.id, name: 'Bob', profile_image_path: null, profile_image_url: null },
      created_at: '2026-06-24T10:00:00.000Z', updated_at: '2026-06-24T10:00:00.000Z',
    })
  })

  test('accepts the receiver id in upper case', async () => {
    const r = await send(alice, { receiver_id: bob.id.toUpperCase() })
    expect(r.status).toBe(200)
    expect(r.body.data.receiver_id).toBe(bob.id)
  })

  test('422 messages: type, unknown user, self (no receiver at all: send-by-email.test.ts)', async () => {
    const cases: [unknown, string][] = [
      [{ receiver_id: 42 }, 'The receiver id field must be a string.'],
      [{ receiver_id: 'not-a-uuid' }, 'The selected receiver id is invalid.'],
      [{ receiver_id: '0197a1b2-9a00-7c44-8d55-2e3f4a5b6c7d' }, 'The selected receiver id is invalid.'],
      [{ receiver_id: alice.id }, 'You cannot send a friend request to yourself.'],
    ]
    for (const [body, message] of cases) {
      const r = await send(alice, body)
      expectError(r, 422, 'validation_failed', 'The given data was invalid.')
      expect(r.body.errors).toEqual({ receiver_id: [message] })
    }
    expect(await requestsOf(t, alice)).toEqual([])
  })

  test('409 when a pending request exists in either direction', async () => {
    await sendRequest(t, alice, bob)
    expectError(await send(alice, { receiver_id: bob.id }), 409, 'conflict', 'You have already sent a friend request to this user.')
    expectError(await send(bob, { receiver_id: alice.id }), 409, 'conflict', 'This user has already sent you a friend request. Accept it instead.')
    expect(await requestsOf(t, alice)).toHaveLength(1)
  })

  test('409 when already friends, in both directions', async () => {
    await befriend(t, alice, bob)
    expectError(await send(alice, { receiver_id: bob.id }), 409, 'conflict', 'You are already friends with this user.')
    expectError(await send(bob, { receiver_id: alice.id }), 409, 'conflict', 'You are already friends with this user.')
  })

  test('concurrent requests between the same pair create one pending request, never a 500', async () => {
    const [ab, ba, ab2] = await Promise.all([
      send(alice, { receiver_id: bob.id }),
      send(bob, { receiver_id: alice.id }),
      send(alice, { receiver_id: bob.id }),
    ])
    expect([ab, ba, ab2].map((r) => r.status).sort()).toEqual([200, 409, 409])
    for (const r of [ab, ba, ab2]) if (r.status === 409) expect(r.body.code).toBe('conflict')
    expect(await requestsOf(t, alice)).toHaveLength(1)
  })

  test('a rejected sender may ask again at once; the earlier answer is deleted', async () => {
    const first = await sendRequest(t, alice, bob)
    expect((await answer(t, bob, first, 'reject')).status).toBe(200)
    const second = await sendRequest(t, alice, bob)
    expect(second).not.toBe(first)
    const list = await requestsOf(t, bob)
    expect(list.map((r) => [r.id, r.status])).toEqual([[second, 'pending']])
  })

  test('the rejected side may also ask in the other direction', async () => {
    const first = await sendRequest(t, alice, bob)
    await answer(t, bob, first, 'reject')
    const r = await send(bob, { receiver_id: alice.id })
    expect(r.status).toBe(200)
    expect((await requestsOf(t, alice)).map((x) => [x.id, x.direction])).toEqual([[r.body.data.id, 'received']])
  })

  test('requests of other pairs are untouched', async () => {
    const carol = await createUser(t, { name: 'Carol' })
    const ac = await sendRequest(t, alice, carol)
    await answer(t, carol, ac, 'reject')
    const ab = await sendRequest(t, alice, bob)
    await answer(t, bob, ab, 'reject')
    await sendRequest(t, alice, bob)
    expect((await requestsOf(t, carol)).map((x) => [x.id, x.status])).toEqual([[ac, 'rejected']])
  })

  test('body errors: malformed JSON 400 and wrong content type 415 after authentication', async () => {
    const bad = await t.request('POST', '/api/v1/friends/requests', { token: alice.token, body: '{nope', headers: { 'content-type': 'application/json' } })
    expectError(bad, 400, 'malformed_json')
    const type = await t.request('POST', '/api/v1/friends/requests', { token: alice.token, body: 'x=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expectError(type, 415, 'unsupported_media_type')
    const anon = await t.request('POST', '/api/v1/friends/requests', { body: '{nope', headers: { 'content-type': 'application/json' } })
    expectError(anon, 401, 'unauthenticated')
  })
})
