/**
 * Sharing with friends (docs/api/users.md §5.1): the public profile's `shared`, seen by a friend only, made of the
 * person's shared trackers (last 30 days of their calendar) and their check-in streak when shared — all through HTTP.
 */
import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { expectUnauthenticated } from '../helpers/expect'
import { befriend, sendRequest } from './helpers'

const t = useTestApp()
let ada: TestUser
let bob: TestUser
beforeEach(async () => {
  ada = await createUser(t, { name: 'Ada' })
  bob = await createUser(t, { name: 'Bob' })
})

const call = (method: string, path: string, user: TestUser, body?: unknown) => t.request(method, `/api/v1${path}`, { token: user.token, body })
const profileOf = async (person: TestUser, viewer: TestUser) => {
  const r = await call('GET', `/users/${person.id}/public-profile`, viewer)
  expect(r.status).toBe(200)
  return r.body.data
}
const sharedOf = async (person: TestUser, viewer: TestUser) => (await profileOf(person, viewer)).shared
const createTracker = async (user: TestUser, body: Record<string, unknown>) => {
  const r = await call('POST', '/trackers', user, body)
  expect(r.status).toBe(201)
  return r.body.data as { id: string | number }
}
const patchTracker = async (user: TestUser, id: string | number, body: Record<string, unknown>) =>
  expect((await call('PATCH', `/trackers/${id}`, user, body)).status).toBe(200)
const checkIn = async (user: TestUser, date: string, body: Record<string, unknown>) =>
  expect((await call('POST', '/check-in', user, { date, ...body })).status).toBe(201)
const shareStreak = async (user: TestUser, shared: boolean) => {
  const r = await call('PUT', '/streaks/rules', user, { shared })
  expect(r.status).toBe(200)
  expect(r.body.data.shared).toBe(shared)
}

