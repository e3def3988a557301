import { afterEach, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../helpers/app'
import { createMailApp, nthMail, PASSWORD, registration, type MailApp } from './helpers'
import { emailVerificationTokens } from '../../src/features/auth/schema'

let t: TestApp | undefined
let m: MailApp | undefined
afterEach(async () => { t?.close(); t = undefined; await m?.close(); m = undefined })

const register = (app: TestApp, body: unknown, ip?: string) => app.request('POST', '/api/v1/auth/register', { body, ip })

const errorsOf = async (app: TestApp, body: unknown) => {
  const r = await register(app, body)
  expect(r.status).toBe(422)
  expect(r.body.success).toBe(false)
  expect(r.body.code).toBe('validation_failed')
  expect(r.body.message).toBe('The given data was invalid.')
  return r.body.errors
}

describe('POST /v1/auth/register validation', () => {
  test('required fields', async () => {
    t = createTestApp()
    expect(await errorsOf(t, {})).toEqual({
      name: ['The name field is required.'],
      email: ['The email field is required.'],
      password: ['The password field is required.'],
      password_confirmation: ['The password confirmation field is required.'],
    })
    expect(await errorsOf(t, { name: '   ', email: '', password: '', password_confirmation: null })).toEqual({
      name: ['The name field is required.'],
      email: ['The email field is required.'],
      password: ['The password field is required.'],
      password_confirmation: ['The password confirmation field is required.'],
    })
  })

  test('types, lengths, e-mail, confirmation and choices', async () => {
    t = createTestApp()
    expect(await errorsOf(t, registration({ name: 42, email: ['x'], password: 123456789012, language: 'it', platform: 'tv' }))).toEqual({
      name: ['The name field must be a string.'],
      email: ['The email field must be a string.'],
      password: ['The password field must be a string.'],
      language: ['The selected language is invalid.'],
      platform: ['The selected platform is invalid.'],
    })
    expect(await errorsOf(t, registration({ name: 'x'.repeat(256), email: 'not-an-email', password: 'short', password_confirmation: 'short' }))).toEqual({
      name: ['The name field must not be greater than 255 characters.'],
      email: ['The email field must be a valid email address.'],
      password: ['The password field must be at least 12 characters.'],
    })
    const long = 'p'.repeat(1025)
    expect(await errorsOf(t, registration({ password: long, password_confirmation: long }))).toEqual({
      password: ['The password field must not be greater than 1024 characters.'],
    })
    expect(await errorsOf(t, registration({ password_confirmation: PASSWORD + '!' }))).toEqual({
      password: ['The password field confirmation does not match.'],
    })
  })

  test('lengths count code points: 255 emoji are a valid name, 1024-character passwords are accepted', async () => {
    t = createTestApp()
    const max = 'p'.repeat(1024)
    const r = await register(t, registration({ name: '😀'.repeat(255), password: max, password_confirmation: max }))
    expect(r.status).toBe(201)
  })

  test('an e-mail differing only by case is taken', async () => {
    t = createTestApp()
    expect((await register(t, registration({ email: 'Ada@Example.com' }))).status).toBe(201)
    expect(await errorsOf(t, registration({ email: 'aDA@example.COM' }))).toEqual({ email: ['The email has already been taken.'] })
    expect(await errorsOf(t, registration({ email: '  ada@example.com  ', password: 'short' }))).toEqual({
      email: ['The email has already been taken.'],
      password: ['The password field must be at least 12 characters.'],
    })
  })
})

describe('POST /v1/auth/register effects', () => {
  test('201 with a null payload; strings are trimmed but passwords are not', async () => {
    t = createTestApp()
    const spaced = '  ' + PASSWORD + '  '
    const r = await register(t, registration({ name: '  Ada  ', email: ' Ada@Example.com ', password: spaced, password_confirmation: spaced }))
    expect(r.status).toBe(201)
    expect(r.body).toEqual({ success: true, message: 'User registered successfully.', data: null, timestamp: '2026-06-24T10:00:00.000Z' })
    expect((await t.request('POST', '/api/v1/auth/login', { body: { email: 'ada@example.com', password: PASSWORD } })).status).toBe(401)
    const ok = await t.request('POST', '/api/v1/auth/login', { body: { email: 'ada@example.com', password: spaced } })
    expect(ok.status).toBe(200)
    expect(ok.body.data.user).toMatchObject({ name: 'Ada', email: 'Ada@Example.com' })
  })

  test('the first account becomes super_admin, later ones are users', async () => {
    t = createTestApp()
    expect((await register(t, registration({ email: 'first@example.com' }))).status).toBe(201)
    expect((await register(t, registration({ email: 'second@example.com' }))).status).toBe(201)
    const first = await t.request('POST', '/api/v1/auth/login', { body: { email: 'first@example.com', password: PASSWORD } })
    const second = await t.request('POST', '/api/v1/auth/login', { body: { email: 'second@example.com', password: PASSWORD } })
    expect(first.body.data.user.role).toBe('super_admin')
    expect(second.body.data.user.role).toBe('user')
  })

  test('concurrent first registrations: exactly one super_admin', async () => {
    t = createTestApp()
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((n) => register(t!, registration({ email: `${n}@example.com` }))))
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201])
    const roles = await Promise.all(['a', 'b', 'c', 'd'].map(async (n) =>
      (await t!.request('POST', '/api/v1/auth/login', { body: { email: `${n}@example.com`, password: PASSWORD } })).body.data.user.role))
    expect(roles.filter((r) => r === 'super_admin')).toHaveLength(1)
    expect(roles.filter((r) => r === 'user')).toHaveLength(3)
  })

  test('REGISTRATION_OPEN=false refuses before validating, also on an empty instance', async () => {
    t = createTestApp({ REGISTRATION_OPEN: 'false' })
    for (const body of [{}, registration()]) {
      const r = await register(t, body)
      expect(r.status).toBe(403)
      expect(r.body).toEqual({ success: false, message: 'Registration is closed.', code: 'registration_closed', timestamp: '2026-06-24T10:00:00.000Z' })
    }
    expect((await t.request('POST', '/api/v1/auth/login', { body: { email: 'ada@example.com', password: PASSWORD } })).body.code).toBe('invalid_credentials')
  })

  test('EMAIL_VERIFICATION=false: created verified, no mail, login right away', async () => {
    m = await createMailApp({ EMAIL_VERIFICATION: 'false' })
    expect((await register(m.t, registration())).status).toBe(201)
    expect(m.t.deps.db.select().from(emailVerificationTokens).all()).toEqual([])
    const r = await m.t.request('POST', '/api/v1/auth/login', { body: { email: 'ada@example.com', password: PASSWORD } })
    expect(r.status).toBe(200)
    expect(r.body.data.user.confirmed).toBe(true)
    // A later mail is the first one the server sends: registration sent none.
    await m.t.request('POST', '/api/v1/auth/forgot-password', { body: { email: 'ada@example.com' } })
    expect((await nthMail(m.smtp, 1)).subject).toBe('Reset your daybook password')
    expect(m.smtp.messages).toHaveLength(1)
  })

  test('with verification on the account starts unconfirmed and password login waits for it', async () => {
    m = await createMailApp()
    expect((await register(m.t, registration())).status).toBe(201)
    const r = await m.t.request('POST', '/api/v1/auth/login', { body: { email: 'ada@example.com', password: PASSWORD } })
    expect(r.status).toBe(401)
    expect(r.body).toEqual({ success: false, message: 'Unauthorized', code: 'email_not_verified', timestamp: '2026-06-24T10:00:00.000Z' })
    expect((await nthMail(m.smtp, 1)).to).toEqual(['ada@example.com'])
  })

  test('the language of the registration and DEFAULT_TIMEZONE become the account settings', async () => {
    t = createTestApp({ DEFAULT_TIMEZONE: 'Europe/Berlin' })
    expect((await register(t, registration({ language: 'es' }))).status).toBe(201)
    const row = t.deps.db.$client.query('SELECT language, timezone FROM users').get() as { language: string; timezone: string }
    expect(row).toEqual({ language: 'es', timezone: 'Europe/Berlin' })
  })
})
