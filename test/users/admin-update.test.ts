import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, newToken, PASSWORD, type TestUser } from '../helpers/fixtures'
import { users } from '../../src/features/users/schema'
import { emailVerificationTokens } from '../../src/features/auth/schema'
import { hashPassword } from '../../src/lib/passwords'

const t = useTestApp()

type Role = 'user' | 'admin' | 'super_admin'
const update = (caller: TestUser, id: string, body: unknown, method = 'PUT') => t.request(method, `/api/v1/users/${id}`, { token: caller.token, body })
const row = (id: string) => t.deps.db.select().from(users).where(eq(users.id, id)).get()!
const me = (token: string) => t.request('GET', '/api/v1/users/me', { token })

describe('permission matrix (checked before validation)', () => {
  const cases: [Role, Role | 'self', number, string?][] = [
    ['user', 'self', 200],
    ['user', 'user', 403, 'This action is unauthorized.'],
    ['user', 'admin', 403, 'This action is unauthorized.'],
    ['user', 'super_admin', 403, 'This action is unauthorized.'],
    ['admin', 'self', 200],
    ['admin', 'user', 200],
    ['admin', 'admin', 200],
    ['admin', 'super_admin', 403, 'You cannot modify a super administrator.'],
    ['super_admin', 'self', 200],
    ['super_admin', 'user', 200],
    ['super_admin', 'admin', 200],
    ['super_admin', 'super_admin', 200],
  ]
  for (const [callerRole, targetRole, status, message] of cases) {
    test(`${callerRole} → ${targetRole}: ${status}`, async () => {
      const caller = await createUser(t, { role: callerRole })
      const target = targetRole === 'self' ? caller : await createUser(t, { role: targetRole })
      const r = await update(caller, target.id, { name: 'Renamed' })
      expect(r.status).toBe(status)
      if (status === 200) {
        expect(r.body.message).toBe('User updated successfully.')
        expect(r.body.data.name).toBe('Renamed')
        expect(row(target.id).name).toBe('Renamed')
      } else {
        expect(r.body).toMatchObject({ code: 'forbidden', message })
        expect(row(target.id).name).not.toBe('Renamed')
        // permission comes before validation
        const invalid = await update(caller, target.id, { email: 'not-an-email' })
        expect(invalid.status).toBe(403)
      }
    })
  }

  test('processing order: 401, then body parsing, then 404, then 403', async () => {
    const u = await createUser(t)
    const other = await createUser(t)
    const unknown = '0197a1b2-9a00-7c44-8d55-2e3f4a5b6c7d'
    expect((await t.request('PUT', `/api/v1/users/${unknown}`, { body: '{', headers: { 'content-type': 'application/json' } })).status).toBe(401)
    const malformed = await t.request('PUT', `/api/v1/users/${unknown}`, { token: u.token, body: '{', headers: { 'content-type': 'application/json' } })
    expect(malformed.status).toBe(400)
    expect((await update(u, unknown, { name: 'x' })).status).toBe(404)
    expect((await update(u, other.id, { name: 'x' })).status).toBe(403)
  })

  test('GET /api/v1/users/{user} is not routed', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const r = await t.request('GET', `/api/v1/users/${admin.id}`, { token: admin.token })
    expect(r.status).toBe(405)
    expect(r.headers.get('allow')).toBe('PUT, PATCH, DELETE, OPTIONS')
  })
})

