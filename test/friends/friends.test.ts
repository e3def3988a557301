import { beforeEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { users } from '../../src/features/users/schema'
import { answer, befriend, expectError, friendIds, requestsOf, sendRequest } from './helpers'

const t = useTestApp()
let alice: TestUser
let bob: TestUser
beforeEach(async () => {
  alice = await createUser(t, { name: 'Alice' })
  bob = await createUser(t, { name: 'Bob' })
})

const unfriend = (user: TestUser, id: string) => t.request('DELETE', `/api/v1/friends/${id}`, { token: user.token })

describe('GET /v1/friends', () => {
  test('empty at first', async () => {
    const r = await t.request('GET', '/api/v1/friends', { token: alice.token })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ success: true, message: 'Friends retrieved successfully.', data: [], timestamp: '2026-06-24T10:00:00.000Z' })
  })

  test('ordered by name case-insensitively, then id; pending and rejected requests are not friends', async () => {
    const zed = await createUser(t, { name: 'zed' })
    const anna1 = await createUser(t, { name: 'anna' })
    const anna2 = await createUser(t, { name: 'Anna' })
    const emil = await createUser(t, { name: 'Émil' })
    for (const u of [zed, anna1, anna2, emil, bob]) await befriend(t, alice, u)
    const pending = await createUser(t, { name: 'Pending' })
    await sendRequest(t, alice, pending)
    const rejected = await createUser(t, { name: 'Rejected' })
    await answer(t, rejected, await sendRequest(t, alice, rejected), 'reject')

    const annas = [anna1.id, anna2.id].sort()
    expect(await friendIds(t, alice)).toEqual([...annas, bob.id, zed.id, emil.id])
    expect(await friendIds(t, zed)).toEqual([alice.id])
    expect(await friendIds(t, pending)).toEqual([])
  })

  test('a friend shows the profile image path and its public URL', async () => {
    const path = `${bob.id}/profile/${'a'.repeat(32)}.png`
    t.deps.db.update(users).set({ profileImagePath: path }).where(eq(users.id, bob.id)).run()
    await befriend(t, bob, alice)
    const r = await t.request('GET', '/api/v1/friends', { token: alice.token })
    expect(r.body.data).toEqual([{
      id: bob.id, user_id: bob.id, name: 'Bob', profile_image_path: path,
      profile_image_url: `http://daybook.test/storage/user/${path}`, friends_since: '2026-06-24T10:00:00.000Z',
    }])
    const [req] = await requestsOf(t, alice)
    expect(req.user).toEqual({ id: bob.id, name: 'Bob', profile_image_path: path, profile_image_url: `http://daybook.test/storage/user/${path}` })
  })
})

describe('DELETE /v1/friends/{user}', () => {
  test('either side ends the friendship; neither sees it afterwards and the accepted request is gone', async () => {
    await befriend(t, alice, bob)
    const r = await unfriend(bob, alice.id)
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ success: true, message: 'Friend removed successfully.', data: null, timestamp: '2026-06-24T10:00:00.000Z' })
    expect(await friendIds(t, alice)).toEqual([])
    expect(await friendIds(t, bob)).toEqual([])
    expect(await requestsOf(t, alice)).toEqual([])
    expectError(await unfriend(bob, alice.id), 404, 'not_found')
    // Either user may ask again.
    await sendRequest(t, alice, bob)
  })

  test('keeps other friendships and pending requests of the caller', async () => {
    const carol = await createUser(t, { name: 'Carol' })
    const dave = await createUser(t, { name: 'Dave' })
    await befriend(t, alice, bob)
    await befriend(t, carol, alice)
    const toDave = await sendRequest(t, alice, dave)
    expect((await unfriend(alice, bob.id)).status).toBe(200)
    expect(await friendIds(t, alice)).toEqual([carol.id])
    expect((await requestsOf(t, alice)).map((x) => x.id)).toContain(toDave)
  })

  test('404 for a stranger, a pending request, an unknown user, oneself, or a malformed id', async () => {
    const carol = await createUser(t, { name: 'Carol' })
    await befriend(t, bob, carol)
    await sendRequest(t, alice, bob)
    for (const id of [bob.id, carol.id, '0197a1b2-9a00-7c44-8d55-2e3f4a5b6c7d', alice.id, 'me', '123']) {
      expectError(await unfriend(alice, id), 404, 'not_found', 'The requested resource was not found.')
    }
    expect(await friendIds(t, bob)).toEqual([carol.id])
  })

  test('accepts the friend id in upper case', async () => {
    await befriend(t, alice, bob)
    expect((await unfriend(alice, bob.id.toUpperCase())).status).toBe(200)
    expect(await friendIds(t, bob)).toEqual([])
  })
})