// The test clock starts at 2026-06-24T10:00Z; everyone is in UTC unless said. The last 30 days are 05-26 … 06-24.
describe('what a friend sees', () => {
  test('shared trackers with their last 30 days, oldest first, and the check-in streak; nothing else of the days', async () => {
    await befriend(t, ada, bob)
    const energy = await createTracker(ada, { name: 'Energy', kind: 'scale', emoji: '⚡', min: 0, max: 10, min_label: 'drained', max_label: 'buzzing', shared: true })
    const gym = await createTracker(ada, { name: 'Gym', kind: 'yesno', shared: true })
    const diary = await createTracker(ada, { name: 'Private diary score', kind: 'scale' })
    const weight = await createTracker(ada, { name: 'Weight', kind: 'number', unit: 'kg', decimals: 1, min: 30, max: 250 })
    await patchTracker(ada, weight.id, { shared: true })
    const activity = (await call('POST', '/activities', ada, { name: 'Secret club' })).body.data

    await checkIn(ada, '2026-05-25', { mood: 3, values: { [energy.id]: 9 } }) // 31 days ago: outside the window
    await checkIn(ada, '2026-05-26', { values: { [energy.id]: 2, [diary.id]: 5 } })
    await checkIn(ada, '2026-06-22', { mood: 5, values: { [gym.id]: true, [weight.id]: 61.5 }, note: 'a very private line', activities: [activity.id] })
    await checkIn(ada, '2026-06-23', { values: { [gym.id]: false, [energy.id]: 7 } })
    await checkIn(ada, '2026-06-24', { values: { [energy.id]: 0, [weight.id]: 61 } })
    await shareStreak(ada, true)

    const r = await call('GET', `/users/${ada.id}/public-profile`, bob)
    expect(r.status).toBe(200)
    const definition = { emoji: null, min: null, max: null, min_label: null, max_label: null, unit: null, decimals: 0 }
    expect(r.body.data).toEqual({
      id: ada.id, name: 'Ada', profile_image_path: null, profile_image_url: null, is_friend: true, friends_since: '2026-06-24T10:00:00.000Z',
      shared: {
        from: '2026-05-26',
        to: '2026-06-24',
        trackers: [
          { ...definition, id: energy.id, name: 'Energy', kind: 'scale', emoji: '⚡', min: 0, max: 10, min_label: 'drained', max_label: 'buzzing',
            days: [{ date: '2026-05-26', value: 2 }, { date: '2026-06-23', value: 7 }, { date: '2026-06-24', value: 0 }] },
          { ...definition, id: gym.id, name: 'Gym', kind: 'yesno', days: [{ date: '2026-06-22', value: 1 }, { date: '2026-06-23', value: 0 }] },
          { ...definition, id: weight.id, name: 'Weight', kind: 'number', min: 30, max: 250, unit: 'kg', decimals: 1,
            days: [{ date: '2026-06-22', value: 61.5 }, { date: '2026-06-24', value: 61 }] },
        ],
        // 05-25, 05-26 (then a gap), and 06-22 … 06-24
        streak: { current: 3, longest: 3 },
      },
    })
    // Exactly the keys above: no note, no activities, no built-in tracker, no unshared tracker — not even by name.
    const text = JSON.stringify(r.body)
    for (const secret of ['Private diary score', 'a very private line', 'Secret club', 'mood', 'note', 'activities']) expect(text).not.toContain(secret)
    expect(r.body.data.shared.trackers.map((x: { id: unknown }) => x.id)).not.toContain(diary.id)
  })

  test('nothing is shared by default: a friend gets no trackers and no streak', async () => {
    await befriend(t, bob, ada)
    const reading = await createTracker(ada, { name: 'Reading', kind: 'yesno' })
    await checkIn(ada, '2026-06-24', { mood: 4, values: { [reading.id]: true } })
    expect(await sharedOf(ada, bob)).toEqual({ from: '2026-05-26', to: '2026-06-24', trackers: [], streak: null })
  })

  test('a shared streak with no check-ins is zero, not hidden; a shared tracker without values has no days', async () => {
    await befriend(t, ada, bob)
    const sleep = await createTracker(ada, { name: 'Sleep', kind: 'number', unit: 'h', shared: true })
    await shareStreak(ada, true)
    expect(await sharedOf(ada, bob)).toMatchObject({ trackers: [{ id: sleep.id, name: 'Sleep', unit: 'h', days: [] }], streak: { current: 0, longest: 0 } })
  })

  test('the 30 days are the person\'s calendar, not the viewer\'s', async () => {
    const kiwi = await createUser(t, { name: 'Kiwi', timezone: 'Pacific/Auckland' })
    await befriend(t, kiwi, bob)
    const tea = await createTracker(kiwi, { name: 'Tea', kind: 'number', unit: 'cups', shared: true })
    t.clock.set('2026-06-24T13:00:00Z') // the 25th has begun in Auckland, not in Bob's UTC
    await checkIn(kiwi, '2026-05-26', { values: { [tea.id]: 1 } })
    await checkIn(kiwi, '2026-06-25', { values: { [tea.id]: 3 } })
    expect(await sharedOf(kiwi, bob)).toMatchObject({ from: '2026-05-27', to: '2026-06-25', trackers: [{ days: [{ date: '2026-06-25', value: 3 }] }] })
  })

  test('both friends see each other\'s shares, and only the person\'s own values', async () => {
    const carol = await createUser(t, { name: 'Carol' })
    await befriend(t, ada, bob)
    await befriend(t, carol, ada)
    const adas = await createTracker(ada, { name: 'Walk', kind: 'number', unit: 'km', shared: true })
    const bobs = await createTracker(bob, { name: 'Walk', kind: 'number', unit: 'km', shared: true })
    const carols = await createTracker(carol, { name: 'Walk', kind: 'number', unit: 'km', shared: true })
    await checkIn(ada, '2026-06-24', { values: { [adas.id]: 1 } })
    await checkIn(bob, '2026-06-24', { values: { [bobs.id]: 2 } })
    await checkIn(carol, '2026-06-24', { values: { [carols.id]: 3 } })
    await shareStreak(bob, true)

    const seenByBob = await sharedOf(ada, bob)
    expect(seenByBob.trackers).toEqual([expect.objectContaining({ id: adas.id, days: [{ date: '2026-06-24', value: 1 }] })])
    expect(seenByBob.streak).toBeNull() // Bob's own shared streak is not Ada's
    expect(await sharedOf(bob, ada)).toMatchObject({ trackers: [{ id: bobs.id, days: [{ value: 2 }] }], streak: { current: 1, longest: 1 } })
    expect((await sharedOf(ada, carol)).trackers.map((x: { id: unknown }) => x.id)).toEqual([adas.id])
    // Bob is not Carol's friend: a friend of a friend sees nothing
    expect(await profileOf(carol, bob)).not.toHaveProperty('shared')
  })
})