describe('fields', () => {
  test('PUT and PATCH change only the fields sent and return the summary', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const target = await createUser(t, { name: 'Old', email: 'old@example.com' })
    t.clock.advance(60_000)
    const r = await update(admin, target.id, { email: '  New@Example.com ' }, 'PATCH')
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual({
      id: target.id, name: 'Old', email: 'New@Example.com', role: 'user', confirmed: true,
      created_at: '2026-06-24T10:00:00.000Z', updated_at: '2026-06-24T10:01:00.000Z',
    })
    expect(row(target.id).emailKey).toBe('new@example.com')
    const put = await update(admin, target.id, { name: 'New name' })
    expect(put.body.data).toMatchObject({ name: 'New name', email: 'New@Example.com' })
  })

  test('validation messages', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const target = await createUser(t)
    const r = await update(admin, target.id, { name: 'n'.repeat(256), email: 'nope', password: 'short', role: 'owner', confirmed: 'yes' })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({
      name: ['The name field must not be greater than 255 characters.'],
      email: ['The email field must be a valid email address.'],
      password: ['The password field must be at least 12 characters.'],
      password_confirmation: ['The password confirmation field is required when password is present.'],
      current_password: ['The current password field is required when password is present.'],
      role: ['The selected role is invalid.'],
      confirmed: ['The confirmed field must be true or false.'],
    })
    const long = 'p'.repeat(1025)
    const tooLong = await update(admin, target.id, { password: long, password_confirmation: long, current_password: PASSWORD })
    expect(tooLong.body.errors).toEqual({ password: ['The password field must not be greater than 1024 characters.'] })
    const mismatch = await update(admin, target.id, { password: 'long enough pw', password_confirmation: 'long enough pX', current_password: PASSWORD })
    expect(mismatch.body.errors).toEqual({ password: ['The password field confirmation does not match.'] })
  })

  test('e-mail is unique case-insensitively, ignoring the target itself', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const taken = await createUser(t, { email: 'taken@example.com' })
    const target = await createUser(t, { email: 'mine@example.com' })
    const r = await update(admin, target.id, { email: 'TAKEN@example.com' })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({ email: ['The email has already been taken.'] })
    expect(row(taken.id).email).toBe('taken@example.com')
    const self = await update(admin, target.id, { email: 'MINE@example.com' })
    expect(self.status).toBe(200)
    expect(self.body.data.email).toBe('MINE@example.com')
  })

  test('role and confirmed are ignored when a user edits themself', async () => {
    const u = await createUser(t, { verified: false })
    const r = await update(u, u.id, { role: 'super_admin', confirmed: true, name: 'Me' })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ role: 'user', confirmed: false, name: 'Me' })
    // ignored entirely, so even invalid values pass
    expect((await update(u, u.id, { role: 'owner', confirmed: 'x' })).status).toBe(200)
  })

  test('confirmed: true verifies (keeping an existing time) and removes the verification token; false unverifies; e-mail changes keep it', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const target = await createUser(t, { verified: false })
    t.deps.db.insert(emailVerificationTokens).values({ userId: target.id, tokenHash: 'h'.repeat(64), createdAt: t.clock.now() }).run()
    t.clock.advance(5000)
    const yes = await update(admin, target.id, { confirmed: true })
    expect(yes.body.data.confirmed).toBe(true)
    expect(row(target.id).emailVerifiedAt).toBe(t.clock.now())
    expect(t.deps.db.select().from(emailVerificationTokens).all()).toEqual([])
    const verifiedAt = t.clock.now()
    t.clock.advance(5000)
    await update(admin, target.id, { confirmed: true })
    expect(row(target.id).emailVerifiedAt).toBe(verifiedAt)
    await update(admin, target.id, { email: 'changed@example.com' })
    expect(row(target.id).emailVerifiedAt).toBe(verifiedAt)
    const no = await update(admin, target.id, { confirmed: false })
    expect(no.body.data.confirmed).toBe(false)
    expect(row(target.id).emailVerifiedAt).toBeNull()
  })
})

