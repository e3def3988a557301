import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { FLAG_AT, FLAG_UP, FLAG_UV, SoftAuthenticator } from '../helpers/webauthn'
import { addPasskey, expectRegistrationFailed, registerPasskey, registrationOptions } from './flow'

let t: TestApp
let user: TestUser
beforeEach(async () => {
  t = createTestApp()
  user = await createUser(t, { name: 'Ada', email: 'ada@example.com' })
})
afterEach(() => t.close())

const REGISTER = '/api/v1/auth/passkeys/register'

describe('POST /v1/auth/passkeys/register-options', () => {
  test('returns standard creation options for the relying party', async () => {
    const r = await t.request('POST', '/api/v1/auth/passkeys/register-options', { token: user.token })
    expect(r.status).toBe(200)
    expect(r.body.message).toBe('Registration options generated.')
    const o = r.body.data
    expect(Object.keys(o)).toEqual(['challenge', 'rp', 'user', 'pubKeyCredParams', 'timeout', 'attestation', 'excludeCredentials',
      'authenticatorSelection', 'extensions', 'hints'])
    expect(o.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(o.challenge, 'base64url')).toHaveLength(32)
    expect(o.rp).toEqual({ name: 'daybook', id: 'daybook.test' })
    expect(o.user).toEqual({ id: Buffer.from(user.id, 'utf8').toString('base64url'), name: 'ada@example.com', displayName: 'Ada' })
    expect(o.pubKeyCredParams).toEqual([{ alg: -8, type: 'public-key' }, { alg: -7, type: 'public-key' }, { alg: -257, type: 'public-key' }])
    expect(o.timeout).toBe(300000)
    expect(o.attestation).toBe('none')
    expect(o.excludeCredentials).toEqual([])
    expect(o.authenticatorSelection).toEqual({ residentKey: 'preferred', userVerification: 'preferred', requireResidentKey: false })
    expect(o.extensions).toEqual({ credProps: true })
    expect(o.hints).toEqual([])
  })

  test('the relying party follows WEBAUTHN_RP_ID and WEBAUTHN_RP_NAME', async () => {
    const c = createTestApp({ WEBAUTHN_RP_ID: 'example.org', WEBAUTHN_RP_NAME: 'My Diary' })
    try {
      const u = await createUser(c)
      expect((await registrationOptions(c, u)).rp).toEqual({ name: 'My Diary', id: 'example.org' })
    } finally {
      c.close()
    }
  })

  test('excludeCredentials lists the user\'s existing passkeys', async () => {
    const auth = new SoftAuthenticator()
    await addPasskey(t, user, auth)
    const o = await registrationOptions(t, user)
    expect(o.excludeCredentials).toEqual([{ id: auth.credentials[0]!.id.toString('base64url'), transports: ['internal', 'hybrid'], type: 'public-key' }])
  })

  test('401 without a token', async () => {
    const r = await t.request('POST', '/api/v1/auth/passkeys/register-options')
    expect(r.status).toBe(401)
    expect(r.body.code).toBe('unauthenticated')
  })
})

