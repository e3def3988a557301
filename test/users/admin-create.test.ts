/**
 * The admin's help for a member over HTTP (docs/api/users.md §8.4–8.6): creating a member with a one-time link,
 * a password-reset link, resending the verification mail; who may do it for whom, validation, and what is stored and
 * logged (the link's secret only as its SHA-256, never in a log line).
 */
import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { expectError, expectInvalid, expectNotFound, expectUnauthenticated } from '../helpers/expect'
import { HOUR } from '../../src/lib/clock'
import { sha256Hex } from '../../src/lib/crypto'
import { NO_PASSWORD } from '../../src/lib/passwords'
import { users } from '../../src/features/users/schema'
import { accountLinks } from '../../src/features/auth/schema'
import { createMailApp, linkIn, nthMail, verificationParts } from '../auth/helpers'

const t = useTestApp()

type Role = 'user' | 'admin' | 'super_admin'
const NOW = '2026-06-24T10:00:00.000Z'
const IN_72_HOURS = '2026-06-27T10:00:00.000Z'
const UNKNOWN = '0197a1b2-9a00-7c44-8d55-2e3f4a5b6c7d'

const create = (caller: TestUser | undefined, body: unknown) => t.request('POST', '/api/v1/users', { token: caller?.token, body })
const resetLink = (caller: TestUser | undefined, id: string) => t.request('POST', `/api/v1/users/${id}/reset-link`, { token: caller?.token })
const resend = (caller: TestUser | undefined, id: string) => t.request('POST', `/api/v1/users/${id}/resend-verification`, { token: caller?.token })
const row = (id: string) => t.deps.db.select().from(users).where(eq(users.id, id)).get()
const linkRow = (id: string) => t.deps.db.select().from(accountLinks).where(eq(accountLinks.userId, id)).get()
const secretOf = (url: string) => new URL(url).searchParams.get('token')!
const check = (secret: string) => t.request('POST', '/api/v1/auth/account-link/check', { body: { token: secret } })

