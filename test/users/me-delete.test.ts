/**
 * DELETE /api/v1/users/me (docs/api/users.md §2.2–2.3): a person deletes their own account after their password or a
 * passkey (the software authenticator of test/helpers/webauthn.ts, verified for real), never as the last super admin,
 * with exactly what an admin's delete removes.
 */
import { describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, newToken, type TestUser } from '../helpers/fixtures'
import { SoftAuthenticator } from '../helpers/webauthn'
import { addPasskey, authenticationOptions, signIn } from '../passkeys/flow'
import { countRows, insertOwnedRows, userColumns } from './owned-rows'
import { form, png } from './images'
import { MINUTE } from '../../src/lib/clock'
import { NO_PASSWORD } from '../../src/lib/passwords'
import { users } from '../../src/tables'

const t = useTestApp()

const NOW = '2026-06-24T10:00:00.000Z'
const del = (user: { token: string }, body?: unknown, ip?: string) => t.request('DELETE', '/api/v1/users/me', { token: user.token, body, ip })
const stillThere = async (user: TestUser) => (await t.request('GET', '/api/v1/users/me', { token: user.token })).status === 200
const deletionOptions = (user: { token: string }) => t.request('POST', '/api/v1/users/me/delete-options', { token: user.token })

async function passkeyProof(user: TestUser, auth: SoftAuthenticator, o: Parameters<SoftAuthenticator['assert']>[1] = {}) {
  const options = await deletionOptions(user)
  expect(options.status).toBe(200)
  return { passkey: auth.assert(options.body.data, o) }
}