describe('POST /v1/auth/passkeys/register', () => {
  test('registers a passkey with real attestation verification', async () => {
    const r = await registerPasskey(t, user, new SoftAuthenticator(), { name: 'Laptop' })
    expect(r.status).toBe(200)
    expect(r.body.message).toBe('Passkey registered successfully.')
    expect(r.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      name: 'Laptop', created_at: '2026-06-24T10:00:00.000Z', last_used_at: null, transports: ['internal', 'hybrid'], aaguid: null,
    })
    const list = await t.request('GET', '/api/v1/auth/passkeys', { token: user.token })
    expect(list.body.data).toEqual([r.body.data])
  })

  test('the name defaults to Passkey; a real AAGUID is reported; missing transports are null', async () => {
    const aaguid = Buffer.from('adce000235bcc60a648b0b25f1f05503', 'hex')
    const options = await registrationOptions(t, user)
    const credential: any = new SoftAuthenticator('http://daybook.test', aaguid).register(options)
    delete credential.response.transports
    const r = await t.request('POST', REGISTER, { token: user.token, body: { response: credential } })
    expect(r.status).toBe(200)
    expect(r.body.data.name).toBe('Passkey')
    expect(r.body.data.aaguid).toBe('adce0002-35bc-c60a-648b-0b25f1f05503')
    expect(r.body.data.transports).toBeNull()
  })

  test('accepts the credential posted unwrapped, with name beside it', async () => {
    const credential = new SoftAuthenticator().register(await registrationOptions(t, user))
    const r = await t.request('POST', REGISTER, { token: user.token, body: { ...credential, name: 'Phone' } })
    expect(r.status).toBe(200)
    expect(r.body.data.name).toBe('Phone')
  })

  test('user verification is not required, user presence is', async () => {
    const noUv = await registerPasskey(t, user, new SoftAuthenticator(), { flags: FLAG_UP | FLAG_AT })
    expect(noUv.status).toBe(200)
    expectRegistrationFailed(await registerPasskey(t, user, new SoftAuthenticator(), { flags: FLAG_UV | FLAG_AT }))
  })

  test('rejects a wrong origin', async () => {
    expectRegistrationFailed(await registerPasskey(t, user, new SoftAuthenticator('https://evil.example')))
  })

  test('accepts every origin of WEBAUTHN_ORIGINS and nothing else', async () => {
    const c = createTestApp({ WEBAUTHN_ORIGINS: 'https://app.daybook.test,http://localhost:5173', WEBAUTHN_RP_ID: 'daybook.test' })
    try {
      const u = await createUser(c)
      expect((await registerPasskey(c, u, new SoftAuthenticator('https://app.daybook.test'))).status).toBe(200)
      expect((await registerPasskey(c, u, new SoftAuthenticator('http://localhost:5173'))).status).toBe(200)
      expectRegistrationFailed(await registerPasskey(c, u, new SoftAuthenticator('http://daybook.test')))
    } finally {
      c.close()
    }
  })

  test('rejects a wrong RP ID hash', async () => {
    expectRegistrationFailed(await registerPasskey(t, user, new SoftAuthenticator(), { rpId: 'evil.example' }))
  })

  test('rejects a wrong ceremony type and a foreign challenge', async () => {
    expectRegistrationFailed(await registerPasskey(t, user, new SoftAuthenticator(), { type: 'webauthn.get' }))
    expectRegistrationFailed(await registerPasskey(t, user, new SoftAuthenticator(), { challenge: Buffer.alloc(32, 7).toString('base64url') }))
  })

  test('rejects an unsupported key algorithm', async () => {
    expectRegistrationFailed(await registerPasskey(t, user, new SoftAuthenticator(), { alg: -36 }))
  })

  test('a challenge is single use, even after a failed attempt', async () => {
    const options = await registrationOptions(t, user)
    const auth = new SoftAuthenticator()
    expectRegistrationFailed(await t.request('POST', REGISTER, { token: user.token, body: { response: auth.register(options, { origin: 'https://evil.example' }) } }))
    expectRegistrationFailed(await t.request('POST', REGISTER, { token: user.token, body: { response: auth.register(options) } }))
    const ok = await registerPasskey(t, user, auth)
    expect(ok.status).toBe(200)
    expectRegistrationFailed(await t.request('POST', REGISTER, { token: user.token, body: { response: auth.register(options) } }))
  })

  test('new options replace the previous challenge', async () => {
    const first = await registrationOptions(t, user)
    const second = await registrationOptions(t, user)
    const auth = new SoftAuthenticator()
    expectRegistrationFailed(await t.request('POST', REGISTER, { token: user.token, body: { response: auth.register(first) } }))
    // The failed attempt used up the second challenge too.
    expectRegistrationFailed(await t.request('POST', REGISTER, { token: user.token, body: { response: auth.register(second) } }))
  })

  test('a challenge expires after 5 minutes', async () => {
    const auth = new SoftAuthenticator()
    const options = await registrationOptions(t, user)
    t.clock.advance(5 * 60_000 - 1)
    expect((await t.request('POST', REGISTER, { token: user.token, body: { response: auth.register(options) } })).status).toBe(200)
    const late = await registrationOptions(t, user)
    t.clock.advance(5 * 60_000)
    expectRegistrationFailed(await t.request('POST', REGISTER, { token: user.token, body: { response: auth.register(late) } }))
  })

  test('a challenge belongs to its user', async () => {
    const other = await createUser(t)
    const options = await registrationOptions(t, other)
    await registrationOptions(t, user)
    const r = await t.request('POST', REGISTER, { token: user.token, body: { response: new SoftAuthenticator().register(options) } })
    expectRegistrationFailed(r)
  })

  test('a credential id already registered (by anyone) is refused', async () => {
    const auth = new SoftAuthenticator()
    await addPasskey(t, user, auth)
    const other = await createUser(t)
    expectRegistrationFailed(await registerPasskey(t, other, new SoftAuthenticator(), { credentialId: auth.credentials[0]!.id }))
    expectRegistrationFailed(await registerPasskey(t, user, new SoftAuthenticator(), { credentialId: auth.credentials[0]!.id }))
  })

  test('malformed credential contents are a registration failure, never a 500', async () => {
    const bodies: unknown[] = [
      { response: {} },
      { response: { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 12, attestationObject: 'AAAA' } } },
      { response: { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'bm90IGpzb24', attestationObject: '!!' } } },
      { rawId: 'x' },
    ]
    for (const body of bodies) {
      await registrationOptions(t, user)
      expectRegistrationFailed(await t.request('POST', REGISTER, { token: user.token, body }))
    }
  })

  test('validation: response required and an object, name a string of at most 50 characters', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { response: ['The response field is required.'] }],
      [{ response: null }, { response: ['The response field is required.'] }],
      [{ response: 'abc' }, { response: ['The response field must be an object.'] }],
      [{ response: [1] }, { response: ['The response field must be an object.'] }],
      [{ response: {}, name: 'x'.repeat(51) }, { name: ['The name field must not be greater than 50 characters.'] }],
      [{ response: {}, name: 5 }, { name: ['The name field must be a string.'] }],
    ]
    for (const [body, errors] of cases) {
      const r = await t.request('POST', REGISTER, { token: user.token, body })
      expect(r.status).toBe(422)
      expect(r.body.code).toBe('validation_failed')
      expect(r.body.errors).toEqual(errors)
    }
  })

  test('a 50-character name (code points) is accepted', async () => {
    const name = '🔑'.repeat(50)
    const r = await registerPasskey(t, user, new SoftAuthenticator(), { name })
    expect(r.status).toBe(200)
    expect(r.body.data.name).toBe(name)
  })

  test('401 without a token comes before body parsing', async () => {
    const r = await t.request('POST', REGISTER, { body: '{not json', headers: { 'content-type': 'application/json' } })
    expect(r.status).toBe(401)
    const bad = await t.request('POST', REGISTER, { token: user.token, body: '{not json', headers: { 'content-type': 'application/json' } })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('malformed_json')
  })
})
