import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { DAY, MINUTE } from '../../src/lib/clock'
import { friendRequests } from '../../src/features/friends/schema'
import { friendsJobs, pruneAnsweredFriendRequests } from '../../src/features/friends/jobs'
import { answer, friendIds, requestsOf, sendRequest } from './helpers'

let t: TestApp
let alice: TestUser
let bob: TestUser
let carol: TestUser
let dave: TestUser
// mobile tokens (90 days) outlive the clock moves below
beforeEach(async () => {
  t = createTestApp()
  alice = await createUser(t, { name: 'Alice', platform: 'mobile' })
  bob = await createUser(t, { name: 'Bob', platform: 'mobile' })
  carol = await createUser(t, { name: 'Carol', platform: 'mobile' })
  dave = await createUser(t, { name: 'Dave', platform: 'mobile' })
})
afterEach(() => t.close())

const storedIds = () => t.deps.db.select({ id: friendRequests.id }).from(friendRequests).all().map((r) => r.id).sort((a, b) => a - b)

describe('answered requests expire 7 days after their answer', () => {
  test('the list hides them after 7 days, counted from the answer, without the job', async () => {
    const accepted = await sendRequest(t, alice, bob)
    const rejected = await sendRequest(t, alice, carol)
    const pending = await sendRequest(t, alice, dave)
    t.clock.advance(3 * DAY) // answered three days after creation
    await answer(t, bob, accepted, 'accept')
    await answer(t, carol, rejected, 'reject')

    t.clock.advance(7 * DAY) // exactly 7 days after the answer: still shown
    expect((await requestsOf(t, alice)).map((x) => x.id)).toEqual([pending, rejected, accepted])
    t.clock.advance(1)
    expect((await requestsOf(t, alice)).map((x) => x.id)).toEqual([pending])
    expect((await requestsOf(t, bob))).toEqual([])
    // The friendship itself does not expire.
    expect(await friendIds(t, alice)).toEqual([bob.id])
    expect(storedIds()).toEqual([accepted, rejected, pending])
  })

  test('the retention job deletes answered requests older than 7 days and nothing else', async () => {
    const accepted = await sendRequest(t, alice, bob)
    const rejected = await sendRequest(t, alice, carol)
    const pending = await sendRequest(t, dave, alice)
    await answer(t, bob, accepted, 'accept')
    t.clock.advance(2 * DAY)
    await answer(t, carol, rejected, 'reject')

    t.clock.advance(5 * DAY) // accepted: exactly 7 days old, rejected: 5 days
    expect(pruneAnsweredFriendRequests(t.deps)).toBe(0)
    t.clock.advance(MINUTE)
    expect(pruneAnsweredFriendRequests(t.deps)).toBe(1)
    expect(storedIds()).toEqual([rejected, pending])
    t.clock.advance(60 * DAY) // pending requests never expire
    expect(pruneAnsweredFriendRequests(t.deps)).toBe(1)
    expect(pruneAnsweredFriendRequests(t.deps)).toBe(0)
    expect(storedIds()).toEqual([pending])
    expect((await requestsOf(t, alice)).map((x) => [x.id, x.status])).toEqual([[pending, 'pending']])
    expect(await friendIds(t, alice)).toEqual([bob.id])
  })

  test('the job is scheduled daily at 03:30 UTC', () => {
    const jobs = friendsJobs(t.deps)
    expect(jobs.map((j) => j.pattern)).toEqual(['30 3 * * *'])
  })
})
