import { expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser } from '../helpers/fixtures'
import { webauthnChallenges } from '../../src/features/auth/schema'
import { authJobs } from '../../src/features/auth/jobs'

const t = useTestApp()

const stored = () => t.deps.db.select().from(webauthnChallenges).all().length

test('the hourly housekeeping job (at :15) deletes expired challenges only', async () => {
  const job = authJobs(t.deps).find((j) => j.name === 'housekeeping-webauthn-challenges')!
  expect(job.pattern).toBe('15 * * * *')
  const user = await createUser(t)
  await t.request('POST', '/api/v1/auth/passkeys/register-options', { token: user.token })
  await t.request('POST', '/api/v1/auth/passkey/authenticate-options')
  t.clock.advance(4 * 60_000)
  await t.request('POST', '/api/v1/auth/passkey/authenticate-options')
  expect(stored()).toBe(3)
  expect(await job.run()).toEqual({ webauthnChallenges: 0 })
  t.clock.advance(60_000)
  expect(await job.run()).toEqual({ webauthnChallenges: 2 })
  expect(stored()).toBe(1)
  t.clock.advance(4 * 60_000)
  expect(await job.run()).toEqual({ webauthnChallenges: 1 })
  expect(stored()).toBe(0)
})
