/** GET/POST/PATCH/DELETE /api/v1/trackers and /api/v1/activities: a person's own definitions, through HTTP. */
import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { expectError, expectInvalid, expectNotFound, expectUnauthenticated } from '../helpers/expect'
import { MINUTE } from '../../src/lib/clock'
import { MAX_ACTIVITIES, MAX_TRACKERS } from '../../src/features/trackers/model'

const t = useTestApp()
let alice: TestUser
let bob: TestUser
beforeEach(async () => {
  alice = await createUser(t)
  bob = await createUser(t)
})

const call = (method: string, path: string, user: TestUser | null, body?: unknown) =>
  t.request(method, `/api/v1${path}`, { token: user?.token, body })
const createTracker = async (user: TestUser, body: Record<string, unknown>) => {
  const r = await call('POST', '/trackers', user, body)
  expect(r.status).toBe(201)
  return r.body.data
}
const NOW = '2026-06-24T10:00:00.000Z'

describe('trackers', () => {
  test('a scale with defaults, a yes/no and a number: 201, keys in order, fields of other kinds emptied', async () => {
    const r = await call('POST', '/trackers', alice, { name: 'Energy', kind: 'scale', emoji: '⚡', min_label: 'drained', max_label: 'buzzing', unit: 'ignored' })
    expect(r.status).toBe(201)
    expect(r.body).toEqual({
      success: true, message: 'Tracker created successfully.', timestamp: NOW,
      data: {
        id: expect.any(Number), name: 'Energy', kind: 'scale', emoji: '⚡', position: 0, min: 1, max: 5,
        min_label: 'drained', max_label: 'buzzing', unit: null, decimals: 0, archived: false, shared: false, created_at: NOW, updated_at: NOW,
      },
    })
    expect(Object.keys(r.body.data)).toEqual(['id', 'name', 'kind', 'emoji', 'position', 'min', 'max', 'min_label', 'max_label', 'unit', 'decimals', 'archived', 'shared', 'created_at', 'updated_at'])
    const yes = await createTracker(alice, { name: 'Gym', kind: 'yesno', min: 3, max: 9, min_label: 'x' })
    expect(yes).toMatchObject({ kind: 'yesno', position: 1, min: null, max: null, min_label: null, decimals: 0 })
    const weight = await createTracker(alice, { name: 'Weight', kind: 'number', unit: 'kg', min: 30, max: 250.5, decimals: 1, min_label: 'x' })
    expect(weight).toMatchObject({ kind: 'number', position: 2, min: 30, max: 250.5, unit: 'kg', decimals: 1, min_label: null })
    const list = await call('GET', '/trackers', alice)
    expect(list.status).toBe(200)
    expect(list.body.data.map((d: { name: string }) => d.name)).toEqual(['Energy', 'Gym', 'Weight'])
  })

  test('validation: name and kind required, kinds and sizes, scale ends, number bounds and decimals', async () => {
    expectInvalid(await call('POST', '/trackers', alice, {}), { name: 'The name field is required.', kind: 'The kind field is required.' })
    expectInvalid(await call('POST', '/trackers', alice, { name: 'x'.repeat(51), kind: 'slider' }),
      { name: 'The name field must not be greater than 50 characters.', kind: 'The selected kind is invalid.' })
    expectInvalid(await call('POST', '/trackers', alice, { name: 'A', kind: 'scale', min: 0, max: 11 }),
      { max: 'The max field must be an integer greater than min and at most 10.' })
    expectInvalid(await call('POST', '/trackers', alice, { name: 'A', kind: 'scale', min: 1.5 }), { min: 'The min field must be an integer from 0 to 9.' })
    expectInvalid(await call('POST', '/trackers', alice, { name: 'A', kind: 'scale', min: 5, max: 5 }),
      { max: 'The max field must be an integer greater than min and at most 10.' })
    expectInvalid(await call('POST', '/trackers', alice, { name: 'A', kind: 'number', min: 10, max: 2 }), { max: 'The max field must be greater than min.' })
    expectInvalid(await call('POST', '/trackers', alice, { name: 'A', kind: 'number', decimals: 4, emoji: 'e'.repeat(17), shared: 'yes' }), {
      decimals: 'The decimals field must be between 0 and 3.', emoji: 'The emoji field must not be greater than 16 characters.', shared: 'The shared field must be true or false.',
    })
    expect((await call('POST', '/trackers', alice, { name: 'A', kind: 'scale', min: 0, max: 10 })).body.data).toMatchObject({ min: 0, max: 10 })
    expect((await call('GET', '/trackers', bob)).body.data).toEqual([])
  })

  test('names are unique per person whatever their case; another person may use the same name', async () => {
    await createTracker(alice, { name: 'Reading', kind: 'yesno' })
    expectInvalid(await call('POST', '/trackers', alice, { name: 'READING', kind: 'scale' }), { name: 'The name has already been taken.' })
    await createTracker(bob, { name: 'reading', kind: 'yesno' })
    const other = await createTracker(alice, { name: 'Walks', kind: 'yesno' })
    expectInvalid(await call('PATCH', `/trackers/${other.id}`, alice, { name: 'reading' }), { name: 'The name has already been taken.' })
  })

  test('PATCH: sent fields change, the kind stays, rules checked against the stored definition, null clears', async () => {
    const energy = await createTracker(alice, { name: 'Energy', kind: 'scale', min: 1, max: 5, emoji: '⚡' })
    t.clock.advance(5 * MINUTE)
    const r = await call('PATCH', `/trackers/${energy.id}`, alice, { kind: 'number', max: 10, emoji: null, archived: true, shared: true, position: 7 })
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual({ ...energy, kind: 'scale', max: 10, emoji: null, archived: true, shared: true, position: 7, updated_at: '2026-06-24T10:05:00.000Z' })
    expectInvalid(await call('PATCH', `/trackers/${energy.id}`, alice, { min: 10 }), { min: 'The min field must be an integer from 0 to 9.' })
    expectInvalid(await call('PATCH', `/trackers/${energy.id}`, alice, { max: 1 }), { max: 'The max field must be an integer greater than min and at most 10.' })
    const weight = await createTracker(alice, { name: 'Weight', kind: 'number', min: 30, max: 200 })
    expectInvalid(await call('PATCH', `/trackers/${weight.id}`, alice, { max: 20 }), { max: 'The max field must be greater than min.' })
    expect((await call('PATCH', `/trackers/${weight.id}`, alice, { min: null, max: 20 })).body.data).toMatchObject({ min: null, max: 20 })
    expect((await call('GET', '/trackers', alice)).body.data.map((d: { name: string; position: number }) => [d.name, d.position])).toEqual([['Energy', 7], ['Weight', 8]])
  })

  test('another person\'s tracker is not found for PATCH and DELETE, and stays', async () => {
    const mine = await createTracker(alice, { name: 'Energy', kind: 'scale' })
    expectNotFound(await call('PATCH', `/trackers/${mine.id}`, bob, { name: 'Stolen' }))
    expectNotFound(await call('DELETE', `/trackers/${mine.id}`, bob))
    expectNotFound(await call('DELETE', '/trackers/999999', alice))
    expect((await call('GET', '/trackers', alice)).body.data).toEqual([mine])
  })

  test('DELETE removes it: 200 with null data, then 404', async () => {
    const mine = await createTracker(alice, { name: 'Energy', kind: 'scale' })
    const r = await call('DELETE', `/trackers/${mine.id}`, alice)
    expect(r.status).toBe(200)
    expect(r.body.data).toBeNull()
    expect((await call('GET', '/trackers', alice)).body.data).toEqual([])
    expectNotFound(await call('PATCH', `/trackers/${mine.id}`, alice, { name: 'Back' }))
  })

  test(`at most ${MAX_TRACKERS} trackers, also when created at once`, async () => {
    await Promise.all(Array.from({ length: MAX_TRACKERS + 5 }, (_, i) => call('POST', '/trackers', alice, { name: `T${i}`, kind: 'yesno' })))
    const list = (await call('GET', '/trackers', alice)).body.data
    expect(list).toHaveLength(MAX_TRACKERS)
    expect(list.map((d: { position: number }) => d.position)).toEqual(Array.from({ length: MAX_TRACKERS }, (_, i) => i))
    expectError(await call('POST', '/trackers', alice, { name: 'One more', kind: 'yesno' }), 409, 'limit_reached',
      `You have ${MAX_TRACKERS} trackers, the most there can be. Delete or reuse one first.`)
  })

  test('401 without a token on every route; a malformed id is 404', async () => {
    const id = 1
    for (const [method, path] of [['GET', '/trackers'], ['POST', '/trackers'], ['PATCH', `/trackers/${id}`], ['DELETE', `/trackers/${id}`],
      ['GET', '/activities'], ['POST', '/activities'], ['PATCH', `/activities/${id}`], ['DELETE', `/activities/${id}`]] as const) {
      expectUnauthenticated(await call(method, path, null, {}))
    }
    expectNotFound(await call('PATCH', '/trackers/not-an-id', alice, { name: 'x' }))
  })
})

