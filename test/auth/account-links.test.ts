/**
 * Using the link an admin hands over (docs/api/auth.md §6): look at it, set a password or add a passkey with it,
 * signed in at once; single use (also when two requests race), 72 hours by the test clock, the rate limit, a reset
 * link ending the member's other sessions, the hourly prune, and the secret stored only as its SHA-256.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, newToken, type TestUser } from '../helpers/fixtures'
import { expectError, expectInvalid } from '../helpers/expect'
import { SoftAuthenticator } from '../helpers/webauthn'
import { HOUR, MINUTE } from '../../src/lib/clock'
import { sha256Hex } from '../../src/lib/crypto'
import { accountLinks, passwordResetTokens } from '../../src/features/auth/schema'
import { users } from '../../src/features/users/schema'
import { authJobs } from '../../src/features/auth/jobs'
import { signIn } from '../passkeys/flow'

const t = useTestApp()

const NEW_PASSWORD = 'a password of my own'
const INVALID = 'This link is invalid or has already been used.'

let ip = 0
/** Each request from its own address, so the shared `password` limiter only counts where a test means it to. */
const post = (path: string, body: unknown, from = `10.1.0.${++ip % 250}`) =>
  t.request('POST', `/api/v1/auth/account-link/${path}`, { body, ip: from })
const setPassword = (token: string, extra: Record<string, unknown> = {}) =>
  post('password', { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, ...extra })
const me = (token: string) => t.request('GET', '/api/v1/users/me', { token })
const login = (email: string, password: string) => t.request('POST', '/api/v1/auth/login', { body: { email, password }, ip: `10.2.0.${++ip % 250}` })

/** An admin creates a member; returns the member's id and the link's secret. */
async function invite(admin: TestUser, email = 'grace@example.com') {
  const r = await t.request('POST', '/api/v1/users', { token: admin.token, body: { name: 'Grace Moreau', email } })
  expect(r.status).toBe(201)
  return { id: r.body.data.user.id as string, secret: new URL(r.body.data.link.url).searchParams.get('token')!, email }
}

async function resetLinkFor(admin: TestUser, id: string) {
  const r = await t.request('POST', `/api/v1/users/${id}/reset-link`, { token: admin.token })
  expect(r.status).toBe(201)
  return new URL(r.body.data.link.url).searchParams.get('token')!
}

describe('POST /auth/account-link/check', () => {
  test('names the member and leaves the link in place; unknown, empty or missing tokens are refused', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const { secret } = await invite(admin)
    for (let i = 0; i < 2; i++) {
      const r = await post('check', { token: secret })
      expect(r.status).toBe(200)
      expect(r.body).toMatchObject({ message: 'Link retrieved successfully.', data: { purpose: 'invite', name: 'Grace Moreau', email: 'grace@example.com' } })
    }
    expectError(await post('check', { token: 'f'.repeat(64) }), 401, 'invalid_account_link', INVALID)
    expectInvalid(await post('check', {}), { token: 'The token field is required.' })
    expectInvalid(await post('check', { token: 42 }), { token: 'The token field must be a string.' })
  })
})