describe('with the password', () => {
  test('deletes the account and everything it owns, exactly as the admin delete does; the other user keeps theirs', async () => {
    const ada = await createUser(t)
    const bob = await createUser(t)
    const carol = await createUser(t)
    newToken(t, ada.id, 'mobile')
    insertOwnedRows(t, ada.id, bob.id)
    insertOwnedRows(t, bob.id, carol.id)
    expect((await t.request('POST', '/api/v1/users/me/profile-image', { token: ada.token, body: form({ image: { bytes: png() } }) })).status).toBe(200)
    expect((await t.request('POST', '/api/v1/users/me/profile-image', { token: bob.token, body: form({ image: { bytes: png() } }) })).status).toBe(200)
    const columns = userColumns(t)
    // the fixture really puts a row of Ada's in every table that refers to a user
    const tablesWithAda = new Set(columns.filter((c) => countRows(t, c.table, c.column, ada.id) > 0).map((c) => c.table))
    expect([...tablesWithAda].sort()).toEqual([...new Set(columns.map((c) => c.table))].sort())

    const r = await del(ada, { current_password: ada.password })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ success: true, message: 'Account deleted successfully.', data: null, timestamp: NOW })
    expect(countRows(t, 'users', 'id', ada.id)).toBe(0)
    for (const c of columns) expect(`${c.table}.${c.column}=${countRows(t, c.table, c.column, ada.id)}`).toBe(`${c.table}.${c.column}=0`)
    expect(existsSync(join(t.dataDir, 'files', 'user', ada.id))).toBe(false)
    // signed out everywhere: the calling token went with the account
    expect(await stillThere(ada)).toBe(false)
    expect((await t.request('POST', '/api/v1/auth/login', { body: { email: ada.email, password: ada.password } })).status).toBe(401)

    expect(await stillThere(bob)).toBe(true)
    for (const table of ['access_tokens', 'passkeys', 'clipboard_entries', 'check_ins', 'library_items']) {
      expect(`${table}=${countRows(t, table, 'user_id', bob.id)}`).toBe(`${table}=1`)
    }
    expect(existsSync(join(t.dataDir, 'files', 'user', bob.id, 'profile'))).toBe(true)
  })

  test('a wrong password is refused at its field and changes nothing; so is an account that has no password', async () => {
    const ada = await createUser(t)
    const r = await del(ada, { current_password: 'not my password at all' })
    expect(r.status).toBe(422)
    expect(r.body).toMatchObject({ code: 'validation_failed', errors: { current_password: ['The current password is incorrect.'] } })
    expect(await stillThere(ada)).toBe(true)

    const member = await createUser(t)
    t.deps.db.update(users).set({ passwordHash: NO_PASSWORD }).where(eq(users.id, member.id)).run()
    expect((await del(member, { current_password: '' }, '192.0.2.8')).body.errors).toEqual({
      current_password: ['The current password field is required when passkey is not present.'],
    })
    expect((await del(member, { current_password: 'anything at all here' }, '192.0.2.8')).body.errors).toEqual({
      current_password: ['The current password is incorrect.'],
    })
    expect(await stillThere(member)).toBe(true)
  })

  test('validation of each field', async () => {
    const ada = await createUser(t)
    const cases: [unknown, Record<string, string[]>][] = [
      [undefined, { current_password: ['The current password field is required when passkey is not present.'] }],
      [{}, { current_password: ['The current password field is required when passkey is not present.'] }],
      [{ current_password: 12345678901234 }, { current_password: ['The current password field must be a string.'] }],
      [{ passkey: 'a credential' }, { passkey: ['The passkey field must be an object.'] }],
      [{ passkey: {} }, { passkey: ['The passkey could not be verified.'] }],
    ]
    for (const [i, [body, errors]] of cases.entries()) {
      const r = await del(ada, body, `192.0.2.${i + 1}`)
      expect({ body, status: r.status, errors: r.body.errors }).toEqual({ body, status: 422, errors })
    }
    expect(await stillThere(ada)).toBe(true)
  })

  test('password checks are limited like sign-ins: 5 a minute from one address, the right password too', async () => {
    const ada = await createUser(t)
    for (let i = 0; i < 5; i++) {
      const r = await del(ada, { current_password: `wrong password number ${i}` })
      expect(r.status).toBe(422)
      expect(r.headers.get('x-ratelimit-remaining')).toBe(String(4 - i))
    }
    const limited = await del(ada, { current_password: ada.password })
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe('rate_limited')
    expect(limited.headers.get('retry-after')).toBe('60')
    expect(await stillThere(ada)).toBe(true)
    t.clock.advance(MINUTE)
    expect((await del(ada, { current_password: ada.password })).status).toBe(200)
  })

  test('401 without a token, and it is not counted', async () => {
    const ada = await createUser(t)
    for (let i = 0; i < 6; i++) {
      const r = await t.request('DELETE', '/api/v1/users/me', { body: { current_password: ada.password } })
      expect(r.status).toBe(401)
      expect(r.body.code).toBe('unauthenticated')
    }
    expect((await del(ada, { current_password: ada.password })).status).toBe(200)
  })

  test("a token deletes only its own user: another user's password proves nothing", async () => {
    const ada = await createUser(t)
    const bob = await createUser(t)
    const withBobs = await del(ada, { current_password: bob.password === ada.password ? 'bob has his own password' : bob.password })
    expect(withBobs.status).toBe(422)
    expect((await del(ada, { current_password: ada.password, user_id: bob.id, id: bob.id })).status).toBe(200)
    expect(await stillThere(ada)).toBe(false)
    expect(await stillThere(bob)).toBe(true)
  })
})

describe('the last super admin', () => {
  test('cannot delete their account (409, in words); once another super admin exists, can', async () => {
    const root = await createUser(t, { role: 'super_admin' })
    const refused = await del(root, { current_password: root.password })
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      code: 'last_super_admin',
      message: 'You are the last super administrator, so your account cannot be deleted. Make someone else a super administrator first.',
    })
    expect(await stillThere(root)).toBe(true)

    const second = await createUser(t, { role: 'super_admin' })
    expect((await del(root, { current_password: root.password })).status).toBe(200)
    expect((await del(second, { current_password: second.password })).status).toBe(409)
    expect(await stillThere(second)).toBe(true)
  })

  test('an admin (not super) may delete their own account', async () => {
    await createUser(t, { role: 'super_admin' })
    const admin = await createUser(t, { role: 'admin' })
    expect((await del(admin, { current_password: admin.password })).status).toBe(200)
  })
})

