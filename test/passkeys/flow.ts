/** The two passkey ceremonies over HTTP, driven by the software authenticator. */
import { expect } from 'bun:test'
import type { TestApp, TestResponse } from '../helpers/app'
import type { TestUser } from '../helpers/fixtures'
import { SoftAuthenticator, type AssertOverrides, type RegisterOverrides } from '../helpers/webauthn'

export async function registrationOptions(t: TestApp, user: TestUser): Promise<any> {
  const r = await t.request('POST', '/api/v1/auth/passkeys/register-options', { token: user.token })
  expect(r.status).toBe(200)
  return r.body.data
}

/** register-options → authenticator → register; returns the register response. */
export async function registerPasskey(t: TestApp, user: TestUser, auth: SoftAuthenticator, o: RegisterOverrides & { name?: string } = {}): Promise<TestResponse> {
  const options = await registrationOptions(t, user)
  const credential = auth.register(options, o)
  return t.request('POST', '/api/v1/auth/passkeys/register', { token: user.token, body: { response: credential, name: o.name } })
}

/** A registered passkey (asserts success); returns its list item. */
export async function addPasskey(t: TestApp, user: TestUser, auth = new SoftAuthenticator(), name?: string): Promise<any> {
  const r = await registerPasskey(t, user, auth, { name })
  expect(r.status).toBe(200)
  return r.body.data
}

export async function authenticationOptions(t: TestApp, body: Record<string, unknown> = {}, ip?: string): Promise<any> {
  const r = await t.request('POST', '/api/v1/auth/passkey/authenticate-options', { body, ip })
  expect(r.status).toBe(200)
  return r.body.data
}

/** authenticate-options → authenticator → authenticate; returns the authenticate response. */
export async function signIn(t: TestApp, auth: SoftAuthenticator, o: AssertOverrides & { email?: string; platform?: string } = {}): Promise<TestResponse> {
  const options = await authenticationOptions(t, o.email ? { email: o.email } : {})
  const credential = auth.assert(options, o)
  return t.request('POST', '/api/v1/auth/passkey/authenticate', { body: { response: credential, platform: o.platform } })
}

export function expectRegistrationFailed(r: TestResponse): void {
  expect(r.status).toBe(422)
  expect(r.body.code).toBe('passkey_registration_failed')
  expect(r.body.message).toBe('Registration failed.')
  expect(r.body).not.toHaveProperty('errors')
}

export function expectAuthFailed(r: TestResponse): void {
  expect(r.status).toBe(401)
  expect(r.body.code).toBe('passkey_authentication_failed')
  expect(r.body.message).toBe('Authentication failed.')
  expect(r.body).not.toHaveProperty('errors')
}