describe('POST /auth/account-link/password', () => {
  test('sets the password, signs the member in, and works once', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const { id, secret, email } = await invite(admin)
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0'
    const r = await t.request('POST', '/api/v1/auth/account-link/password', {
      body: { token: secret, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, platform: 'mobile' }, headers: { 'user-agent': firefox },
    })
    expect(r.status).toBe(200)
    expect(r.body.message).toBe('Signed in successfully.')
    expect(r.body.data).toMatchObject({ user: { id, email, confirmed: true }, token_type: 'Bearer', token_expires_at: '2026-09-22T10:00:00.000Z' })
    expect((await me(r.body.data.token)).body.data.id).toBe(id)
    // Issued as sign-in issues tokens: with the device it was issued to.
    const tokens = await t.request('GET', '/api/v1/auth/tokens', { token: r.body.data.token })
    expect(tokens.body.data).toMatchObject([{ device: 'Firefox on Linux', ip: '127.0.0.1', is_current: true }])
    expect((await login(email, NEW_PASSWORD)).status).toBe(200)

    expectError(await setPassword(secret), 401, 'invalid_account_link', INVALID)
    expectError(await post('check', { token: secret }), 401, 'invalid_account_link')
    expect(t.deps.db.select().from(accountLinks).all()).toEqual([])
    const used = t.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'account link used')
    expect(used).toMatchObject({ user_id: id, purpose: 'invite', credential: 'password' })
    expect(t.logs.filter((l) => l.includes(secret) || l.includes(NEW_PASSWORD))).toEqual([])
  })

  test('validation, each field; a refused attempt leaves the link usable', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const { secret } = await invite(admin)
    expectInvalid(await post('password', {}), {
      token: 'The token field is required.', password: 'The password field is required.', password_confirmation: 'The password confirmation field is required.',
    })
    expectInvalid(await setPassword(secret, { password: 'short', password_confirmation: 'short' }), { password: 'The password field must be at least 12 characters.' })
    const long = 'p'.repeat(1025)
    expectInvalid(await setPassword(secret, { password: long, password_confirmation: long }), { password: 'The password field must not be greater than 1024 characters.' })
    expectInvalid(await setPassword(secret, { password_confirmation: 'something else entirely' }), { password: 'The password field confirmation does not match.' })
    expectInvalid(await setPassword(secret, { platform: 'tv' }), { platform: 'The selected platform is invalid.' })
    expect((await setPassword(secret)).status).toBe(200)
  })

  test('two uses at once: exactly one wins, and its password is the one stored', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const { id, secret, email } = await invite(admin)
    const passwords = ['the first racing password', 'the second racing password']
    const answers = await Promise.all(passwords.map((password) => post('password', { token: secret, password, password_confirmation: password })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401])
    const winner = passwords[answers.findIndex((a) => a.status === 200)]!
    const loser = passwords.find((p) => p !== winner)!
    expect(await Bun.password.verify(winner, t.deps.db.select().from(users).where(eq(users.id, id)).get()!.passwordHash)).toBe(true)
    expect((await login(email, loser)).status).toBe(401)
    expect((await login(email, winner)).status).toBe(200)
  })

  test('expires after 72 hours by the clock (410), works just before; the hourly prune then removes it', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const early = await invite(admin, 'early@example.com')
    t.clock.advance(HOUR)
    const late = await invite(admin, 'late@example.com')
    t.clock.advance(71 * HOUR)
    const expired = await setPassword(early.secret)
    expectError(expired, 410, 'account_link_expired', 'This link has expired. Ask your admin for a new one.')
    expectError(await post('check', { token: early.secret }), 410, 'account_link_expired')

    const prune = authJobs(t.deps).find((j) => j.name === 'reset-token-prune')!
    expect(prune.pattern).toBe('15 * * * *')
    expect(await prune.run()).toBe(1)
    expect(t.deps.db.select({ userId: accountLinks.userId }).from(accountLinks).all()).toEqual([{ userId: late.id }])
    // Once pruned, an expired link is like any unknown one.
    expectError(await post('check', { token: early.secret }), 401, 'invalid_account_link')

    t.clock.advance(HOUR - MINUTE)
    expect((await setPassword(late.secret)).status).toBe(200)
  })

  test("a reset link ends the member's other sessions and a mailed reset link; the old password stops working", async () => {
    const admin = await createUser(t, { role: 'admin' })
    const member = await createUser(t, { email: 'mei@example.com' })
    const phone = newToken(t, member.id, 'mobile')
    await t.request('POST', '/api/v1/auth/forgot-password', { body: { email: member.email } })
    expect(t.deps.db.select().from(passwordResetTokens).all()).toHaveLength(1)
    const secret = await resetLinkFor(admin, member.id)
    expect((await post('check', { token: secret })).body.data.purpose).toBe('reset')
    const r = await setPassword(secret)
    expect(r.status).toBe(200)
    for (const token of [member.token, phone.token]) expect((await me(token)).status).toBe(401)
    expect((await me(r.body.data.token)).status).toBe(200)
    expect(t.deps.db.select().from(passwordResetTokens).all()).toEqual([])
    expect((await login(member.email, member.password)).status).toBe(401)
    expect((await login(member.email, NEW_PASSWORD)).status).toBe(200)
    expect((await me(admin.token)).status).toBe(200)
  })
})