describe('POST /api/v1/users', () => {
  test('creates a verified member without a password, with an invite link valid 72 hours, stored hashed', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const r = await create(admin, { name: '  Grace Moreau ', email: 'Grace@Example.com', role: 'user' })
    expect(r.status).toBe(201)
    const { user, link } = r.body.data
    expect(r.body).toMatchObject({ success: true, message: 'User created successfully.', timestamp: NOW })
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Grace Moreau', email: 'Grace@Example.com', role: 'user', confirmed: true,
      created_at: NOW, updated_at: NOW,
    })
    expect(link).toEqual({ url: expect.stringMatching(/^http:\/\/daybook\.test\/auth\/account-link\?token=[0-9a-f]{64}$/), expires_at: IN_72_HOURS })
    // As the admin list presents it.
    const listed = await t.request('GET', '/api/v1/users?q=grace', { token: admin.token })
    expect(listed.body.data).toEqual([user])

    const stored = row(user.id)!
    expect(stored.passwordHash).toBe(NO_PASSWORD)
    expect(stored.emailVerifiedAt).toBe(t.clock.now())
    const secret = secretOf(link.url)
    expect(linkRow(user.id)).toEqual({
      userId: user.id, purpose: 'invite', tokenHash: sha256Hex(secret), createdAt: t.clock.now(), expiresAt: t.clock.now() + 72 * HOUR,
    })
    // No password works for the new account, not even an empty-looking one.
    for (const password of ['', 'any long password at all']) {
      const login = await t.request('POST', '/api/v1/auth/login', { body: { email: 'grace@example.com', password } })
      expect(login.status).toBe(password === '' ? 422 : 401)
    }
    // The link works: it names the member.
    expect((await check(secret)).body.data).toEqual({ purpose: 'invite', name: 'Grace Moreau', email: 'Grace@Example.com', expires_at: IN_72_HOURS })
  })

  test("the creation is logged with the admin's and the member's id, never the secret", async () => {
    const admin = await createUser(t, { role: 'admin' })
    const r = await create(admin, { name: 'Linus', email: 'linus@example.com' })
    const secret = secretOf(r.body.data.link.url)
    const line = t.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'member created by an admin')
    expect(line).toMatchObject({ level: 'info', admin_id: admin.id, user_id: r.body.data.user.id, role: 'user', link_expires_at: IN_72_HOURS })
    expect(t.logs.filter((l) => l.includes(secret) || l.includes(sha256Hex(secret)))).toEqual([])
  })

  test('role defaults to user; admins and super admins may create admins; the language is the admin\'s', async () => {
    const admin = await createUser(t, { role: 'admin' })
    await t.request('PUT', '/api/v1/users/me/settings/language', { token: admin.token, body: { language: 'de' } })
    const root = await createUser(t, { role: 'super_admin' })
    const plain = await create(admin, { name: 'Plain', email: 'plain@example.com' })
    expect(plain.body.data.user.role).toBe('user')
    expect(row(plain.body.data.user.id)!.language).toBe('de')
    expect((await create(admin, { name: 'By admin', email: 'a1@example.com', role: 'admin' })).body.data.user.role).toBe('admin')
    expect((await create(root, { name: 'By root', email: 'a2@example.com', role: 'admin' })).body.data.user.role).toBe('admin')
  })

  test('validation, each field', async () => {
    const admin = await createUser(t, { role: 'admin' })
    expectInvalid(await create(admin, {}), { name: 'The name field is required.', email: 'The email field is required.' })
    expectInvalid(await create(admin, { name: 'n'.repeat(256), email: 'not-an-address', role: 'owner' }), {
      name: 'The name field must not be greater than 255 characters.',
      email: 'The email field must be a valid email address.',
      role: 'The selected role is invalid.',
    })
    // A super admin is made by a role change (§8.2), never created: for everyone.
    const root = await createUser(t, { role: 'super_admin' })
    expectInvalid(await create(root, { name: 'X', email: 'x@example.com', role: 'super_admin' }), { role: 'The selected role is invalid.' })
    expectInvalid(await create(admin, { name: 42, email: 'x@example.com' }), { name: 'The name field must be a string.' })
    expect(t.deps.db.select().from(users).all()).toHaveLength(2)
  })

  test('a taken e-mail (any case) is the 422 of registration; nothing is written', async () => {
    const admin = await createUser(t, { role: 'admin' })
    await createUser(t, { email: 'taken@example.com' })
    expectInvalid(await create(admin, { name: 'Twin', email: 'TAKEN@example.com' }), { email: 'The email has already been taken.' })
    expect(t.deps.db.select().from(users).all()).toHaveLength(2)
    expect(t.deps.db.select().from(accountLinks).all()).toEqual([])
  })

  test('401 without a token; 403 for a user, before validation', async () => {
    expectUnauthenticated(await create(undefined, { name: 'X', email: 'x@example.com' }))
    const user = await createUser(t)
    expectError(await create(user, {}), 403, 'forbidden', 'This action is unauthorized.')
    expectError(await create(user, { name: 'X', email: 'x@example.com' }), 403, 'forbidden')
    expect(t.deps.db.select().from(users).all()).toHaveLength(1)
  })
})

