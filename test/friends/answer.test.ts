import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { MINUTE } from '../../src/lib/clock'
import { friendships } from '../../src/features/friends/schema'
import { answer, expectError, friendIds, requestsOf, sendRequest } from './helpers'

const t = useTestApp()
let alice: TestUser
let bob: TestUser
let carol: TestUser
beforeEach(async () => {
  alice = await createUser(t, { name: 'Alice' })
  bob = await createUser(t, { name: 'Bob' })
  carol = await createUser(t, { name: 'Carol' })
})

const ANSWERED = 'This friend request has already been answered.'
const RECEIVER_ONLY = 'Only the receiver can accept or reject this friend request.'
const cancel = (user: TestUser, id: number | string) => t.request('DELETE', `/api/v1/friends/requests/${id}`, { token: user.token })

describe('PUT /v1/friends/requests/{friendRequest}/accept', () => {
  test('the receiver accepts: the sender comes back as a friend and both sides see the friendship', async () => {
    const id = await sendRequest(t, alice, bob)
    t.clock.advance(5 * MINUTE)
    const r = await answer(t, bob, id, 'accept')
    expect(r.status).toBe(200)
    expect(r.body.message).toBe('Friend request accepted successfully.')
    expect(r.body.data).toEqual({
      id: alice.id, user_id: alice.id, name: 'Alice', profile_image_path: null, profile_image_url: null,
      friends_since: '2026-06-24T10:05:00.000Z',
    })
    expect(await friendIds(t, alice)).toEqual([bob.id])
    expect(await friendIds(t, bob)).toEqual([alice.id])
    const [seen] = await requestsOf(t, alice)
    expect(seen).toMatchObject({ id, status: 'accepted', direction: 'sent', created_at: '2026-06-24T10:00:00.000Z', updated_at: '2026-06-24T10:05:00.000Z' })
  })

  test('the sender gets 403, anyone else 404, unknown ids 404', async () => {
    const id = await sendRequest(t, alice, bob)
    expectError(await answer(t, alice, id, 'accept'), 403, 'forbidden', RECEIVER_ONLY)
    expectError(await answer(t, carol, id, 'accept'), 404, 'not_found', 'The requested resource was not found.')
    expectError(await answer(t, bob, id + 1000, 'accept'), 404, 'not_found')
    expect(await friendIds(t, bob)).toEqual([])
    expect((await requestsOf(t, bob))[0].status).toBe('pending')
  })

  test('an answered request cannot be accepted again (409)', async () => {
    const accepted = await sendRequest(t, alice, bob)
    await answer(t, bob, accepted, 'accept')
    expectError(await answer(t, bob, accepted, 'accept'), 409, 'conflict', ANSWERED)
    const rejected = await sendRequest(t, carol, bob)
    await answer(t, bob, rejected, 'reject')
    expectError(await answer(t, bob, rejected, 'accept'), 409, 'conflict', ANSWERED)
    expect(await friendIds(t, bob)).toEqual([alice.id])
  })

  test('a concurrent double accept creates exactly one friendship; the other answer is 409', async () => {
    const id = await sendRequest(t, alice, bob)
    const results = await Promise.all([answer(t, bob, id, 'accept'), answer(t, bob, id, 'accept')])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    expect(results.find((r) => r.status === 409)!.body.message).toBe(ANSWERED)
    expect(t.deps.db.select().from(friendships).all()).toHaveLength(1)
    expect(await friendIds(t, alice)).toEqual([bob.id])
  })

  test('concurrent accept and reject: exactly one wins', async () => {
    const id = await sendRequest(t, alice, bob)
    const [acc, rej] = await Promise.all([answer(t, bob, id, 'accept'), answer(t, bob, id, 'reject')])
    expect([acc.status, rej.status].sort()).toEqual([200, 409])
    const status = (await requestsOf(t, bob))[0].status
    expect(status).toBe(acc.status === 200 ? 'accepted' : 'rejected')
    expect(await friendIds(t, bob)).toEqual(acc.status === 200 ? [alice.id] : [])
  })
})

describe('PUT /v1/friends/requests/{friendRequest}/reject', () => {
  test('the receiver rejects: no friendship, the request shows as rejected', async () => {
    const id = await sendRequest(t, alice, bob)
    t.clock.advance(MINUTE)
    const r = await answer(t, bob, id, 'reject')
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ success: true, message: 'Friend request rejected successfully.', data: null, timestamp: '2026-06-24T10:01:00.000Z' })
    expect(await friendIds(t, alice)).toEqual([])
    expect(await friendIds(t, bob)).toEqual([])
    expect((await requestsOf(t, alice))[0]).toMatchObject({ id, status: 'rejected', direction: 'sent', updated_at: '2026-06-24T10:01:00.000Z' })
  })

  test('403 for the sender, 404 for others, 409 once answered', async () => {
    const id = await sendRequest(t, alice, bob)
    expectError(await answer(t, alice, id, 'reject'), 403, 'forbidden', RECEIVER_ONLY)
    expectError(await answer(t, carol, id, 'reject'), 404, 'not_found')
    await answer(t, bob, id, 'reject')
    expectError(await answer(t, bob, id, 'reject'), 409, 'conflict', ANSWERED)
    // 403 comes before 409: the sender of an answered request is still told it is not theirs to answer.
    expectError(await answer(t, alice, id, 'reject'), 403, 'forbidden', RECEIVER_ONLY)
  })
})

describe('DELETE /v1/friends/requests/{friendRequest}', () => {
  test('the sender cancels a pending request; it disappears for both', async () => {
    const id = await sendRequest(t, alice, bob)
    const r = await cancel(alice, id)
    expect(r.status).toBe(200)
    expect(r.body.message).toBe('Friend request cancelled successfully.')
    expect(r.body.data).toBeNull()
    expect(await requestsOf(t, alice)).toEqual([])
    expect(await requestsOf(t, bob)).toEqual([])
    expectError(await cancel(alice, id), 404, 'not_found')
    // The pair is free again.
    await sendRequest(t, bob, alice)
  })

  test('the receiver gets 403, others 404', async () => {
    const id = await sendRequest(t, alice, bob)
    expectError(await cancel(bob, id), 403, 'forbidden', 'Only the sender can cancel this friend request.')
    expectError(await cancel(carol, id), 404, 'not_found')
    expect(await requestsOf(t, alice)).toHaveLength(1)
  })

  test('answered requests cannot be cancelled (409)', async () => {
    const accepted = await sendRequest(t, alice, bob)
    await answer(t, bob, accepted, 'accept')
    expectError(await cancel(alice, accepted), 409, 'conflict', ANSWERED)
    const rejected = await sendRequest(t, alice, carol)
    await answer(t, carol, rejected, 'reject')
    expectError(await cancel(alice, rejected), 409, 'conflict', ANSWERED)
    expect(await friendIds(t, alice)).toEqual([bob.id])
  })
})
