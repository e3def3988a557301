/**
 * A person's sport list (GET/POST/PATCH/DELETE /api/v1/sports, docs/api/trackers.md §7) and a day's several sports
 * (`sport_ids` of the check-in, docs/api/check-in.md §6), through HTTP.
 */
import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { expectError, expectInvalid, expectNotFound, expectUnauthenticated } from '../helpers/expect'
import { list, post } from './helpers'

const t = useTestApp()
let alice: TestUser
let bob: TestUser

const sports = (user: TestUser | null) => t.request('GET', '/api/v1/sports', { token: user?.token })
const create = (user: TestUser | null, body: unknown) => t.request('POST', '/api/v1/sports', { token: user?.token, body })
const patch = (user: TestUser | null, id: number | string, body: unknown) => t.request('PATCH', `/api/v1/sports/${id}`, { token: user?.token, body })
const remove = (user: TestUser | null, id: number | string) => t.request('DELETE', `/api/v1/sports/${id}`, { token: user?.token })

async function own(user: TestUser, name: string, more: Record<string, unknown> = {}): Promise<number> {
  const r = await create(user, { name, ...more })
  expect(r.status).toBe(201)
  return r.body.data.id
}

beforeEach(async () => {
  alice = await createUser(t)
  bob = await createUser(t)
})

describe('the sport list', () => {
  test('the six built-in ones (offered as the check-in settings select them), then one\'s own in order', async () => {
    const climbing = await own(alice, 'Climbing', { emoji: '🧗' })
    const tennis = await own(alice, 'Tennis')
    expect(climbing).toBeGreaterThan(100)
    const r = await sports(alice)
    expect(r.status).toBe(200)
    expect(r.body.message).toBe('Sports retrieved successfully.')
    const data = r.body.data as Record<string, unknown>[]
    expect(data.map((s) => [s.id, s.name, s.builtin, s.offered])).toEqual([
      [1, 'dumbbell', true, true], [2, 'bike', true, true], [3, 'mountain', true, true], [4, 'footprints', true, true],
      [5, 'waves_ladder', true, true], [6, 'yoga', true, false], [climbing, 'Climbing', false, true], [tennis, 'Tennis', false, true],
    ])
    expect(data[6]).toEqual({
      id: climbing, name: 'Climbing', emoji: '🧗', builtin: false, offered: true, position: 0, archived: false,
      created_at: expect.any(String), updated_at: expect.any(String),
    })
    expect(Object.keys(data[0]!)).toEqual(Object.keys(data[6]!))
    // bob sees only the built-in six
    expect((await sports(bob)).body.data).toHaveLength(6)
    const settings = await t.request('PUT', '/api/v1/users/me/settings/check-in', { token: alice.token, body: {
      enabled_trackers: ['mood', 'sports'], selected_sports: ['yoga', 'bike', 'mountain', 'footprints', 'waves_ladder'],
    } })
    expect(settings.status).toBe(200)
    expect((await sports(alice)).body.data.slice(0, 6).map((s: { offered: boolean }) => s.offered)).toEqual([false, true, true, true, true, true])
  })

  test('create, change and delete one\'s own; names unique per person; the fields are checked', async () => {
    const id = await own(alice, 'Climbing')
    expectInvalid(await create(alice, { name: 'CLIMBING' }), { name: 'The name has already been taken.' })
    expect((await create(bob, { name: 'Climbing' })).status).toBe(201)
    expectInvalid(await create(alice, { emoji: 1, archived: 'no' }), {
      name: 'The name field is required.', emoji: 'The emoji field must be a string.', archived: 'The archived field must be true or false.',
    })
    const r = await patch(alice, id, { name: 'Bouldering', emoji: '🪨', archived: true, position: 3 })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ id, name: 'Bouldering', emoji: '🪨', archived: true, offered: false, position: 3 })
    expectInvalid(await patch(alice, id, { position: -1 }), { position: 'The position field must be between 0 and 10000.' })
    const gone = await remove(alice, id)
    expect(gone.status).toBe(200)
    expect(gone.body).toMatchObject({ message: 'Sport deleted successfully.', data: null })
    expect((await sports(alice)).body.data).toHaveLength(6)
  })

  test('another person\'s sport, or none, is 404; a built-in one is changed through the check-in settings (409)', async () => {
    const bobs = await own(bob, 'Rowing')
    expectNotFound(await patch(alice, bobs, { name: 'Mine' }))
    expectNotFound(await remove(alice, bobs))
    expectNotFound(await remove(alice, 99_999))
    expect((await sports(bob)).body.data.at(-1).name).toBe('Rowing')
    for (const r of [await patch(alice, 2, { archived: true }), await remove(alice, 6)]) {
      expectError(r, 409, 'builtin_sport', 'The built-in sports are chosen in the check-in settings (selected sports).')
    }
    expectNotFound(await patch(alice, 'abc', {}))
  })

  test('at most 50 of one\'s own (409 limit_reached)', async () => {
    for (let i = 0; i < 50; i++) await own(alice, `Sport ${i}`)
    expectError(await create(alice, { name: 'One more' }), 409, 'limit_reached')
  })

  test('401 without a token, on every verb', async () => {
    expectUnauthenticated(await sports(null))
    expectUnauthenticated(await create(null, { name: 'X' }))
    expectUnauthenticated(await patch(null, 101, { name: 'X' }))
    expectUnauthenticated(await remove(null, 101))
  })
})

