/** GET /api/v1/streaks and PUT /api/v1/streaks/rules (docs/api/streaks.md), with a moved clock. */
import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { expectInvalid, expectUnauthenticated } from '../helpers/expect'
import { DAY } from '../../src/lib/clock'

const t = useTestApp()
let alice: TestUser
beforeEach(async () => {
  alice = await createUser(t, { platform: 'mobile' }) // an app's token outlives the weeks the clock moves
})

const streaks = async (user: TestUser = alice) => {
  const r = await t.request('GET', '/api/v1/streaks', { token: user.token })
  expect(r.status).toBe(200)
  return r.body.data
}
const checkIn = async (date: string, body: Record<string, unknown> = { mood: 3 }, user: TestUser = alice) =>
  expect((await t.request('POST', '/api/v1/check-in', { token: user.token, body: { date, ...body } })).status).toBe(201)
const rules = (body: Record<string, unknown>, user: TestUser = alice) => t.request('PUT', '/api/v1/streaks/rules', { token: user.token, body })
/** `n` consecutive dates ending with `last` (inclusive). */
const daysEnding = (last: string, n: number) => Array.from({ length: n }, (_, i) => new Date(Date.parse(last) - (n - 1 - i) * DAY).toISOString().slice(0, 10))

// The test clock starts at 2026-06-24T10:00Z; alice is in UTC.
describe('the check-in streak', () => {
  test('none yet: zeros and nulls, the rules at their defaults', async () => {
    expect(await streaks()).toEqual({
      today: '2026-06-24',
      check_in: { current: 0, current_since: null, longest: 0, longest_from: null, longest_to: null },
      trackers: [],
      rules: { skip_days_per_month: 0, pauses: [], shared: false },
    })
  })

  test('today not checked in yet breaks nothing; checking in counts it; a missed day ends the run', async () => {
    for (const date of daysEnding('2026-06-23', 5)) await checkIn(date)
    expect((await streaks()).check_in).toEqual({ current: 5, current_since: '2026-06-19', longest: 5, longest_from: '2026-06-19', longest_to: '2026-06-23' })
    await checkIn('2026-06-24')
    expect((await streaks()).check_in).toMatchObject({ current: 6, longest: 6, longest_to: '2026-06-24' })
    t.clock.advance(2 * DAY) // the 25th passes without a check-in
    expect((await streaks()).check_in).toEqual({ current: 0, current_since: null, longest: 6, longest_from: '2026-06-19', longest_to: '2026-06-24' })
    await checkIn('2026-06-26')
    expect((await streaks()).check_in).toMatchObject({ current: 1, current_since: '2026-06-26', longest: 6 })
  })

  test('skip days: a budget per calendar month, across a month end, spent only by a going run', async () => {
    expect((await rules({ skip_days_per_month: 1 })).status).toBe(200)
    t.clock.set('2026-07-10T10:00:00Z')
    // June 25–29 done, June 30 missed (June's skip), July 1 missed (July's skip), July 2–5 done
    for (const date of [...daysEnding('2026-06-29', 5), ...daysEnding('2026-07-05', 4)]) await checkIn(date)
    // July 6 missed: July's skip is spent, so the run ended on the 5th
    expect((await streaks()).check_in).toMatchObject({ current: 0, longest: 9, longest_from: '2026-06-25', longest_to: '2026-07-05' })
    await rules({ skip_days_per_month: 2 })
    expect((await streaks()).check_in).toMatchObject({ longest: 9 })
    for (const date of daysEnding('2026-07-10', 3)) await checkIn(date) // July 8–10; July 7 is the third miss of July
    expect((await streaks()).check_in).toMatchObject({ current: 3, current_since: '2026-07-08', longest: 9 })
  })

  test('a paused range neither counts nor breaks; a pause over today keeps the run too', async () => {
    for (const date of [...daysEnding('2026-06-10', 3), ...daysEnding('2026-06-24', 5)]) await checkIn(date)
    expect((await streaks()).check_in).toMatchObject({ current: 5, longest: 5 })
    const r = await rules({ pauses: [{ from: '2026-06-11', to: '2026-06-19' }], shared: true })
    expect(r.body.data).toEqual({ skip_days_per_month: 0, pauses: [{ from: '2026-06-11', to: '2026-06-19' }], shared: true })
    expect((await streaks()).check_in).toEqual({ current: 8, current_since: '2026-06-08', longest: 8, longest_from: '2026-06-08', longest_to: '2026-06-24' })
    await rules({ pauses: [{ from: '2026-06-11', to: '2026-06-19' }, { from: '2026-06-25', to: '2026-07-02' }] })
    t.clock.set('2026-07-01T10:00:00Z')
    expect((await streaks()).check_in).toMatchObject({ current: 8, longest: 8 })
  })

  test('today is the person\'s own: in Auckland the 25th has begun', async () => {
    const kiwi = await createUser(t, { timezone: 'Pacific/Auckland' })
    t.clock.set('2026-06-24T13:00:00Z')
    await checkIn('2026-06-24', { mood: 2 }, kiwi)
    expect(await streaks(kiwi)).toMatchObject({ today: '2026-06-25', check_in: { current: 1, current_since: '2026-06-24' } })
  })
})

