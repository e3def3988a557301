import { afterEach, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, PASSWORD } from '../helpers/fixtures'
import { DAY } from '../../src/lib/clock'
import { users } from '../../src/features/users/schema'
import { eq } from 'drizzle-orm'

let t: TestApp
afterEach(() => t.close())

const login = (body: unknown, ip?: string) => t.request('POST', '/api/v1/auth/login', { body, ip })
const NOW = '2026-06-24T10:00:00.000Z'

describe('POST /v1/auth/login validation', () => {
  test('required, e-mail and length rules', async () => {
    t = createTestApp()
    const empty = await login({})
    expect(empty.status).toBe(422)
    expect(empty.body).toEqual({
      success: false, message: 'The given data was invalid.', code: 'validation_failed', timestamp: NOW,
      errors: { email: ['The email field is required.'], password: ['The password field is required.'] },
    })
    const bad = await login({ email: 'ada@', password: 'p'.repeat(1025), platform: 'watch' })
    expect(bad.body.errors).toEqual({
      email: ['The email field must be a valid email address.'],
      password: ['The password field must not be greater than 1024 characters.'],
      platform: ['The selected platform is invalid.'],
    })
    const types = await login({ email: 7, password: true })
    expect(types.body.errors).toEqual({ email: ['The email field must be a string.'], password: ['The password field must be a string.'] })
  })
})

