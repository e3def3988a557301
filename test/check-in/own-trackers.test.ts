/** POST /api/v1/check-in with `values`, `activities` and `note` (docs/api/check-in.md §5), through HTTP. */
import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { expectInvalid } from '../helpers/expect'
import { list, post } from './helpers'

const t = useTestApp()
let alice: TestUser
let bob: TestUser
const ids: Record<string, number> = {}

async function define(user: TestUser, path: 'trackers' | 'activities', body: Record<string, unknown>): Promise<number> {
  const r = await t.request('POST', `/api/v1/${path}`, { token: user.token, body })
  expect(r.status).toBe(201)
  return r.body.data.id
}

beforeEach(async () => {
  alice = await createUser(t)
  bob = await createUser(t)
  ids.energy = await define(alice, 'trackers', { name: 'Energy', kind: 'scale', min: 0, max: 10 })
  ids.gym = await define(alice, 'trackers', { name: 'Gym', kind: 'yesno' })
  ids.weight = await define(alice, 'trackers', { name: 'Weight', kind: 'number', unit: 'kg', min: 30, max: 250, decimals: 1 })
  ids.steps = await define(alice, 'trackers', { name: 'Steps', kind: 'number' })
  ids.old = await define(alice, 'trackers', { name: 'Old', kind: 'yesno', archived: true })
  ids.bobs = await define(bob, 'trackers', { name: 'Energy', kind: 'scale' })
  ids.family = await define(alice, 'activities', { name: 'Family' })
  ids.reading = await define(alice, 'activities', { name: 'Reading' })
  ids.retired = await define(alice, 'activities', { name: 'Retired', archived: true })
  ids.bobsActivity = await define(bob, 'activities', { name: 'Family' })
})

describe('values of one\'s own trackers', () => {
  test('each kind stored and answered after the contract\'s keys; yes/no as 1 or 0; an id as a number or its digits', async () => {
    const r = await post(t, alice, {
      date: '2026-06-24', mood: 4,
      values: { [ids.energy!]: 7, [ids.gym!]: true, [ids.weight!]: 71.5, [ids.steps!]: -3 },
      activities: [ids.reading, String(ids.family), ids.reading], note: '  **Good** day  ',
    })
    expect(r.status).toBe(201)
    expect(r.body.data).toMatchObject({
      mood: 4, values: { [ids.energy!]: 7, [ids.gym!]: 1, [ids.weight!]: 71.5, [ids.steps!]: -3 },
      activities: [ids.family, ids.reading], note: '**Good** day',
    })
    expect((await list(t, alice)).body.data).toEqual([r.body.data])
  })

  test('every value is checked against its tracker, all errors at once', async () => {
    expectInvalid(await post(t, alice, {
      date: '2026-06-24',
      values: { [ids.energy!]: 11, [ids.gym!]: 'yes', [ids.weight!]: 71.55, [ids.steps!]: '5', [ids.old!]: true, [ids.bobs!]: 3, nope: 1, 0: 2 },
    }), {
      [`values.${ids.energy}`]: `The values.${ids.energy} field must be an integer from 0 to 10.`,
      [`values.${ids.gym}`]: `The values.${ids.gym} field must be true or false.`,
      [`values.${ids.weight}`]: `The values.${ids.weight} field must have at most 1 decimal places.`,
      [`values.${ids.steps}`]: `The values.${ids.steps} field must be a number.`,
      [`values.${ids.old}`]: `The selected values.${ids.old} is invalid.`,
      [`values.${ids.bobs}`]: `The selected values.${ids.bobs} is invalid.`,
      'values.nope': 'The selected values.nope is invalid.',
      'values.0': 'The selected values.0 is invalid.',
    })
    expectInvalid(await post(t, alice, { date: '2026-06-24', values: { [ids.weight!]: 29.9 } }),
      { [`values.${ids.weight}`]: `The values.${ids.weight} field must be between 30 and 250.` })
    expectInvalid(await post(t, alice, { date: '2026-06-24', values: [1, 2] }), { values: 'The values field must be an object.' })
    expect((await list(t, alice)).body.data).toEqual([])
  })

  test('partial updates: an absent key keeps, null clears one, values: null clears all', async () => {
    await post(t, alice, { date: '2026-06-24', values: { [ids.energy!]: 3, [ids.steps!]: 1000 } })
    let day = (await post(t, alice, { date: '2026-06-24', values: { [ids.energy!]: null, [ids.gym!]: false } })).body.data
    expect(day.values).toEqual({ [ids.steps!]: 1000, [ids.gym!]: 0 })
    day = (await post(t, alice, { date: '2026-06-24', sleep: 2 })).body.data
    expect(day.values).toEqual({ [ids.steps!]: 1000, [ids.gym!]: 0 })
    day = (await post(t, alice, { date: '2026-06-24', values: null })).body.data
    expect(day).toMatchObject({ sleep: 2, values: {} })
  })

  test('deleting a tracker removes its values from every day', async () => {
    await post(t, alice, { date: '2026-06-23', values: { [ids.energy!]: 3, [ids.steps!]: 1 } })
    await post(t, alice, { date: '2026-06-24', values: { [ids.energy!]: 4 } })
    expect((await t.request('DELETE', `/api/v1/trackers/${ids.energy}`, { token: alice.token })).status).toBe(200)
    expect((await list(t, alice)).body.data.map((d: { values: object }) => d.values)).toEqual([{}, { [ids.steps!]: 1 }])
  })
})

