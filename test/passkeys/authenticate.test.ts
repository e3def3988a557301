import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { FLAG_UP, FLAG_UV, SoftAuthenticator } from '../helpers/webauthn'
import { addPasskey, authenticationOptions, expectAuthFailed, signIn } from './flow'

let t: TestApp
let user: TestUser
let auth: SoftAuthenticator
beforeEach(async () => {
  t = createTestApp()
  user = await createUser(t, { name: 'Ada', email: 'Ada@Example.com' })
  auth = new SoftAuthenticator()
  await addPasskey(t, user, auth, 'Laptop')
})
afterEach(() => t.close())

const AUTHENTICATE = '/api/v1/auth/passkey/authenticate'

describe('POST /v1/auth/passkey/authenticate-options', () => {
  test('without an e-mail: discoverable options, empty allowCredentials', async () => {
    const r = await t.request('POST', '/api/v1/auth/passkey/authenticate-options')
    expect(r.status).toBe(200)
    expect(r.body.message).toBe('Authentication options generated.')
    expect(Object.keys(r.body.data)).toEqual(['rpId', 'challenge', 'allowCredentials', 'timeout', 'userVerification'])
    expect(r.body.data).toEqual({ rpId: 'daybook.test', challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), allowCredentials: [], timeout: 300000, userVerification: 'preferred' })
  })

  test('an e-mail (any case) narrows allowCredentials to that user\'s passkeys', async () => {
    const second = new SoftAuthenticator()
    t.clock.advance(1000)
    await addPasskey(t, user, second)
    const o = await authenticationOptions(t, { email: ' ada@EXAMPLE.com ' })
    expect(o.allowCredentials).toEqual([second, auth].map((a) => ({ id: a.credentials[0]!.id.toString('base64url'), transports: ['internal', 'hybrid'], type: 'public-key' })))
  })

  test('an unknown e-mail, or a user without passkeys, gets the same empty list', async () => {
    const bare = await createUser(t)
    expect((await authenticationOptions(t, { email: 'nobody@example.com' })).allowCredentials).toEqual([])
    expect((await authenticationOptions(t, { email: bare.email })).allowCredentials).toEqual([])
  })

  test('validation: email must be a valid address', async () => {
    const r = await t.request('POST', '/api/v1/auth/passkey/authenticate-options', { body: { email: 'not-an-email' } })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({ email: ['The email field must be a valid email address.'] })
  })
})

