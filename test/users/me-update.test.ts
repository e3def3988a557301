/**
 * PATCH /api/v1/users/me (docs/api/users.md §2.1): a person's own name and e-mail address. With verification on, a new
 * address waits for the link mailed to it (captured by a real SMTP server on loopback) and sign-in stays on the old one.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { createMailApp, linkIn, nthMail, verificationParts, type MailApp } from '../auth/helpers'
import { MINUTE } from '../../src/lib/clock'

let t: TestApp | undefined
let m: MailApp | undefined
afterEach(async () => { t?.close(); t = undefined; await m?.close(); m = undefined })

const NOW = '2026-06-24T10:00:00.000Z'
const patch = (a: TestApp, user: { token: string }, body: unknown) => a.request('PATCH', '/api/v1/users/me', { token: user.token, body })
const me = async (a: TestApp, user: { token: string }) => (await a.request('GET', '/api/v1/users/me', { token: user.token })).body.data
const loginStatus = async (a: TestApp, email: string, password: string) =>
  (await a.request('POST', '/api/v1/auth/login', { body: { email, password } })).status

describe('name', () => {
  test('changes the name and answers the full user, as GET /users/me shows it', async () => {
    const a = (t = createTestApp())
    const ada = await createUser(a, { name: 'Ada', email: 'ada@example.com' })
    a.clock.advance(MINUTE)
    const r = await patch(a, ada, { name: '  Ada Lovelace  ' })
    expect(r.status).toBe(200)
    expect(r.body.message).toBe('User updated successfully.')
    expect(r.body.data).toEqual(await me(a, ada))
    expect(r.body.data).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', pending_email: null, updated_at: '2026-06-24T10:01:00.000Z' })
    expect(Object.keys(r.body.data).at(-1)).toBe('pending_email')
  })

  test('validation, field by field; a refused change changes nothing', async () => {
    const a = (t = createTestApp())
    const ada = await createUser(a, { name: 'Ada', email: 'ada@example.com' })
    await createUser(a, { email: 'bob@example.com' })
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { name: ['The name field is required when email is not present.'] }],
      [{ name: '   ', email: '' }, { name: ['The name field is required when email is not present.'] }],
      [{ name: 'x'.repeat(256) }, { name: ['The name field must not be greater than 255 characters.'] }],
      [{ name: 42 }, { name: ['The name field must be a string.'] }],
      [{ email: 'not an address' }, { email: ['The email field must be a valid email address.'] }],
      [{ email: ['ada@example.org'] }, { email: ['The email field must be a string.'] }],
      [{ email: 'BOB@Example.com' }, { email: ['The email has already been taken.'] }],
      [{ name: 'x'.repeat(256), email: 'nope' }, { name: ['The name field must not be greater than 255 characters.'], email: ['The email field must be a valid email address.'] }],
    ]
    for (const [body, errors] of cases) {
      const r = await patch(a, ada, body)
      expect({ body, status: r.status, code: r.body.code, errors: r.body.errors }).toEqual({ body, status: 422, code: 'validation_failed', errors })
    }
    expect(await me(a, ada)).toMatchObject({ name: 'Ada', email: 'ada@example.com', pending_email: null, updated_at: NOW })
  })

  test('401 without a token, before the body is looked at', async () => {
    const a = (t = createTestApp())
    const r = await a.request('PATCH', '/api/v1/users/me', { body: { name: 'Mallory' } })
    expect(r.status).toBe(401)
    expect(r.body.code).toBe('unauthenticated')
  })

  test("a token of one user changes only that user, never another's name or address", async () => {
    const a = (t = createTestApp())
    const ada = await createUser(a, { name: 'Ada', email: 'ada@example.com' })
    const bob = await createUser(a, { name: 'Bob', email: 'bob@example.com' })
    const before = await me(a, bob)
    expect((await patch(a, ada, { name: 'Not Bob', email: 'ada@example.org', id: bob.id, user_id: bob.id })).status).toBe(200)
    expect(await me(a, bob)).toEqual(before)
    expect(await me(a, ada)).toMatchObject({ id: ada.id, name: 'Not Bob', email: 'ada@example.org' })
  })
})

describe('e-mail address, verification off', () => {
  test('changes at once; sign-in moves to the new address; no mail is written', async () => {
    const a = (t = createTestApp({ EMAIL_VERIFICATION: 'false' }))
    const ada = await createUser(a, { email: 'ada@example.com' })
    const r = await patch(a, ada, { email: 'Ada@Example.org' })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ email: 'Ada@Example.org', pending_email: null, confirmed: true })
    expect(await loginStatus(a, 'ada@example.org', ada.password)).toBe(200)
    expect(await loginStatus(a, 'ada@example.com', ada.password)).toBe(401)
    const outbox = join(a.dataDir, 'outbox')
    expect(existsSync(outbox) ? readdirSync(outbox) : []).toEqual([])
  })
})

describe('e-mail address, verification on', () => {
  async function mailApp() {
    m = await createMailApp()
    return m
  }
  async function linkOfMail(app: MailApp, n: number, to: string) {
    const mail = await nthMail(app.smtp, n)
    expect(mail.to).toEqual([to])
    return verificationParts(linkIn(mail.text))
  }
  const verify = (app: MailApp, parts: unknown) => app.t.request('POST', '/api/v1/auth/verify', { body: parts })

  test('the new address waits for its link, mailed to it; sign-in stays on the old one until the link is followed', async () => {
    const app = await mailApp()
    const ada = await createUser(app.t, { name: 'Ada', email: 'ada@example.com' })
    const r = await patch(app.t, ada, { name: 'Ada L.', email: 'ada@example.org' })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ name: 'Ada L.', email: 'ada@example.com', pending_email: 'ada@example.org', confirmed: true })
    expect((await me(app.t, ada)).pending_email).toBe('ada@example.org')

    const parts = await linkOfMail(app, 1, 'ada@example.org')
    expect(parts.user_id).toBe(ada.id)
    expect(await loginStatus(app.t, 'ada@example.com', ada.password)).toBe(200)
    expect(await loginStatus(app.t, 'ada@example.org', ada.password)).toBe(401)

    const confirmed = await verify(app, parts)
    expect(confirmed.status).toBe(201)
    expect(confirmed.body.message).toBe('User successfully confirmed.')
    expect(await me(app.t, ada)).toMatchObject({ email: 'ada@example.org', pending_email: null, confirmed: true })
    expect(await loginStatus(app.t, 'ada@example.org', ada.password)).toBe(200)
    expect(await loginStatus(app.t, 'ada@example.com', ada.password)).toBe(401)
    // The link is used up.
    expect((await verify(app, parts)).body.code).toBe('already_verified')
  })

  test('PUT /users/{own id} changes one\'s own address the same way; an admin still sets another member\'s at once', async () => {
    const app = await mailApp()
    const ada = await createUser(app.t, { name: 'Ada', email: 'ada@example.com', role: 'admin' })
    const bob = await createUser(app.t, { name: 'Bob', email: 'bob@example.com' })
    const own = await app.t.request('PUT', `/api/v1/users/${ada.id}`, { token: ada.token, body: { email: 'ada@example.org' } })
    expect(own.status).toBe(200)
    expect(own.body.data.email).toBe('ada@example.com')
    expect(await me(app.t, ada)).toMatchObject({ email: 'ada@example.com', pending_email: 'ada@example.org' })
    expect((await verify(app, await linkOfMail(app, 1, 'ada@example.org'))).status).toBe(201)
    expect((await me(app.t, ada)).email).toBe('ada@example.org')
    const other = await app.t.request('PUT', `/api/v1/users/${bob.id}`, { token: ada.token, body: { email: 'bob@example.org' } })
    expect(other.body.data.email).toBe('bob@example.org')
  })

  test('an address taken while the change waited is refused when the link is followed, and the change is dropped', async () => {
    const app = await mailApp()
    const ada = await createUser(app.t, { email: 'ada@example.com' })
    expect((await patch(app.t, ada, { email: 'shared@example.org' })).status).toBe(200)
    const parts = await linkOfMail(app, 1, 'shared@example.org')
    await createUser(app.t, { email: 'Shared@Example.org' })
    const r = await verify(app, parts)
    expect(r.status).toBe(409)
    expect(r.body).toMatchObject({ code: 'email_taken', message: 'The email has already been taken.' })
    expect(await me(app.t, ada)).toMatchObject({ email: 'ada@example.com', pending_email: null })
    expect(await loginStatus(app.t, 'ada@example.com', ada.password)).toBe(200)
  })

  test('a second change replaces the first and its link; one\'s own address withdraws a pending change', async () => {
    const app = await mailApp()
    const ada = await createUser(app.t, { email: 'ada@example.com' })
    await patch(app.t, ada, { email: 'first@example.org' })
    const first = await linkOfMail(app, 1, 'first@example.org')
    await patch(app.t, ada, { email: 'second@example.org' })
    const second = await linkOfMail(app, 2, 'second@example.org')
    expect((await verify(app, first)).body.code).toBe('token_mismatch')

    const withdrawn = await patch(app.t, ada, { email: 'ADA@example.com' })
    expect(withdrawn.status).toBe(200)
    expect(withdrawn.body.data).toMatchObject({ email: 'ADA@example.com', pending_email: null })
    expect(app.smtp.messages).toHaveLength(2)
    // The withdrawn change's link no longer switches anything.
    expect((await verify(app, second)).body.code).toBe('already_verified')
    expect((await me(app.t, ada)).email).toBe('ADA@example.com')
  })

  test('an account whose address was never verified changes it at once and gets the link at the new one', async () => {
    const app = await mailApp()
    const ada = await createUser(app.t, { email: 'ada@example.com', verified: false })
    const r = await patch(app.t, ada, { email: 'ada@example.org' })
    expect(r.body.data).toMatchObject({ email: 'ada@example.org', pending_email: null, confirmed: false })
    const parts = await linkOfMail(app, 1, 'ada@example.org')
    expect((await verify(app, parts)).status).toBe(201)
    expect(await loginStatus(app.t, 'ada@example.org', ada.password)).toBe(200)
  })

  test('changing the address is limited to 10 an hour from one address (each one mails a stranger\'s inbox)', async () => {
    const app = await mailApp()
    const ada = await createUser(app.t, { email: 'ada@example.com' })
    for (let i = 0; i < 10; i++) expect((await patch(app.t, ada, { email: `ada${i}@example.org` })).status).toBe(200)
    const limited = await patch(app.t, ada, { email: 'ada10@example.org' })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('3600')
    expect((await me(app.t, ada)).pending_email).toBe('ada9@example.org')
  })
})