describe('several sports a day', () => {
  test('sport_ids: built-in codes and own ids; `sports` is the first built-in one, answered first', async () => {
    const climbing = await own(alice, 'Climbing')
    const r = await post(t, alice, { date: '2026-06-24', sport_ids: [climbing, 4, 2, 4] })
    expect(r.status).toBe(201)
    expect(r.body.data).toMatchObject({ sports: 4, sport_ids: [4, climbing, 2] })
    expect((await list(t, alice)).body.data).toEqual([r.body.data])
    // own sports only: `sports` stays null
    const own2 = await post(t, alice, { date: '2026-06-25', sport_ids: [climbing] })
    expect(own2.body.data).toMatchObject({ sports: null, sport_ids: [climbing] })
  })

  test('a client of the single `sports` field changes the built-in sport and keeps the others; null clears it alone', async () => {
    const climbing = await own(alice, 'Climbing')
    await post(t, alice, { date: '2026-06-24', sport_ids: [1, climbing, 3] })
    expect((await post(t, alice, { date: '2026-06-24', sports: 5 })).body.data).toMatchObject({ sports: 5, sport_ids: [5, climbing, 3] })
    expect((await post(t, alice, { date: '2026-06-24', sports: 3 })).body.data).toMatchObject({ sports: 3, sport_ids: [3, climbing] })
    expect((await post(t, alice, { date: '2026-06-24', sports: null })).body.data).toMatchObject({ sports: null, sport_ids: [climbing, 3] })
    expect((await post(t, alice, { date: '2026-06-24', mood: 2 })).body.data).toMatchObject({ mood: 2, sports: null, sport_ids: [climbing, 3] })
    expect((await post(t, alice, { date: '2026-06-24', sport_ids: null })).body.data).toMatchObject({ sports: null, sport_ids: [] })
    // a day of one built-in sport, as the product spec knows it
    expect((await post(t, alice, { date: '2026-06-26', sports: 6 })).body.data).toMatchObject({ sports: 6, sport_ids: [6] })
    expect((await post(t, alice, { date: '2026-06-26', sport_ids: [] })).body.data).toMatchObject({ sports: null, sport_ids: [] })
  })

  test('every id is checked: another person\'s sport, an unknown or archived one, a malformed id; all at once, nothing written', async () => {
    const bobs = await own(bob, 'Rowing')
    const retired = await own(alice, 'Retired', { archived: true })
    await post(t, alice, { date: '2026-06-24', mood: 3, sports: 1 })
    expectInvalid(await post(t, alice, { date: '2026-06-24', mood: 5, sport_ids: [bobs, 7, 0, 'x', retired, 2] }), {
      'sport_ids.0': 'The selected sport_ids.0 is invalid.',
      'sport_ids.1': 'The selected sport_ids.1 is invalid.',
      'sport_ids.2': 'The selected sport_ids.2 is invalid.',
      'sport_ids.3': 'The selected sport_ids.3 is invalid.',
      'sport_ids.4': 'The selected sport_ids.4 is invalid.',
    })
    expectInvalid(await post(t, alice, { date: '2026-06-24', sport_ids: 'bike' }), { sport_ids: 'The sport ids field must be an array.' })
    expectInvalid(await post(t, alice, { date: '2026-06-24', sport_ids: Array.from({ length: 13 }, (_, i) => i + 1) }),
      { sport_ids: 'The sport ids field must not have more than 12 items.' })
    expectInvalid(await post(t, alice, { date: '2026-06-24', sports: 1, sport_ids: [2, 1] }),
      { sports: 'The sports field must be the first built-in sport of sport ids.' })
    expect((await list(t, alice)).body.data[0]).toMatchObject({ mood: 3, sports: 1, sport_ids: [1] })
    // both, when they agree
    expect((await post(t, alice, { date: '2026-06-24', sports: 2, sport_ids: [2, 1] })).body.data).toMatchObject({ sports: 2, sport_ids: [2, 1] })
  })

  test('an archived sport already on the day may stay; a new one may not', async () => {
    const climbing = await own(alice, 'Climbing')
    await post(t, alice, { date: '2026-06-24', sport_ids: [climbing] })
    await patch(alice, climbing, { archived: true })
    expect((await post(t, alice, { date: '2026-06-24', sport_ids: [climbing, 2] })).body.data.sport_ids).toEqual([2, climbing])
    expectInvalid(await post(t, alice, { date: '2026-06-25', sport_ids: [climbing] }), { 'sport_ids.0': 'The selected sport_ids.0 is invalid.' })
  })

  test('deleting one\'s own sport takes it off every day; other sports stay', async () => {
    const climbing = await own(alice, 'Climbing')
    const tennis = await own(alice, 'Tennis')
    await post(t, alice, { date: '2026-06-24', sport_ids: [2, climbing, tennis] })
    await post(t, alice, { date: '2026-06-25', sport_ids: [climbing] })
    const bobsDay = await post(t, bob, { date: '2026-06-24', sport_ids: [3] })
    expect((await remove(alice, climbing)).status).toBe(200)
    expect((await list(t, alice)).body.data.map((d: { sport_ids: number[] }) => d.sport_ids)).toEqual([[], [2, tennis]])
    expect((await list(t, bob)).body.data).toEqual([bobsDay.body.data])
  })

  test('concurrent posts of one date, one with sports and one with trackers, lose neither', async () => {
    const climbing = await own(alice, 'Climbing')
    await Promise.all(Array.from({ length: 10 }, (_, i) => i % 2
      ? post(t, alice, { date: '2026-06-24', sport_ids: [climbing, 1] })
      : post(t, alice, { date: '2026-06-24', mood: 4, values: null })))
    const [day] = (await list(t, alice)).body.data
    expect(day).toMatchObject({ mood: 4, sports: 1, sport_ids: [1, climbing] })
  })
})
