import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { createUser, newToken } from '../helpers/fixtures'
import { HOUR, MINUTE } from '../../src/lib/clock'
import { authJobs } from '../../src/features/auth/jobs'
import { createMailApp, linkIn, nthMail, PASSWORD, registration, type MailApp } from './helpers'

let m: MailApp
beforeEach(async () => { m = await createMailApp() })
afterEach(async () => { await m.close() })

const NOW = '2026-06-24T10:00:00.000Z'
const NEW_PASSWORD = 'a brand new passphrase'
const FORGOT_MESSAGE = 'If an account exists for this email, a password reset link has been sent.'
const INVALID = { success: false, message: 'This reset link is invalid.', code: 'invalid_reset_token', errors: ['invalid_token'] }

const forgot = (body: unknown) => m.t.request('POST', '/api/v1/auth/forgot-password', { body })
const reset = (body: unknown) => m.t.request('POST', '/api/v1/auth/reset-password', { body })
let loginIp = 0
/** Each login from its own address, so the login limiter never gets in the way of these tests. */
const login = (password: string, email = 'ada@example.com') =>
  m.t.request('POST', '/api/v1/auth/login', { body: { email, password }, ip: `10.0.0.${++loginIp}` })

/** Asks for a reset and returns the link's query values. */
async function mailedReset(email: string, n: number, platform?: string) {
  expect((await forgot(platform ? { email, platform } : { email })).status).toBe(200)
  const link = linkIn((await nthMail(m.smtp, n)).text)
  expect(link.origin + link.pathname).toBe('https://app.example.com/auth/reset-password')
  return { token: link.searchParams.get('token')!, email: link.searchParams.get('email')!, platform: link.searchParams.get('platform'), link }
}