describe('activities', () => {
  test('create, list in order, rename, group, archive, delete; another person\'s are out of reach', async () => {
    const r = await call('POST', '/activities', alice, { name: 'Family', group: 'People' })
    expect(r.status).toBe(201)
    expect(r.body.data).toEqual({ id: expect.any(Number), name: 'Family', group: 'People', position: 0, archived: false, created_at: NOW, updated_at: NOW })
    const reading = (await call('POST', '/activities', alice, { name: 'Reading' })).body.data
    expect(reading).toMatchObject({ group: null, position: 1 })
    expectInvalid(await call('POST', '/activities', alice, { name: 'family' }), { name: 'The name has already been taken.' })
    expectInvalid(await call('POST', '/activities', alice, { group: 'g'.repeat(41) }),
      { name: 'The name field is required.', group: 'The group field must not be greater than 40 characters.' })
    const renamed = await call('PATCH', `/activities/${reading.id}`, alice, { name: 'Books', group: 'Hobbies', archived: true })
    expect(renamed.body.data).toMatchObject({ name: 'Books', group: 'Hobbies', archived: true })
    expectNotFound(await call('PATCH', `/activities/${reading.id}`, bob, { name: 'Mine now' }))
    expectNotFound(await call('DELETE', `/activities/${reading.id}`, bob))
    expect((await call('DELETE', `/activities/${reading.id}`, alice)).status).toBe(200)
    expect((await call('GET', '/activities', alice)).body.data.map((a: { name: string }) => a.name)).toEqual(['Family'])
    expect((await call('GET', '/activities', bob)).body.data).toEqual([])
  })

  test(`at most ${MAX_ACTIVITIES} activities`, async () => {
    for (let i = 0; i < MAX_ACTIVITIES; i++) expect((await call('POST', '/activities', alice, { name: `A${i}` })).status).toBe(201)
    expectError(await call('POST', '/activities', alice, { name: 'One more' }), 409, 'limit_reached')
  })
})
