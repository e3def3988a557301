import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { createTestApp } from '../helpers/app'
import { createUser } from '../helpers/fixtures'
import { DAY } from '../../src/lib/clock'
import { createMailApp, linkIn, login, nthMail, PASSWORD, registration, verificationParts, type MailApp } from './helpers'

let m: MailApp
beforeEach(async () => { m = await createMailApp() })
afterEach(async () => { await m.close() })

const NOW = '2026-06-24T10:00:00.000Z'
const verify = (body: unknown) => m.t.request('POST', '/api/v1/auth/verify', { body })
const resend = (body: unknown) => m.t.request('POST', '/api/v1/auth/verify/resend', { body })

async function registerAndReadLink(body = registration()) {
  const before = m.smtp.messages.length
  expect((await m.t.request('POST', '/api/v1/auth/register', { body })).status).toBe(201)
  return verificationParts(linkIn((await nthMail(m.smtp, before + 1)).text))
}

describe('POST /v1/auth/verify', () => {
  test('the mailed link verifies the account once; login then works', async () => {
    const parts = await registerAndReadLink()
    expect(parts.token).toMatch(/^[A-Za-z0-9]{40}$/)
    const r = await verify(parts)
    expect(r.status).toBe(201)
    expect(r.body).toEqual({ success: true, message: 'User successfully confirmed.', data: null, timestamp: NOW })
    const session = await m.t.request('POST', '/api/v1/auth/login', { body: { email: 'ada@example.com', password: PASSWORD } })
    expect(session.status).toBe(200)
    expect(session.body.data.user.confirmed).toBe(true)
    const again = await verify(parts)
    expect(again.status).toBe(401)
    expect(again.body).toEqual({ success: false, message: 'Account already verified', code: 'already_verified', timestamp: NOW, errors: ['already_verified'] })
  })

  test('user ids are compared case-insensitively', async () => {
    const parts = await registerAndReadLink()
    expect((await verify({ ...parts, user_id: parts.user_id.toUpperCase() })).status).toBe(201)
  })

  test('unknown user and a user without a token on record: verification_failed without errors', async () => {
    const expected = { success: false, message: 'Provided data do not match any user.', code: 'verification_failed', timestamp: NOW }
    const unknown = await verify({ user_id: '0197a1b2-6c1e-7d3a-9f42-1b2c3d4e5f60', token: 'x'.repeat(40) })
    expect(unknown.status).toBe(401)
    expect(unknown.body).toEqual(expected)
    expect((await verify({ user_id: 'not-a-uuid', token: 'abc' })).body).toEqual(expected)
    const bare = await createUser(m.t, { verified: false })
    expect((await verify({ user_id: bare.id, token: 'x'.repeat(40) })).body).toEqual(expected)
  })

  test('a wrong token: token_mismatch', async () => {
    const parts = await registerAndReadLink()
    const r = await verify({ ...parts, token: parts.token.slice(0, -1) + (parts.token.endsWith('a') ? 'b' : 'a') })
    expect(r.status).toBe(401)
    expect(r.body).toEqual({ success: false, message: 'No such verification token', code: 'token_mismatch', timestamp: NOW, errors: ['token_mismatch'] })
  })

  test('a token older than 24 hours: token_expired', async () => {
    const parts = await registerAndReadLink()
    m.t.clock.advance(DAY + 1)
    const r = await verify(parts)
    expect(r.status).toBe(401)
    expect(r.body).toEqual({ success: false, message: 'Verification token has expired', code: 'token_expired', timestamp: '2026-06-25T10:00:00.001Z', errors: ['token_expired'] })
  })

  test('a token is still good just before 24 hours', async () => {
    const parts = await registerAndReadLink()
    m.t.clock.advance(DAY - 1000)
    expect((await verify(parts)).status).toBe(201)
  })

  test('validation', async () => {
    const r = await verify({ user_id: '  ', token: null })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({ user_id: ['The user id field is required.'], token: ['The token field is required.'] })
    expect((await verify({ user_id: 5, token: ['x'] })).body.errors).toEqual({
      user_id: ['The user id field must be a string.'], token: ['The token field must be a string.'],
    })
  })
})

describe('POST /v1/auth/verify/resend', () => {
  const MESSAGE = 'If an unverified account exists for this email, a new verification link has been sent.'

  test('a fresh link replaces the old one and restarts the 24 hours', async () => {
    const first = await registerAndReadLink()
    m.t.clock.advance(DAY + 1)
    const r = await resend({ email: 'ADA@example.com', platform: 'desktop' })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ success: true, message: MESSAGE, data: null, timestamp: '2026-06-25T10:00:00.001Z' })
    const link = linkIn((await nthMail(m.smtp, 2)).text)
    expect(link.searchParams.get('platform')).toBe('desktop')
    const second = verificationParts(link)
    expect(second.user_id).toBe(first.user_id)
    expect((await verify(first)).body.code).toBe('token_mismatch')
    expect((await verify(second)).status).toBe(201)
  })

  test('verified, unknown and invalid addresses: same answer, no mail', async () => {
    await createUser(m.t, { email: 'done@example.com' })
    for (const email of ['done@example.com', 'nobody@example.com']) {
      const r = await resend({ email })
      expect(r.status).toBe(200)
      expect(r.body.message).toBe(MESSAGE)
    }
    const bad = await resend({ email: 'nope', platform: 'fax' })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({ email: ['The email field must be a valid email address.'], platform: ['The selected platform is invalid.'] })
    expect((await resend({})).body.errors).toEqual({ email: ['The email field is required.'] })
    // The next mail the server sends is the first one: none of the above sent anything.
    await registerAndReadLink(registration({ email: 'new@example.com' }))
    expect(m.smtp.messages.map((x) => x.to)).toEqual([['new@example.com']])
  })

  test('with verification off nothing is sent', async () => {
    const off = createTestApp({ EMAIL_VERIFICATION: 'false', SMTP_URL: m.smtp.url })
    try {
      await createUser(off, { email: 'ada@example.com', verified: false })
      expect((await off.request('POST', '/api/v1/auth/verify/resend', { body: { email: 'ada@example.com' } })).status).toBe(200)
      await off.request('POST', '/api/v1/auth/forgot-password', { body: { email: 'ada@example.com' } })
      expect((await nthMail(m.smtp, 1)).subject).toBe('Reset your daybook password')
      expect(m.smtp.messages).toHaveLength(1)
    } finally {
      off.close()
    }
  })
})

describe('verification and tokens', () => {
  test('verification secrets never reach the logs', async () => {
    const parts = await registerAndReadLink()
    await verify(parts)
    await login(m.t, 'ada@example.com')
    expect(m.t.logs.join('\n')).not.toContain(parts.token)
  })
})