describe('activities and the note', () => {
  test('activities replace the day\'s set; another person\'s, archived and malformed ids are refused', async () => {
    await post(t, alice, { date: '2026-06-24', activities: [ids.family] })
    expect((await post(t, alice, { date: '2026-06-24', activities: [ids.reading] })).body.data.activities).toEqual([ids.reading])
    expectInvalid(await post(t, alice, { date: '2026-06-24', activities: [ids.family, ids.bobsActivity, ids.retired, 'x'] }), {
      'activities.1': 'The selected activities.1 is invalid.',
      'activities.2': 'The selected activities.2 is invalid.',
      'activities.3': 'The selected activities.3 is invalid.',
    })
    expect((await post(t, alice, { date: '2026-06-24', activities: null })).body.data.activities).toEqual([])
    expectInvalid(await post(t, bob, { date: '2026-06-24', activities: [ids.family] }), { 'activities.0': 'The selected activities.0 is invalid.' })
  })

  test('an activity archived later stays on the days that have it, and can be kept there, but is not added anew', async () => {
    await post(t, alice, { date: '2026-06-24', activities: [ids.family, ids.reading] })
    expect((await t.request('PATCH', `/api/v1/activities/${ids.family}`, { token: alice.token, body: { archived: true } })).status).toBe(200)
    const kept = await post(t, alice, { date: '2026-06-24', activities: [ids.family] })
    expect(kept.status).toBe(201)
    expect(kept.body.data.activities).toEqual([ids.family])
    expectInvalid(await post(t, alice, { date: '2026-06-23', activities: [ids.family] }), { 'activities.0': 'The selected activities.0 is invalid.' })
  })

  test('a note up to 10,000 characters; null clears it; absent keeps it', async () => {
    expect((await post(t, alice, { date: '2026-06-24', note: 'é'.repeat(10_000) })).status).toBe(201)
    expectInvalid(await post(t, alice, { date: '2026-06-24', note: 'x'.repeat(10_001) }), { note: 'The note field must not be greater than 10000 characters.' })
    expect((await post(t, alice, { date: '2026-06-24', mood: 3 })).body.data.note).toBe('é'.repeat(10_000))
    expect((await post(t, alice, { date: '2026-06-24', note: null })).body.data.note).toBeNull()
  })

  test('another person never sees them', async () => {
    await post(t, alice, { date: '2026-06-24', values: { [ids.energy!]: 3 }, activities: [ids.family], note: 'private' })
    await post(t, bob, { date: '2026-06-24', mood: 1 })
    expect((await list(t, bob)).body.data[0]).toMatchObject({ values: {}, activities: [], note: null })
  })
})
