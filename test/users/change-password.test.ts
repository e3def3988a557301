import { beforeEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, newToken, PASSWORD, type TestUser } from '../helpers/fixtures'
import { users } from '../../src/features/users/schema'
import { passwordResetTokens } from '../../src/features/auth/schema'

const t = useTestApp()
let u: TestUser
beforeEach(async () => {
  u = await createUser(t)
})

const NEW = 'a brand new passphrase'
const change = (body: unknown, token = u.token) => t.request('PUT', '/api/v1/users/change-password', { token, body })
const me = (token: string) => t.request('GET', '/api/v1/users/me', { token })
const hash = () => t.deps.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, u.id)).get()!.h

describe('PUT /api/v1/users/change-password', () => {
  test("success: new hash, the caller's other tokens revoked, the calling token and other users untouched", async () => {
    const second = newToken(t, u.id, 'mobile')
    const third = newToken(t, u.id, 'desktop')
    const other = await createUser(t)
    t.deps.db.insert(passwordResetTokens).values({ userId: u.id, tokenHash: 'x'.repeat(64), createdAt: t.clock.now() }).run()
    const r = await change({ current_password: PASSWORD, new_password: NEW, new_password_confirmation: NEW })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ success: true, message: 'Password changed successfully.', data: null, timestamp: '2026-06-24T10:00:00.000Z' })
    expect(await Bun.password.verify(NEW, hash())).toBe(true)
    expect((await me(u.token)).status).toBe(200)
    expect((await me(second.token)).status).toBe(401)
    expect((await me(third.token)).status).toBe(401)
    expect((await me(other.token)).status).toBe(200)
    expect(t.deps.db.select().from(passwordResetTokens).all()).toEqual([])
  })

  test('passwords are not trimmed', async () => {
    const spaced = '  spaced passphrase  '
    const r = await change({ current_password: PASSWORD, new_password: spaced, new_password_confirmation: spaced })
    expect(r.status).toBe(200)
    expect(await Bun.password.verify(spaced, hash())).toBe(true)
  })

  test('field rules', async () => {
    const empty = await change({})
    expect(empty.status).toBe(422)
    expect(empty.body.errors).toEqual({
      current_password: ['The current password field is required.'],
      new_password: ['The new password field is required.'],
      new_password_confirmation: ['The new password confirmation field is required.'],
    })
    const short = await change({ current_password: PASSWORD, new_password: 'short', new_password_confirmation: 'short' })
    expect(short.body.errors).toEqual({ new_password: ['The new password field must be at least 12 characters.'] })
    const long = 'x'.repeat(1025)
    const tooLong = await change({ current_password: PASSWORD, new_password: long, new_password_confirmation: long })
    expect(tooLong.body.errors).toEqual({ new_password: ['The new password field must not be greater than 1024 characters.'] })
    const mismatch = await change({ current_password: PASSWORD, new_password: NEW, new_password_confirmation: NEW + '!' })
    expect(mismatch.body.errors).toEqual({ new_password: ['The new password field confirmation does not match.'] })
  })

  test('a wrong current password', async () => {
    const second = newToken(t, u.id)
    const r = await change({ current_password: 'not my password', new_password: NEW, new_password_confirmation: NEW })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({ current_password: ['The current password is incorrect.'] })
    expect(await Bun.password.verify(PASSWORD, hash())).toBe(true)
    expect((await me(second.token)).status).toBe(200)
  })

  test('the same password again', async () => {
    const r = await change({ current_password: PASSWORD, new_password: PASSWORD, new_password_confirmation: PASSWORD })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({ new_password: ['The new password must be different from your current password.'] })
  })

  test('401 without a token', async () => {
    const r = await t.request('PUT', '/api/v1/users/change-password', { body: { current_password: PASSWORD, new_password: NEW, new_password_confirmation: NEW } })
    expect(r.status).toBe(401)
  })
})
