import { expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser } from '../helpers/fixtures'
import { presentCheckIn } from '../../src/features/check-in/present'
import { checkIns } from '../../src/features/check-in/schema'
import { list, post } from './helpers'

const t = useTestApp()

test('presentCheckIn (export) gives the API shape', async () => {
  const alice = await createUser(t)
  await post(t, alice, { date: '2026-06-24', mood: 2, social_life: 5 })
  const row = t.deps.db.select().from(checkIns).get()!
  expect([presentCheckIn(row)]).toEqual((await list(t, alice)).body.data)
})