describe('POST /v1/auth/passkey/authenticate', () => {
  test('signs in with a discoverable credential and returns the full user and a working token', async () => {
    t.clock.advance(60_000)
    const r = await signIn(t, auth)
    expect(r.status).toBe(200)
    expect(r.body.message).toBe('Signed in successfully.')
    expect(Object.keys(r.body.data)).toEqual(['user', 'token', 'token_type', 'token_expires_at'])
    expect(r.body.data.token).toMatch(/^[0-9]+\|[A-Za-z0-9]{40}$/)
    expect(r.body.data.token_type).toBe('Bearer')
    expect(r.body.data.token_expires_at).toBe('2026-07-01T10:01:00.000Z')
    const u = r.body.data.user
    expect(u).toMatchObject({ id: user.id, name: 'Ada', email: 'Ada@Example.com', role: 'user', confirmed: true })
    expect(u.profile).toEqual({ profile_image_path: null, profile_image_url: null })
    expect(u.settings).toMatchObject({ language: 'en', timezone: 'UTC', ai_enabled: false, openai_api_key: null })
    const list = await t.request('GET', '/api/v1/auth/passkeys', { token: r.body.data.token })
    expect(list.status).toBe(200)
    expect(list.body.data[0].last_used_at).toBe('2026-06-24T10:01:00.000Z')
  })

  test('platform sets the token lifetime; an unknown platform is a 422', async () => {
    const mobile = await signIn(t, auth, { platform: 'mobile' })
    expect(mobile.body.data.token_expires_at).toBe('2026-09-22T10:00:00.000Z')
    const bad = await signIn(t, auth, { platform: 'tv' })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({ platform: ['The selected platform is invalid.'] })
  })

  test('accepts the credential posted unwrapped, with platform beside it', async () => {
    const credential = auth.assert(await authenticationOptions(t))
    const r = await t.request('POST', AUTHENTICATE, { body: { ...credential, platform: 'desktop' } })
    expect(r.status).toBe(200)
    expect(r.body.data.token_expires_at).toBe('2026-09-22T10:00:00.000Z')
  })

  test('with an e-mail, the challenge is bound to that user', async () => {
    const other = await createUser(t, { email: 'bob@example.com' })
    const otherAuth = new SoftAuthenticator()
    await addPasskey(t, other, otherAuth)
    expect((await signIn(t, auth, { email: 'ada@example.com' })).status).toBe(200)
    const options = await authenticationOptions(t, { email: 'ada@example.com' })
    expectAuthFailed(await t.request('POST', AUTHENTICATE, { body: { response: otherAuth.assert(options, { credential: otherAuth.credentials[0] }) } }))
  })

  test('does not check e-mail verification, unlike password login', async () => {
    const c = createTestApp({ EMAIL_VERIFICATION: 'true' })
    try {
      const pending = await createUser(c, { email: 'new@example.com', verified: false })
      const a = new SoftAuthenticator()
      await addPasskey(c, pending, a)
      const password = await c.request('POST', '/api/v1/auth/login', { body: { email: 'new@example.com', password: pending.password } })
      expect(password.body.code).toBe('email_not_verified')
      const r = await signIn(c, a)
      expect(r.status).toBe(200)
      expect(r.body.data.user).toMatchObject({ id: pending.id, confirmed: false })
    } finally {
      c.close()
    }
  })

  test('user verification is not required; user presence is', async () => {
    expect((await signIn(t, auth, { flags: FLAG_UP })).status).toBe(200)
    expectAuthFailed(await signIn(t, auth, { flags: FLAG_UV }))
  })

  test('rejects a wrong origin', async () => {
    expectAuthFailed(await signIn(t, auth, { origin: 'https://evil.example' }))
  })

  test('rejects a wrong RP ID hash', async () => {
    expectAuthFailed(await signIn(t, auth, { rpId: 'evil.example' }))
  })

  test('rejects a wrong ceremony type', async () => {
    expectAuthFailed(await signIn(t, auth, { type: 'webauthn.create' }))
  })

  test('rejects a tampered signature', async () => {
    expectAuthFailed(await signIn(t, auth, { tamperSignature: true }))
  })

  test('rejects an unknown credential', async () => {
    const stranger = new SoftAuthenticator()
    stranger.register({ rp: { id: 'daybook.test' }, user: { id: 'eA' }, challenge: 'AAAA' })
    expectAuthFailed(await signIn(t, stranger))
  })

  test('rejects a user handle that is not the owner\'s, accepts an absent one', async () => {
    expectAuthFailed(await signIn(t, auth, { userHandle: Buffer.from('someone-else').toString('base64url') }))
    expect((await signIn(t, auth, { userHandle: null })).status).toBe(200)
  })

  test('a challenge is single use, even after a failed attempt', async () => {
    const options = await authenticationOptions(t)
    expectAuthFailed(await t.request('POST', AUTHENTICATE, { body: { response: auth.assert(options, { tamperSignature: true }) } }))
    expectAuthFailed(await t.request('POST', AUTHENTICATE, { body: { response: auth.assert(options) } }))
    const fresh = await authenticationOptions(t)
    const credential = auth.assert(fresh)
    expect((await t.request('POST', AUTHENTICATE, { body: { response: credential } })).status).toBe(200)
    expectAuthFailed(await t.request('POST', AUTHENTICATE, { body: { response: credential } }))
  })

  test('concurrent sign-ins keep their own challenges', async () => {
    const a = await authenticationOptions(t)
    const b = await authenticationOptions(t)
    expect((await t.request('POST', AUTHENTICATE, { body: { response: auth.assert(b) } })).status).toBe(200)
    expect((await t.request('POST', AUTHENTICATE, { body: { response: auth.assert(a) } })).status).toBe(200)
  })

  test('a challenge expires after 5 minutes (server clock)', async () => {
    const options = await authenticationOptions(t)
    t.clock.advance(5 * 60_000)
    expectAuthFailed(await t.request('POST', AUTHENTICATE, { body: { response: auth.assert(options) } }))
  })

  test('a registration challenge is no sign-in challenge', async () => {
    const reg = await t.request('POST', '/api/v1/auth/passkeys/register-options', { token: user.token })
    const options = { rpId: 'daybook.test', challenge: reg.body.data.challenge }
    expectAuthFailed(await t.request('POST', AUTHENTICATE, { body: { response: auth.assert(options) } }))
  })

  test('a sign counter regression is refused and logged as a possible clone', async () => {
    expect((await signIn(t, auth, { counter: 7 })).status).toBe(200)
    expectAuthFailed(await signIn(t, auth, { counter: 7 }))
    expectAuthFailed(await signIn(t, auth, { counter: 3 }))
    expect(t.logs.some((l) => l.includes('possible cloned authenticator') && l.includes('"received_counter":3'))).toBe(true)
    expect((await signIn(t, auth, { counter: 8 })).status).toBe(200)
  })

  test('authenticators without a counter (always 0) keep working', async () => {
    expect((await signIn(t, auth, { counter: 0 })).status).toBe(200)
    expect((await signIn(t, auth, { counter: 0 })).status).toBe(200)
    expectAuthFailed(await signIn(t, auth, { counter: 0, tamperSignature: true }))
  })

  test('a deleted passkey can no longer sign in', async () => {
    const [item] = (await t.request('GET', '/api/v1/auth/passkeys', { token: user.token })).body.data
    await t.request('DELETE', `/api/v1/auth/passkeys/${item.id}`, { token: user.token })
    expectAuthFailed(await signIn(t, auth))
  })

  test('malformed credential contents are a 401, never a 500', async () => {
    const options = await authenticationOptions(t)
    const good = auth.assert(options)
    const bodies: unknown[] = [
      { response: {} },
      { response: { ...good, response: null } },
      { response: { ...good, response: { clientDataJSON: 42 } } },
      { response: { ...good, response: { clientDataJSON: 'bm90IGpzb24' } } },
      { response: { ...good, id: 5 } },
      { response: { ...good, response: { ...good.response, signature: '***' } } },
      { response: { ...good, response: { ...good.response, userHandle: 17 } } },
      { rawId: 'x' },
    ]
    for (const body of bodies) expectAuthFailed(await t.request('POST', AUTHENTICATE, { body }))
  })

  test('validation: response required and an object', async () => {
    for (const [body, message] of [[{}, 'The response field is required.'], [{ response: 'x' }, 'The response field must be an object.']] as const) {
      const r = await t.request('POST', AUTHENTICATE, { body })
      expect(r.status).toBe(422)
      expect(r.body.errors).toEqual({ response: [message] })
    }
  })

  test('is public: an Authorization header is ignored', async () => {
    const credential = auth.assert(await authenticationOptions(t))
    const r = await t.request('POST', AUTHENTICATE, { body: { response: credential }, headers: { authorization: 'Bearer nonsense' } })
    expect(r.status).toBe(200)
  })
})