describe('un-sharing and what never appears', () => {
  test('un-sharing a tracker or the streak takes effect on the next request; sharing again brings them back', async () => {
    await befriend(t, ada, bob)
    const gym = await createTracker(ada, { name: 'Gym', kind: 'yesno', shared: true })
    const mood = await createTracker(ada, { name: 'Mood words', kind: 'scale', shared: true })
    await checkIn(ada, '2026-06-24', { values: { [gym.id]: true, [mood.id]: 4 } })
    await shareStreak(ada, true)
    expect(await sharedOf(ada, bob)).toMatchObject({ trackers: [{ id: gym.id }, { id: mood.id }], streak: { current: 1 } })

    await patchTracker(ada, gym.id, { shared: false })
    expect((await sharedOf(ada, bob)).trackers.map((x: { id: unknown }) => x.id)).toEqual([mood.id])
    await shareStreak(ada, false)
    expect((await sharedOf(ada, bob)).streak).toBeNull()
    await patchTracker(ada, mood.id, { shared: false })
    expect(await sharedOf(ada, bob)).toEqual({ from: '2026-05-26', to: '2026-06-24', trackers: [], streak: null })

    await patchTracker(ada, gym.id, { shared: true })
    expect((await sharedOf(ada, bob)).trackers).toEqual([expect.objectContaining({ id: gym.id, days: [{ date: '2026-06-24', value: 1 }] })])
  })

  test('an archived tracker never appears, even marked shared; unarchived it is back with its values', async () => {
    await befriend(t, ada, bob)
    const old = await createTracker(ada, { name: 'Old habit', kind: 'yesno', shared: true })
    await checkIn(ada, '2026-06-20', { values: { [old.id]: true } })
    await patchTracker(ada, old.id, { archived: true })
    expect((await sharedOf(ada, bob)).trackers).toEqual([])
    expect(JSON.stringify(await profileOf(ada, bob))).not.toContain('Old habit')
    await patchTracker(ada, old.id, { archived: false })
    expect((await sharedOf(ada, bob)).trackers).toMatchObject([{ id: old.id, days: [{ date: '2026-06-20', value: 1 }] }])
  })

  test('a stranger, a pending request either way, oneself and a removed friend get no `shared` at all', async () => {
    const stranger = await createUser(t, { name: 'Stranger' })
    const asker = await createUser(t, { name: 'Asker' })
    const asked = await createUser(t, { name: 'Asked' })
    await createTracker(ada, { name: 'Gym', kind: 'yesno', shared: true })
    await shareStreak(ada, true)
    await sendRequest(t, asker, ada)
    await sendRequest(t, ada, asked)
    await befriend(t, ada, bob)

    for (const viewer of [stranger, asker, asked, ada]) {
      const seen = await profileOf(ada, viewer)
      expect(seen).toEqual({ id: ada.id, name: 'Ada', profile_image_path: null, profile_image_url: null, is_friend: false, friends_since: null })
    }
    expect(await profileOf(ada, bob)).toHaveProperty('shared')
    expect((await call('DELETE', `/friends/${ada.id}`, bob)).status).toBe(200)
    expect(await profileOf(ada, bob)).not.toHaveProperty('shared')
  })

  test('401 without a valid token, and nothing of the profile is answered', async () => {
    await befriend(t, ada, bob)
    await createTracker(ada, { name: 'Gym', kind: 'yesno', shared: true })
    for (const headers of [{}, { authorization: 'Bearer 1|' + 'x'.repeat(40) }] as Record<string, string>[]) {
      expectUnauthenticated(await t.request('GET', `/api/v1/users/${ada.id}/public-profile`, { headers }))
    }
  })
})
