import { describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser } from '../helpers/fixtures'
import { friendships } from '../../src/features/friends/schema'
import { form, png } from './images'

const t = useTestApp()

const profile = (id: string, token: string) => t.request('GET', `/api/v1/users/${id}/public-profile`, { token })

function befriend(a: string, b: string, at: number) {
  const [low, high] = a < b ? [a, b] : [b, a]
  t.deps.db.insert(friendships).values({ userLow: low, userHigh: high, createdAt: at }).run()
}

describe('GET /api/v1/users/{user}/public-profile', () => {
  test('a stranger: no friendship, no image', async () => {
    const me = await createUser(t)
    const bob = await createUser(t, { name: 'Bob' })
    const r = await profile(bob.id, me.token)
    expect(r.status).toBe(200)
    expect(r.body).toEqual({
      success: true, message: 'Success', timestamp: '2026-06-24T10:00:00.000Z',
      data: { id: bob.id, name: 'Bob', profile_image_path: null, profile_image_url: null, is_friend: false, friends_since: null },
    })
    expect(Object.keys(r.body.data)).not.toContain('email')
  })

  test('a friend, seen from both sides, with the friendship start and the image', async () => {
    const me = await createUser(t)
    const bob = await createUser(t, { name: 'Bob' })
    befriend(me.id, bob.id, Date.parse('2026-06-20T18:02:11.000Z'))
    const up = await t.request('POST', '/api/v1/users/me/profile-image', { token: bob.token, body: form({ image: { bytes: png() } }) })
    for (const [viewer, target] of [[me, bob], [bob, me]] as const) {
      const r = await profile(target.id, viewer.token)
      expect(r.body.data.is_friend).toBe(true)
      expect(r.body.data.friends_since).toBe('2026-06-20T18:02:11.000Z')
    }
    const r = await profile(bob.id, me.token)
    expect(r.body.data.profile_image_path).toBe(up.body.data.profile_image_path)
    expect(r.body.data.profile_image_url).toBe(up.body.data.profile_image_url)
    // a third user is not a friend of either
    const carol = await createUser(t)
    expect((await profile(bob.id, carol.token)).body.data.is_friend).toBe(false)
  })

  test('oneself: never a friend; the id is compared case-insensitively', async () => {
    const me = await createUser(t, { name: 'Me' })
    const r = await profile(me.id.toUpperCase(), me.token)
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ id: me.id, name: 'Me', is_friend: false, friends_since: null })
  })

  test('unknown or malformed ids → 404; no token → 401', async () => {
    const me = await createUser(t)
    const unknown = await profile('0197a1b2-9a00-7c44-8d55-2e3f4a5b6c7d', me.token)
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('The requested resource was not found.')
    expect((await profile('12345', me.token)).status).toBe(404)
    expect((await t.request('GET', `/api/v1/users/${me.id}/public-profile`)).status).toBe(401)
  })
})