describe('POST /v1/auth/login outcomes', () => {
  test('success: user summary, bearer token, web lifetime; e-mail compared case-insensitively', async () => {
    t = createTestApp()
    const u = await createUser(t, { email: 'Ada@Example.com', name: 'Ada' })
    const r = await login({ email: 'ADA@example.COM', password: PASSWORD })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({
      success: true, message: 'Login successful.', timestamp: NOW,
      data: {
        user: { id: u.id, name: 'Ada', email: 'Ada@Example.com', role: 'user', confirmed: true, created_at: NOW, updated_at: NOW },
        token: expect.stringMatching(/^[0-9]+\|[A-Za-z0-9]{40}$/),
        token_type: 'Bearer',
        token_expires_at: '2026-07-01T10:00:00.000Z',
      },
    })
    const tokens = await t.request('GET', '/api/v1/auth/tokens', { token: r.body.data.token })
    expect(tokens.status).toBe(200)
    expect(tokens.body.data.map((x: { name: string }) => x.name)).toEqual(['auth-token-web', 'auth-token-web'])
    // Existing tokens are untouched.
    expect((await t.request('GET', '/api/v1/auth/tokens', { token: u.token })).status).toBe(200)
  })

  test('mobile and desktop tokens live 90 days, web 7; TOKEN_TTL_* change that', async () => {
    t = createTestApp({ TOKEN_TTL_APP_DAYS: '30' })
    await createUser(t, { email: 'ada@example.com' })
    expect((await login({ email: 'ada@example.com', password: PASSWORD, platform: 'mobile' })).body.data.token_expires_at).toBe('2026-07-24T10:00:00.000Z')
    expect((await login({ email: 'ada@example.com', password: PASSWORD, platform: 'desktop' })).body.data.token_expires_at).toBe('2026-07-24T10:00:00.000Z')
    t.close()
    t = createTestApp()
    await createUser(t, { email: 'ada@example.com' })
    const mobile = await login({ email: 'ada@example.com', password: PASSWORD, platform: 'mobile' })
    expect(mobile.body.data.token_expires_at).toBe('2026-09-22T10:00:00.000Z')
    const web = await login({ email: 'ada@example.com', password: PASSWORD, platform: 'web' })
    expect(web.body.data.token_expires_at).toBe('2026-07-01T10:00:00.000Z')
    const tokens = await t.request('GET', '/api/v1/auth/tokens', { token: mobile.body.data.token })
    expect(tokens.body.data[1].name).toBe('auth-token-mobile')
  })

  test('an expired token is rejected', async () => {
    t = createTestApp()
    await createUser(t, { email: 'ada@example.com' })
    const { token } = (await login({ email: 'ada@example.com', password: PASSWORD })).body.data
    t.clock.advance(7 * DAY - 1)
    expect((await t.request('GET', '/api/v1/auth/tokens', { token })).status).toBe(200)
    t.clock.advance(1)
    const r = await t.request('GET', '/api/v1/auth/tokens', { token })
    expect(r.status).toBe(401)
    expect(r.body.code).toBe('unauthenticated')
  })

  test('unknown e-mail and wrong password answer the same 401', async () => {
    t = createTestApp()
    await createUser(t, { email: 'ada@example.com' })
    const expected = { success: false, message: 'Unauthorized', code: 'invalid_credentials', timestamp: NOW }
    const unknown = await login({ email: 'nobody@example.com', password: PASSWORD })
    expect(unknown.status).toBe(401)
    expect(unknown.body).toEqual(expected)
    const wrong = await login({ email: 'ada@example.com', password: PASSWORD + 'x' })
    expect(wrong.status).toBe(401)
    expect(wrong.body).toEqual(expected)
  })

  test('verification on: an unverified account gets email_not_verified only with the right password', async () => {
    t = createTestApp({ EMAIL_VERIFICATION: 'true' })
    await createUser(t, { email: 'ada@example.com', verified: false })
    const right = await login({ email: 'ada@example.com', password: PASSWORD })
    expect(right.status).toBe(401)
    expect(right.body).toEqual({ success: false, message: 'Unauthorized', code: 'email_not_verified', timestamp: NOW })
    expect((await login({ email: 'ada@example.com', password: 'wrong password!' })).body.code).toBe('invalid_credentials')
  })

  test('verification off: login never checks it', async () => {
    t = createTestApp({ EMAIL_VERIFICATION: 'false' })
    await createUser(t, { email: 'ada@example.com', verified: false })
    const r = await login({ email: 'ada@example.com', password: PASSWORD })
    expect(r.status).toBe(200)
    expect(r.body.data.user.confirmed).toBe(false)
  })

  test('a hash made with other costs is replaced at the next successful sign-in, and only then', async () => {
    t = createTestApp() // PASSWORD_HASH_MEMORY_KIB 1024 in tests
    const u = await createUser(t, { email: 'ada@example.com' })
    const old = await Bun.password.hash(PASSWORD, { algorithm: 'argon2id', memoryCost: 2048, timeCost: 3 })
    t.deps.db.update(users).set({ passwordHash: old }).where(eq(users.id, u.id)).run()
    const stored = () => t.deps.db.select().from(users).where(eq(users.id, u.id)).get()!
    const before = stored().updatedAt

    expect((await login({ email: 'ada@example.com', password: 'wrong password!' })).status).toBe(401)
    expect(stored().passwordHash).toBe(old)

    expect((await login({ email: 'ada@example.com', password: PASSWORD })).status).toBe(200)
    expect(stored().passwordHash).toMatch(/^\$argon2id\$v=19\$m=1024,t=2,p=1\$/)
    expect(stored().updatedAt).toBe(before)
    expect((await login({ email: 'ada@example.com', password: PASSWORD })).status).toBe(200)
  })

  test('is public: an Authorization header, valid or not, is ignored', async () => {
    t = createTestApp()
    const u = await createUser(t, { email: 'ada@example.com' })
    for (const authorization of ['Bearer nonsense', `Bearer ${u.token}`]) {
      const r = await t.request('POST', '/api/v1/auth/login', { body: { email: 'ada@example.com', password: PASSWORD }, headers: { authorization } })
      expect(r.status).toBe(200)
    }
  })

  test('malformed JSON and wrong content types are refused before anything else', async () => {
    t = createTestApp()
    const bad = await t.request('POST', '/api/v1/auth/login', { body: '{"email":', headers: { 'content-type': 'application/json' } })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('malformed_json')
    const xml = await t.request('POST', '/api/v1/auth/login', { body: '<x/>', headers: { 'content-type': 'application/xml' } })
    expect(xml.status).toBe(415)
  })
})