describe('forgot-password and reset-password', () => {
  test('the full loop through the mailed link: new password, every session revoked, single use', async () => {
    const u = await createUser(m.t, { email: 'ada@example.com' })
    const other = newToken(m.t, u.id, 'mobile')
    const r = await forgot({ email: 'Ada@Example.com' })
    expect(r.body).toEqual({ success: true, message: FORGOT_MESSAGE, data: null, timestamp: NOW })
    const mailed = await mailedReset('ada@example.com', 2)
    expect(mailed.token).toMatch(/^[0-9a-f]{64}$/)
    expect(mailed.email).toBe('ada@example.com')
    // The second request replaced the first token.
    const first = linkIn((await nthMail(m.smtp, 1)).text).searchParams.get('token')!
    expect((await reset({ token: first, email: 'ada@example.com', password: NEW_PASSWORD })).body).toMatchObject(INVALID)

    const done = await reset({ token: mailed.token, email: mailed.email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })
    expect(done.status).toBe(200)
    expect(done.body).toEqual({ success: true, message: 'Password reset successfully. You can now log in.', data: null, timestamp: NOW })
    for (const token of [u.token, other.token]) expect((await m.t.request('GET', '/api/v1/auth/tokens', { token })).status).toBe(401)
    expect((await login(PASSWORD)).body.code).toBe('invalid_credentials')
    expect((await login(NEW_PASSWORD)).status).toBe(200)

    const reuse = await reset({ token: mailed.token, email: mailed.email, password: 'yet another passphrase' })
    expect(reuse.status).toBe(401)
    expect(reuse.body).toEqual({ ...INVALID, timestamp: NOW })
  })

  test('a failed attempt does not consume the token; wrong e-mail or token are refused', async () => {
    await createUser(m.t, { email: 'ada@example.com' })
    await createUser(m.t, { email: 'bob@example.com' })
    const mailed = await mailedReset('ada@example.com', 1)
    expect((await reset({ token: mailed.token.replace(/^./, (c) => (c === '0' ? '1' : '0')), email: 'ada@example.com', password: NEW_PASSWORD })).status).toBe(401)
    expect((await reset({ token: mailed.token, email: 'bob@example.com', password: NEW_PASSWORD })).status).toBe(401)
    expect((await reset({ token: mailed.token, email: 'nobody@example.com', password: NEW_PASSWORD })).status).toBe(401)
    expect((await reset({ token: mailed.token, email: 'ADA@example.com', password: NEW_PASSWORD })).status).toBe(200)
  })

  test('the link expires after 60 minutes', async () => {
    await createUser(m.t, { email: 'ada@example.com' })
    const mailed = await mailedReset('ada@example.com', 1)
    m.t.clock.advance(HOUR)
    const r = await reset({ token: mailed.token, email: mailed.email, password: NEW_PASSWORD })
    expect(r.status).toBe(401)
    expect(r.body.code).toBe('invalid_reset_token')
  })

  test('the link still works at 59 minutes', async () => {
    await createUser(m.t, { email: 'ada@example.com' })
    const mailed = await mailedReset('ada@example.com', 1)
    m.t.clock.advance(59 * MINUTE)
    expect((await reset({ token: mailed.token, email: mailed.email, password: NEW_PASSWORD })).status).toBe(200)
  })

  test('a reset proves the mailbox: an unverified account becomes verified and its verification link dies', async () => {
    expect((await m.t.request('POST', '/api/v1/auth/register', { body: registration() })).status).toBe(201)
    const verifyLink = linkIn((await nthMail(m.smtp, 1)).text)
    expect((await login(PASSWORD)).body.code).toBe('email_not_verified')
    const mailed = await mailedReset('ada@example.com', 2)
    expect((await reset({ token: mailed.token, email: mailed.email, password: NEW_PASSWORD })).status).toBe(200)
    const session = await login(NEW_PASSWORD)
    expect(session.status).toBe(200)
    expect(session.body.data.user.confirmed).toBe(true)
    const [, , , userId, token] = verifyLink.pathname.split('/')
    expect((await m.t.request('POST', '/api/v1/auth/verify', { body: { user_id: userId, token } })).body.code).toBe('already_verified')
  })

  test('unknown address: same answer, no mail', async () => {
    const r = await forgot({ email: 'nobody@example.com' })
    expect(r.status).toBe(200)
    expect(r.body.message).toBe(FORGOT_MESSAGE)
    await createUser(m.t, { email: 'ada@example.com' })
    await mailedReset('ada@example.com', 1)
    expect(m.smtp.messages).toHaveLength(1)
  })

  test('the link carries the platform when it is not web and encodes the e-mail', async () => {
    await createUser(m.t, { email: 'ada+daybook@example.com' })
    const mailed = await mailedReset('ada+daybook@example.com', 1, 'mobile')
    expect(mailed.platform).toBe('mobile')
    expect(mailed.link.search).toBe(`?token=${mailed.token}&email=ada%2Bdaybook%40example.com&platform=mobile`)
    const web = await mailedReset('ada+daybook@example.com', 2, 'web')
    expect(web.link.searchParams.has('platform')).toBe(false)
  })

  test('forgot-password validation', async () => {
    const r = await forgot({ platform: 'tv' })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({ email: ['The email field is required.'], platform: ['The selected platform is invalid.'] })
    expect((await forgot({ email: 'a@b' })).body.errors).toEqual({ email: ['The email field must be a valid email address.'] })
  })

  test('reset-password validation', async () => {
    const empty = await reset({})
    expect(empty.status).toBe(422)
    expect(empty.body.errors).toEqual({
      token: ['The token field is required.'],
      email: ['The email field is required.'],
      password: ['The password field is required.'],
    })
    const bad = await reset({ token: 'abc', email: 'x', password: 'short', password_confirmation: 'short' })
    expect(bad.body.errors).toEqual({
      email: ['The email field must be a valid email address.'],
      password: ['The password field must be at least 12 characters.'],
    })
    const long = await reset({ token: 'abc', email: 'a@example.com', password: 'p'.repeat(1025) })
    expect(long.body.errors).toEqual({ password: ['The password field must not be greater than 1024 characters.'] })
    const mismatch = await reset({ token: 'abc', email: 'a@example.com', password: NEW_PASSWORD, password_confirmation: 'something else entirely' })
    expect(mismatch.body.errors).toEqual({ password: ['The password field confirmation does not match.'] })
    // Without a confirmation the values are checked against the stored token only.
    expect((await reset({ token: 'abc', email: 'a@example.com', password: NEW_PASSWORD })).status).toBe(401)
  })
})

describe('housekeeping', () => {
  test('the hourly job deletes reset tokens older than 60 minutes', async () => {
    await createUser(m.t, { email: 'ada@example.com' })
    await createUser(m.t, { email: 'bob@example.com' })
    await mailedReset('ada@example.com', 1)
    m.t.clock.advance(30 * MINUTE)
    const fresh = await mailedReset('bob@example.com', 2)
    m.t.clock.advance(30 * MINUTE)
    const job = authJobs(m.t.deps).find((j) => j.name === 'reset-token-prune')!
    expect(job.pattern).toBe('15 * * * *')
    expect(await job.run()).toBe(1)
    expect(await job.run()).toBe(0)
    expect((await reset({ token: fresh.token, email: fresh.email, password: NEW_PASSWORD })).status).toBe(200)
  })
})
