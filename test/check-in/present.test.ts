import { expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser } from '../helpers/fixtures'
import { presentCheckIn } from '../../src/features/check-in/present'
import { list, post } from './helpers'

const t = useTestApp()

test('presentCheckIn (export) gives the API shape', async () => {
  const alice = await createUser(t)
  await post(t, alice, { date: '2026-06-24', mood: 2, social_life: 5 })
  const days = await t.deps.stores.checkIns.list(alice.id)
  expect(days.map(presentCheckIn)).toEqual((await list(t, alice)).body.data)
})