describe('roles', () => {
  test('admins may set user or admin, not super_admin', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const target = await createUser(t)
    expect((await update(admin, target.id, { role: 'admin' })).body.data.role).toBe('admin')
    expect((await update(admin, target.id, { role: 'user' })).body.data.role).toBe('user')
    const r = await update(admin, target.id, { role: 'super_admin' })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({ role: ['The selected role is invalid.'] })
    expect((await update(admin, admin.id, { role: 'super_admin' })).status).toBe(422)
  })

  test('super admins may grant super_admin; the last super admin cannot be demoted', async () => {
    const root = await createUser(t, { role: 'super_admin' })
    const alone = await update(root, root.id, { role: 'admin' })
    expect(alone.status).toBe(409)
    expect(alone.body).toMatchObject({ code: 'last_super_admin', message: 'The last super administrator cannot be demoted.' })
    expect(row(root.id).role).toBe('super_admin')
    const second = await createUser(t)
    expect((await update(root, second.id, { role: 'super_admin' })).body.data.role).toBe('super_admin')
    expect((await update(root, root.id, { role: 'super_admin' })).status).toBe(200)
    // with two, one may step down; then the other is the last one
    const down = await update(root, root.id, { role: 'user' })
    expect(down.status).toBe(200)
    expect(down.body.data.role).toBe('user')
    expect((await update(second, second.id, { role: 'admin' })).status).toBe(409)
  })

  test('validation (422) is answered before the last-super-admin state check (409)', async () => {
    const root = await createUser(t, { role: 'super_admin' })
    const r = await update(root, root.id, { role: 'user', email: 'bad' })
    expect(r.status).toBe(422)
  })
})

describe('password changes', () => {
  const NEW = 'another long password'

  test("an admin sets another user's password with the admin's own current password; all the target's tokens go", async () => {
    const admin = await createUser(t, { role: 'admin' })
    const target = await createUser(t)
    const targetSecond = newToken(t, target.id)
    const wrong = await update(admin, target.id, { password: NEW, password_confirmation: NEW, current_password: 'not the password' })
    expect(wrong.status).toBe(422)
    expect(wrong.body.errors).toEqual({ current_password: ['The password is incorrect.'] })
    const r = await update(admin, target.id, { password: NEW, password_confirmation: NEW, current_password: PASSWORD })
    expect(r.status).toBe(200)
    expect(await Bun.password.verify(NEW, row(target.id).passwordHash)).toBe(true)
    expect((await me(target.token)).status).toBe(401)
    expect((await me(targetSecond.token)).status).toBe(401)
    expect((await me(admin.token)).status).toBe(200)
  })

  test("the caller's password is checked, not the target's", async () => {
    const admin = await createUser(t, { role: 'admin' })
    const target = await createUser(t)
    t.deps.db.update(users).set({ passwordHash: await hashPassword(t.deps, 'target own password') }).where(eq(users.id, target.id)).run()
    const r = await update(admin, target.id, { password: NEW, password_confirmation: NEW, current_password: 'target own password' })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({ current_password: ['The password is incorrect.'] })
  })

  test("changing one's own password keeps the calling token and revokes the others", async () => {
    const u = await createUser(t)
    const second = newToken(t, u.id)
    const r = await update(u, u.id, { password: NEW, password_confirmation: NEW, current_password: PASSWORD }, 'PATCH')
    expect(r.status).toBe(200)
    expect((await me(u.token)).status).toBe(200)
    expect((await me(second.token)).status).toBe(401)
  })

  test('a correct current password is not reported when the new password has the wrong type', async () => {
    const admin = await createUser(t, { role: 'admin' })
    const target = await createUser(t)
    for (const password of [123456789012, ['another long password'], { p: 1 }, true]) {
      const r = await update(admin, target.id, { password, password_confirmation: NEW, current_password: PASSWORD })
      expect(r.status).toBe(422)
      expect(r.body.errors).toEqual({ password: ['The password field must be a string.'] })
    }
    const wrong = await update(admin, target.id, { password: 123456789012, password_confirmation: NEW, current_password: 'not the password' })
    expect(wrong.body.errors).toEqual({ password: ['The password field must be a string.'], current_password: ['The password is incorrect.'] })
  })

  test('current_password without a password is ignored', async () => {
    const u = await createUser(t)
    const r = await update(u, u.id, { name: 'Still me', current_password: 'whatever it is' })
    expect(r.status).toBe(200)
  })
})
