/**
 * Wrong JSON types, huge, deeply nested and odd Unicode values on every account and passkey endpoint with a
 * body: always a 4xx with the contract's envelope, never a 500.
 */
import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, newToken, type TestUser } from '../helpers/fixtures'
import { expectInvalid } from '../helpers/expect'

const t = useTestApp({ EMAIL_VERIFICATION: 'true' })
let user: TestUser
beforeEach(async () => {
  user = await createUser(t, { email: 'ada@example.com' })
})

/** 300,000 levels of arrays: JSON.parse takes it, anything recursive over it overflows the stack. */
const DEEP = '['.repeat(300_000) + ']'.repeat(300_000)
const ODD: unknown[] = [42, -1, 1e300, 1.5, true, [], ['x'], {}, { a: 'b' }, 'x'.repeat(200_000), '\ud800', '\u0000', '😀']

let n = 0
/** Every request from its own address, so the limiters never answer first. */
const ip = () => { n += 1; return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` }

const routes: { path: string; fields: string[]; signedIn?: boolean }[] = [
  { path: '/api/v1/auth/register', fields: ['name', 'email', 'password', 'password_confirmation', 'language', 'platform'] },
  { path: '/api/v1/auth/login', fields: ['email', 'password', 'platform'] },
  { path: '/api/v1/auth/verify', fields: ['user_id', 'token'] },
  { path: '/api/v1/auth/verify/resend', fields: ['email', 'platform'] },
  { path: '/api/v1/auth/forgot-password', fields: ['email', 'platform'] },
  { path: '/api/v1/auth/reset-password', fields: ['token', 'email', 'password', 'password_confirmation'] },
  { path: '/api/v1/auth/refresh', fields: ['platform'], signedIn: true },
  { path: '/api/v1/auth/revoke-token', fields: ['token_id'], signedIn: true },
  { path: '/api/v1/auth/passkeys/register', fields: ['response', 'name', 'rawId'], signedIn: true },
  { path: '/api/v1/auth/passkey/authenticate-options', fields: ['email'] },
  { path: '/api/v1/auth/passkey/authenticate', fields: ['response', 'platform', 'rawId'] },
]

describe('odd values never cause a 500', () => {
  for (const { path, fields, signedIn } of routes) {
    test(path, async () => {
      for (const field of fields) {
        for (const value of ODD) {
          // refresh swaps the calling token, so each request gets a fresh one
          const token = signedIn ? newToken(t, user.id).token : undefined
          const r = await t.request('POST', path, { body: { [field]: value }, token, ip: ip() })
          // a failure names the case
          expect(r.status < 500 ? 'ok' : `${field}=${String(value).slice(0, 20)} answered ${r.status}`).toBe('ok')
          if (r.status >= 400) expect(r.body.success).toBe(false)
        }
      }
    })
  }

  test('a deeply nested value is a validation error', async () => {
    const body = (field: string) => `{"${field}":${DEEP}}`
    const headers = { 'content-type': 'application/json' }
    const cases: [string, string, string][] = [
      ['/api/v1/auth/login', 'email', 'The email field must be a string.'],
      ['/api/v1/auth/register', 'name', 'The name field must be a string.'],
      ['/api/v1/auth/forgot-password', 'email', 'The email field must be a string.'],
      ['/api/v1/auth/passkey/authenticate-options', 'email', 'The email field must be a string.'],
      ['/api/v1/auth/passkey/authenticate', 'response', 'The response field must be an object.'],
    ]
    for (const [path, field, message] of cases) {
      const r = await t.request('POST', path, { body: body(field), headers, ip: ip() })
      expect({ path, status: r.status }).toEqual({ path, status: 422 })
      expect(r.body.errors[field]).toEqual([message])
    }
    const revoke = await t.request('POST', '/api/v1/auth/revoke-token', { body: body('token_id'), headers, token: user.token })
    expectInvalid(revoke, { token_id: 'The token id field must be an integer.' })
  })
})
