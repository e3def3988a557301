import { expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser } from '../helpers/fixtures'
import { hasCheckInOn } from '../../src/features/check-in/check-ins'
import { presentCheckIn } from '../../src/features/check-in/present'
import { checkIns } from '../../src/features/check-in/schema'
import { list, post } from './helpers'

const t = useTestApp()

test('hasCheckInOn (chat bot reminder) sees only the user\'s entry of that date', async () => {
  const alice = await createUser(t)
  const bob = await createUser(t)
  await post(t, alice, { date: '2026-06-24' })
  expect(hasCheckInOn(t.deps, alice.id, '2026-06-24')).toBe(true)
  expect(hasCheckInOn(t.deps, alice.id, '2026-06-23')).toBe(false)
  expect(hasCheckInOn(t.deps, bob.id, '2026-06-24')).toBe(false)
})

test('presentCheckIn (export) gives the API shape', async () => {
  const alice = await createUser(t)
  await post(t, alice, { date: '2026-06-24', mood: 2, social_life: 5 })
  const row = t.deps.db.select().from(checkIns).get()!
  expect([presentCheckIn(row)]).toEqual((await list(t, alice)).body.data)
})
