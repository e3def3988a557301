import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { MINUTE } from '../../src/lib/clock'
import { answer, requestsOf, sendRequest } from './helpers'

const t = useTestApp()
let alice: TestUser
let bob: TestUser
let carol: TestUser
beforeEach(async () => {
  alice = await createUser(t, { name: 'Alice' })
  bob = await createUser(t, { name: 'Bob' })
  carol = await createUser(t, { name: 'Carol' })
})

describe('GET /v1/friends/requests', () => {
  test('both directions, the other party as `user`, newest first then id descending', async () => {
    const toBob = await sendRequest(t, alice, bob)
    t.clock.advance(MINUTE)
    const fromCarol = await sendRequest(t, carol, alice)
    const dave = await createUser(t, { name: 'Dave' })
    const toDave = await sendRequest(t, alice, dave) // same created_at as fromCarol: higher id first

    const r = await t.request('GET', '/api/v1/friends/requests', { token: alice.token })
    expect(r.status).toBe(200)
    expect(r.body.message).toBe('Friend requests retrieved successfully.')
    expect(r.body.data.map((x: any) => [x.id, x.direction, x.user.name])).toEqual([
      [toDave, 'sent', 'Dave'], [fromCarol, 'received', 'Carol'], [toBob, 'sent', 'Bob'],
    ])
    expect(r.body.data[1]).toEqual({
      id: fromCarol, status: 'pending', direction: 'received', sender_id: carol.id, receiver_id: alice.id,
      user: { id: carol.id, name: 'Carol', profile_image_path: null, profile_image_url: null },
      created_at: '2026-06-24T10:01:00.000Z', updated_at: '2026-06-24T10:01:00.000Z',
    })
  })

  test('only the caller\'s requests are listed', async () => {
    await sendRequest(t, bob, carol)
    expect(await requestsOf(t, alice)).toEqual([])
    expect((await requestsOf(t, carol)).map((x) => x.direction)).toEqual(['received'])
  })

  test('the receiver sees the same request as received, with the sender as `user`', async () => {
    const id = await sendRequest(t, alice, bob)
    const [seen] = await requestsOf(t, bob)
    expect(seen).toMatchObject({ id, direction: 'received', sender_id: alice.id, receiver_id: bob.id, user: { id: alice.id, name: 'Alice' } })
  })

  test('answered requests are kept in the list, in both directions', async () => {
    const accepted = await sendRequest(t, alice, bob)
    await answer(t, bob, accepted, 'accept')
    const rejected = await sendRequest(t, carol, alice)
    await answer(t, alice, rejected, 'reject')
    expect((await requestsOf(t, alice)).map((x) => [x.id, x.status, x.direction])).toEqual([
      [rejected, 'rejected', 'received'], [accepted, 'accepted', 'sent'],
    ])
  })
})
