import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { MINUTE } from '../../src/lib/clock'
import { EMPTY_TRACKERS, TRACKER_KEYS, expectInvalid, expectUnauthenticated, list, post } from './helpers'

const t = useTestApp()
let alice: TestUser
beforeEach(async () => {
  alice = await createUser(t)
})

const FULL = {
  mood: 4, sleep: 5, dreams: 1, food_quality: 4, food_amount: 3, water: 3, sports: 6, work: 3, menstruation: 2, alcohol: 1, smoking: 5, social_life: 4,
}

describe('POST /v1/check-in', () => {
  test('creates an entry: 201, every tracker key present, unsent ones null', async () => {
    const r = await post(t, alice, { date: '2026-06-24', mood: 4, sports: 2, unknown_key: 'ignored' })
    expect(r.status).toBe(201)
    expect(r.body).toEqual({
      success: true, message: 'Check-in data created successfully.', timestamp: '2026-06-24T10:00:00.000Z',
      data: {
        id: expect.any(Number), date: '2026-06-24', ...EMPTY_TRACKERS, mood: 4, sports: 2,
        created_at: '2026-06-24T10:00:00.000Z', updated_at: '2026-06-24T10:00:00.000Z', values: {}, activities: [], sport_ids: [2], note: null,
      },
    })
    expect(Object.keys(r.body.data)).toEqual(['id', 'date', ...TRACKER_KEYS, 'created_at', 'updated_at', 'values', 'activities', 'sport_ids', 'note'])
  })

  test('all twelve trackers at once', async () => {
    const r = await post(t, alice, { date: '2026-06-24', ...FULL })
    expect(r.status).toBe(201)
    expect(r.body.data).toMatchObject(FULL)
  })

  test('a second post for the date updates in place: partial merge, null clears, empty string is absent', async () => {
    const created = (await post(t, alice, { date: '2026-06-24', mood: 4, sleep: 5, water: 2 })).body.data
    t.clock.advance(5 * MINUTE)
    const r = await post(t, alice, { date: '2026-06-24', mood: 2, sleep: null, water: '', dreams: '   ' })
    expect(r.status).toBe(201)
    expect(r.body.data).toEqual({
      ...created, mood: 2, sleep: null, water: 2, updated_at: '2026-06-24T10:05:00.000Z',
    })
    const all = (await list(t, alice)).body.data
    expect(all).toEqual([r.body.data])
  })

  test('a body with only a date creates an empty entry, then only touches updated_at', async () => {
    const created = (await post(t, alice, { date: '2026-06-24' })).body.data
    expect(created).toMatchObject(EMPTY_TRACKERS)
    await post(t, alice, { date: '2026-06-24', mood: 3 })
    t.clock.advance(MINUTE)
    const touched = await post(t, alice, { date: '2026-06-24' })
    expect(touched.status).toBe(201)
    expect(touched.body.data).toEqual({ ...created, mood: 3, updated_at: '2026-06-24T10:01:00.000Z' })
  })

  test('past and future dates, leap days', async () => {
    for (const date of ['0001-01-01', '1999-12-31', '2030-01-15', '2024-02-29', '2000-02-29', '9999-12-31']) {
      const r = await post(t, alice, { date })
      expect(r.status).toBe(201)
      expect(r.body.data.date).toBe(date)
    }
    expect((await list(t, alice)).body.data).toHaveLength(6)
  })

  test('date: required and strict YYYY-MM-DD of a real day', async () => {
    for (const body of [{}, { date: null }, { date: '' }, { date: '  ' }, { mood: 3 }]) {
      expectInvalid(await post(t, alice, body), { date: 'The date field is required.' })
    }
    const bad = 'The date field must be a valid date in the format YYYY-MM-DD.'
    for (const date of ['2026-02-30', '2026-6-4', '2026-06-24T00:00:00Z', '2025-02-29', '1900-02-29', '0000-01-01', '2026-13-01', '2026-00-10', '24.06.2026', 'today', 20260624, true]) {
      expectInvalid(await post(t, alice, { date }), { date: bad })
    }
    // surrounding white space is trimmed first (docs/api/conventions.md §2.4)
    expect((await post(t, alice, { date: ' 2026-06-24 ' })).status).toBe(201)
  })

  test('ratings are integers from 1 to 5; anything else is invalid', async () => {
    for (const value of [0, 6, -1, 3.5, '3', true, [3], { v: 3 }]) {
      expectInvalid(await post(t, alice, { date: '2026-06-24', food_quality: value }), { food_quality: 'The selected food quality is invalid.' })
    }
    for (const value of [1, 5]) expect((await post(t, alice, { date: '2026-06-24', mood: value })).status).toBe(201)
    // a JSON number with an integral value, written as 3.0, is an integer (docs/api/conventions.md §2.5)
    const r = await t.request('POST', '/api/v1/check-in', { token: alice.token, body: '{"date":"2026-06-24","mood":3.0}', headers: { 'content-type': 'application/json' } })
    expect(r.status).toBe(201)
    expect(r.body.data.mood).toBe(3)
  })

  test('sports accepts 1 to 6', async () => {
    expect((await post(t, alice, { date: '2026-06-24', sports: 6 })).body.data.sports).toBe(6)
    expectInvalid(await post(t, alice, { date: '2026-06-24', sports: 7 }), { sports: 'The selected sports is invalid.' })
    expectInvalid(await post(t, alice, { date: '2026-06-24', sports: 0 }), { sports: 'The selected sports is invalid.' })
    expectInvalid(await post(t, alice, { date: '2026-06-24', mood: 6 }), { mood: 'The selected mood is invalid.' })
  })

  test('every field is reported, and nothing is written when any fails', async () => {
    const body = { date: '2026-02-30', ...Object.fromEntries(TRACKER_KEYS.map((k) => [k, 9])) }
    const expected = Object.fromEntries(TRACKER_KEYS.map((k) => [k, `The selected ${k.replace('_', ' ')} is invalid.`]))
    expectInvalid(await post(t, alice, body), { date: 'The date field must be a valid date in the format YYYY-MM-DD.', ...expected })
    expectInvalid(await post(t, alice, { date: '2026-06-24', mood: 3, social_life: 'x' }), { social_life: 'The selected social life is invalid.' })
    expect((await list(t, alice)).body.data).toEqual([])
  })

  test('entries are per user: the same date for two users gives two entries', async () => {
    const bob = await createUser(t)
    const a = (await post(t, alice, { date: '2026-06-24', mood: 1 })).body.data
    const b = (await post(t, bob, { date: '2026-06-24', mood: 5 })).body.data
    expect(a.id).not.toBe(b.id)
    expect((await list(t, alice)).body.data).toEqual([a])
    expect((await list(t, bob)).body.data).toEqual([b])
  })

  test('malformed JSON → 400; 401 comes first', async () => {
    const bad = await t.request('POST', '/api/v1/check-in', { token: alice.token, body: '{"date":', headers: { 'content-type': 'application/json' } })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('malformed_json')
    expectUnauthenticated(await post(t, null, { date: '2026-06-24' }))
    expectUnauthenticated(await t.request('POST', '/api/v1/check-in', { body: '{"date":', headers: { 'content-type': 'application/json' } }))
    expect((await list(t, alice)).body.data).toEqual([])
  })
})