describe('streaks of yes/no trackers', () => {
  test('days answered yes, in the person\'s order; a no breaks the run; archived ones are left out', async () => {
    const define = async (body: Record<string, unknown>) => (await t.request('POST', '/api/v1/trackers', { token: alice.token, body })).body.data.id
    const gym = await define({ name: 'Gym', kind: 'yesno' })
    const read = await define({ name: 'Reading', kind: 'yesno' })
    await define({ name: 'Energy', kind: 'scale' })
    await define({ name: 'Old', kind: 'yesno', archived: true })
    await checkIn('2026-06-21', { values: { [gym]: true, [read]: true } })
    await checkIn('2026-06-22', { values: { [gym]: false, [read]: true } })
    await checkIn('2026-06-23', { values: { [gym]: true, [read]: true } })
    await checkIn('2026-06-24', { values: { [gym]: true } })
    const { trackers } = await streaks()
    expect(trackers).toEqual([
      { tracker_id: gym, name: 'Gym', current: 2, current_since: '2026-06-23', longest: 2, longest_from: '2026-06-23', longest_to: '2026-06-24' },
      { tracker_id: read, name: 'Reading', current: 3, current_since: '2026-06-21', longest: 3, longest_from: '2026-06-21', longest_to: '2026-06-23' },
    ])
  })
})

describe('PUT /streaks/rules', () => {
  test('validation: the budget, the pauses\' shape, order, length and count', async () => {
    expectInvalid(await rules({ skip_days_per_month: 11, shared: 'yes' }), {
      skip_days_per_month: 'The skip days per month field must be between 0 and 10.', shared: 'The shared field must be true or false.',
    })
    expectInvalid(await rules({ pauses: [{ from: '2026-06-01' }] }), { pauses: 'The pauses.0 field must be an object with the dates from and to (YYYY-MM-DD).' })
    expectInvalid(await rules({ pauses: [{ from: '2026-06-10', to: '2026-06-01' }] }), { pauses: 'The pauses.0 field must end on or after its start and last at most 366 days.' })
    expectInvalid(await rules({ pauses: [{ from: '2020-01-01', to: '2026-01-01' }] }), { pauses: 'The pauses.0 field must end on or after its start and last at most 366 days.' })
    expectInvalid(await rules({ pauses: Array.from({ length: 51 }, () => ({ from: '2026-06-01', to: '2026-06-02' })) }), { pauses: 'The pauses field must not have more than 50 items.' })
    expect((await streaks()).rules).toEqual({ skip_days_per_month: 0, pauses: [], shared: false })
  })

  test('a key not sent keeps its rule; another person\'s rules are their own; 401 without a token', async () => {
    const bob = await createUser(t)
    await rules({ skip_days_per_month: 3, pauses: [{ from: '2026-06-01', to: '2026-06-02' }] })
    expect((await rules({ shared: true })).body.data).toEqual({ skip_days_per_month: 3, pauses: [{ from: '2026-06-01', to: '2026-06-02' }], shared: true })
    expect((await streaks(bob)).rules).toEqual({ skip_days_per_month: 0, pauses: [], shared: false })
    expectUnauthenticated(await t.request('GET', '/api/v1/streaks'))
    expectUnauthenticated(await t.request('PUT', '/api/v1/streaks/rules', { body: {} }))
  })
})