describe('POST /api/v1/users/{user}/reset-link', () => {
  test('a reset link replaces the earlier link; the answer is the link alone; it is logged without the secret', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const created = await create(admin, { name: 'Grace', email: 'grace@example.com' })
    const id = created.body.data.user.id
    t.clock.advance(HOUR)
    const r = await resetLink(admin, id)
    expect(r.status).toBe(201)
    expect(r.body).toEqual({
      success: true, message: 'Link created successfully.', timestamp: '2026-06-24T11:00:00.000Z',
      data: { link: { url: expect.stringMatching(/^http:\/\/daybook\.test\/auth\/account-link\?token=[0-9a-f]{64}$/), expires_at: '2026-06-27T11:00:00.000Z' } },
    })
    const secret = secretOf(r.body.data.link.url)
    expect(linkRow(id)).toMatchObject({ purpose: 'reset', tokenHash: sha256Hex(secret) })
    expectError(await check(secretOf(created.body.data.link.url)), 401, 'invalid_account_link', 'This link is invalid or has already been used.')
    expect((await check(secret)).body.data.purpose).toBe('reset')
    const line = t.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'password-reset link made by an admin')
    expect(line).toMatchObject({ admin_id: admin.id, user_id: id })
    expect(t.logs.filter((l) => l.includes(secret))).toEqual([])
  })

  const cases: [Role, Role | 'self', number, string?][] = [
    ['admin', 'user', 201],
    ['admin', 'admin', 201],
    ['admin', 'super_admin', 403, 'You cannot modify a super administrator.'],
    ['admin', 'self', 403, 'You cannot make a link for your own account.'],
    ['super_admin', 'super_admin', 201],
    ['super_admin', 'self', 403, 'You cannot make a link for your own account.'],
  ]
  for (const [callerRole, targetRole, status, message] of cases) {
    test(`${callerRole} → ${targetRole}: ${status}`, async () => {
      const caller = await createUser(t, { role: callerRole })
      const target = targetRole === 'self' ? caller : await createUser(t, { role: targetRole })
      const r = await resetLink(caller, target.id)
      expect(r.status).toBe(status)
      if (message) {
        expectError(r, 403, 'forbidden', message)
        expect(linkRow(target.id)).toBeUndefined()
      } else expect(linkRow(target.id)!.purpose).toBe('reset')
    })
  }

  test('401, 403 for a user, 404 for an unknown id', async () => {
    const target = await createUser(t)
    expectUnauthenticated(await resetLink(undefined, target.id))
    expectError(await resetLink(await createUser(t), target.id), 403, 'forbidden', 'This action is unauthorized.')
    expectNotFound(await resetLink(await createUser(t, { role: 'admin' }), UNKNOWN))
    expect(linkRow(target.id)).toBeUndefined()
  })
})

describe('POST /api/v1/users/{user}/resend-verification', () => {
  test('sends a fresh verification link that works (verification on, a real SMTP peer)', async () => {
    const m = await createMailApp()
    try {
      const admin = await createUser(m.t, { role: 'admin' })
      const member = await createUser(m.t, { email: 'mei@example.com', verified: false })
      const r = await m.t.request('POST', `/api/v1/users/${member.id}/resend-verification`, { token: admin.token })
      expect(r.status).toBe(202)
      expect(r.body).toEqual({ success: true, message: 'Verification mail sent.', data: null, timestamp: NOW })
      const mail = await nthMail(m.smtp, 1)
      expect(mail.to).toEqual(['mei@example.com'])
      const parts = verificationParts(linkIn(mail.text))
      expect(parts.user_id).toBe(member.id)
      expect((await m.t.request('POST', '/api/v1/auth/verify', { body: parts })).status).toBe(201)
      const line = m.t.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'verification mail resent by an admin')
      expect(line).toMatchObject({ admin_id: admin.id, user_id: member.id })
      expect(m.t.logs.filter((l) => l.includes(parts.token))).toEqual([])

      // Now verified: a 409 that says so, and no second mail.
      const again = await m.t.request('POST', `/api/v1/users/${member.id}/resend-verification`, { token: admin.token })
      expectError(again, 409, 'already_verified', 'This e-mail address is already verified.')
      const root = await createUser(m.t, { role: 'super_admin', verified: false })
      expectError(await m.t.request('POST', `/api/v1/users/${root.id}/resend-verification`, { token: admin.token }), 403, 'forbidden',
        'You cannot modify a super administrator.')
      expect(m.smtp.messages).toHaveLength(1)
    } finally {
      await m.close()
    }
  })

  test('with e-mail verification off: 409 saying to mark the address verified instead', async () => {
    expect(t.config.emailVerification).toBe(false)
    const admin = await createUser(t, { role: 'admin' })
    const member = await createUser(t, { verified: false })
    expectError(await resend(admin, member.id), 409, 'email_verification_off', 'E-mail verification is off on this server: mark the address verified instead.')
  })

  test('401, 403 for a user, 404 for an unknown id; an admin may resend their own', async () => {
    const member = await createUser(t, { verified: false })
    expectUnauthenticated(await resend(undefined, member.id))
    expectError(await resend(await createUser(t), member.id), 403, 'forbidden', 'This action is unauthorized.')
    const admin = await createUser(t, { role: 'admin', verified: false })
    expectNotFound(await resend(admin, UNKNOWN))
    // Verification is off in this app: past the permission checks, the state answers.
    expect((await resend(admin, admin.id)).body.code).toBe('email_verification_off')
  })
})