describe('passkey with a link', () => {
  test('options for the member, then the passkey: signed in, the passkey signs in later, the link is used up', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const { id, secret, email } = await invite(admin)
    const options = await post('passkey/register-options', { token: secret })
    expect(options.status).toBe(200)
    expect(options.body.data).toMatchObject({ rp: { id: 'daybook.test' }, user: { name: email, displayName: 'Grace Moreau' }, excludeCredentials: [] })
    const auth = new SoftAuthenticator()
    const r = await post('passkey/register', { token: secret, response: auth.register(options.body.data), name: 'Phone' })
    expect(r.status).toBe(200)
    expect(r.body.data.user.id).toBe(id)
    const passkeys = await t.request('GET', '/api/v1/auth/passkeys', { token: r.body.data.token })
    expect(passkeys.body.data).toMatchObject([{ name: 'Phone' }])
    expect((await signIn(t, auth)).body.data.user.id).toBe(id)
    expect(t.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'account link used')).toMatchObject({ user_id: id, credential: 'passkey' })

    expectError(await post('passkey/register-options', { token: secret }), 401, 'invalid_account_link')
    const again = await post('passkey/register', { token: secret, response: new SoftAuthenticator().register(options.body.data) })
    expectError(again, 401, 'invalid_account_link')
    expect((await t.request('GET', '/api/v1/auth/passkeys', { token: r.body.data.token })).body.data).toHaveLength(1)
  })

  test('a refused attestation is the 422 of passkey registration and leaves the link; validation of the body', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const { secret } = await invite(admin)
    const options = (await post('passkey/register-options', { token: secret })).body.data
    const wrongOrigin = await post('passkey/register', { token: secret, response: new SoftAuthenticator('https://evil.example').register(options) })
    expectError(wrongOrigin, 422, 'passkey_registration_failed', 'Registration failed.')
    expectInvalid(await post('passkey/register', {}), { response: 'The response field is required.', token: 'The token field is required.' })
    expectInvalid(await post('passkey/register', { token: secret, response: {}, name: 'n'.repeat(51), platform: 'tv' }), {
      name: 'The name field must not be greater than 50 characters.', platform: 'The selected platform is invalid.',
    })
    // Still unused: a new ceremony succeeds.
    const fresh = (await post('passkey/register-options', { token: secret })).body.data
    expect((await post('passkey/register', { token: secret, response: new SoftAuthenticator().register(fresh) })).status).toBe(200)
  })

  test('expired: the options are refused with 410', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const { secret } = await invite(admin)
    t.clock.advance(72 * HOUR)
    expectError(await post('passkey/register-options', { token: secret }), 410, 'account_link_expired')
  })
})

describe('limits and storage', () => {
  test('limited like password reset: the 11th request in an hour from one address is refused, forgot-password shares the bucket', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const { secret } = await invite(admin)
    const from = '203.0.113.9'
    await t.request('POST', '/api/v1/auth/forgot-password', { body: { email: 'nobody@example.com' }, ip: from })
    for (let i = 2; i <= 10; i++) {
      const r = await post(i % 2 ? 'check' : 'password', i % 2 ? { token: secret } : {}, from)
      expect(r.headers.get('x-ratelimit-remaining')).toBe(String(10 - i))
    }
    const refused = await post('password', { token: secret, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, from)
    expectError(refused, 429, 'rate_limited')
    expect(refused.headers.get('retry-after')).toBe('3600')
    // Refused before anything was done: the link still works from elsewhere, and after the hour from here too.
    expect((await post('check', { token: secret })).status).toBe(200)
    t.clock.advance(HOUR)
    expect((await post('password', { token: secret, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, from)).status).toBe(200)
  })

  test('the secret is stored only as its SHA-256: not in the database file nor its WAL', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const { id, secret } = await invite(admin)
    expect(t.deps.db.select().from(accountLinks).where(eq(accountLinks.userId, id)).get()!.tokenHash).toBe(sha256Hex(secret))
    const files = [t.config.databasePath, `${t.config.databasePath}-wal`].map((path) => { try { return readFileSync(path) } catch { return Buffer.alloc(0) } })
    // The digest is found where the row was written, so the search below looks where the secret would be.
    expect(files.some((bytes) => bytes.includes(sha256Hex(secret)))).toBe(true)
    for (const bytes of files) {
      expect(bytes.includes(secret)).toBe(false)
      expect(bytes.includes(Buffer.from(secret, 'hex'))).toBe(false)
    }
  })
})