describe('with a passkey', () => {
  test('options for the caller\'s passkeys, then the assertion over them deletes the account', async () => {
    const ada = await createUser(t)
    const auth = new SoftAuthenticator()
    const passkey = await addPasskey(t, ada, auth)
    const options = await deletionOptions(ada)
    expect(options.status).toBe(200)
    expect(options.body.message).toBe('Authentication options generated.')
    expect(options.body.data).toMatchObject({ rpId: 'daybook.test', timeout: 300000, userVerification: 'preferred' })
    expect(options.body.data.allowCredentials.map((c: { id: string }) => c.id)).toHaveLength(1)
    const r = await del(ada, { passkey: auth.assert(options.body.data) })
    expect(r.status).toBe(200)
    expect(countRows(t, 'users', 'id', ada.id)).toBe(0)
    expect(countRows(t, 'passkeys', 'id', passkey.id)).toBe(0)
  })

  test('refused at the passkey field: a sign-in challenge, a used one, a tampered signature, another user\'s passkey', async () => {
    const ada = await createUser(t)
    const bob = await createUser(t)
    const adaAuth = new SoftAuthenticator()
    const bobAuth = new SoftAuthenticator()
    await addPasskey(t, ada, adaAuth)
    await addPasskey(t, bob, bobAuth)
    const refused = { passkey: ['The passkey could not be verified.'] }
    let ip = 0
    const attempt = async (body: unknown) => {
      const r = await del(ada, body, `198.51.100.${++ip}`)
      expect({ status: r.status, errors: r.body.errors }).toEqual({ status: 422, errors: refused })
    }

    // a challenge made for signing in (even bound to Ada by her e-mail) is not one made for this
    await attempt({ passkey: adaAuth.assert(await authenticationOptions(t, { email: ada.email })) })
    // a challenge made for Bob's deletion, answered by Bob's passkey, proves nothing about Ada
    const bobsOptions = (await deletionOptions(bob)).body.data
    await attempt({ passkey: bobAuth.assert(bobsOptions) })
    // Ada's challenge answered by Bob's passkey
    await attempt(await passkeyProof(ada, bobAuth, { credential: bobAuth.credentials[0] }))
    // a tampered signature
    await attempt(await passkeyProof(ada, adaAuth, { tamperSignature: true }))
    // a used challenge: the first answer deletes nothing (wrong signature) but uses it up
    const options = (await deletionOptions(ada)).body.data
    await attempt({ passkey: adaAuth.assert(options, { tamperSignature: true }) })
    await attempt({ passkey: adaAuth.assert(options) })

    expect(await stillThere(ada)).toBe(true)
    expect(await stillThere(bob)).toBe(true)
    // Ada's own passkey still works for signing in: nothing was spent but the challenges
    expect((await signIn(t, adaAuth)).status).toBe(200)
  })

  test('no passkey: the options say so (409), and 401 without a token', async () => {
    const ada = await createUser(t)
    const r = await deletionOptions(ada)
    expect(r.status).toBe(409)
    expect(r.body).toMatchObject({ code: 'no_passkeys', message: 'You have no passkey. Confirm with your password instead.' })
    expect((await t.request('POST', '/api/v1/users/me/delete-options')).status).toBe(401)
  })

  test('the last super admin is refused after a valid passkey too', async () => {
    const root = await createUser(t, { role: 'super_admin' })
    const auth = new SoftAuthenticator()
    await addPasskey(t, root, auth)
    const r = await del(root, await passkeyProof(root, auth))
    expect(r.status).toBe(409)
    expect(r.body.code).toBe('last_super_admin')
    expect(await stillThere(root)).toBe(true)
  })
})
