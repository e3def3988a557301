/**
 * docs/configuration.md §6 over a realistic session that handles every kind of secret: one access line per request with
 * exactly the documented fields, and no password, token, Authorization header, API key, mailed token or
 * request body anywhere in the log.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { RequestOptions, TestResponse } from '../helpers/app'
import { createMailApp, linkIn, nthMail, verificationParts, type MailApp } from '../auth/helpers'
import { expectCommonHeaders, expectExactError, nextIp } from './common'
import { until } from '../helpers/until'
import { IDLE_BOT_ENV } from '../helpers/telegram'

let m: MailApp
// A bot is configured (never started), so pairing hands out the token this log must not show.
beforeAll(async () => { m = await createMailApp(IDLE_BOT_ENV) })
afterAll(() => m.close())

const PASSWORD = 'first secret passphrase 1'
const NEW_PASSWORD = 'second secret passphrase 2'
const RESET_PASSWORD = 'third secret passphrase 3'
const API_KEY = 'sk-test-APIKEY0123456789abcdefghij'
const BODY_MARK = 'BODY-MARK-7f3a9c'
const EMAIL = 'logcheck@example.com'

interface Sent { id: string; method: string; path: string; status: number; userId?: string }
const sent: Sent[] = []
const secrets = new Set<string>([PASSWORD, NEW_PASSWORD, RESET_PASSWORD, API_KEY, BODY_MARK])

/** One request with its own X-Request-Id, remembered for the log checks. */
async function send(method: string, path: string, opts: RequestOptions = {}, userId?: string): Promise<TestResponse> {
  const id = `log-${sent.length + 1}`
  const r = await m.t.request(method, path, { ip: nextIp(), ...opts, headers: { ...opts.headers, 'x-request-id': id } })
  expectCommonHeaders(r, id)
  sent.push({ id, method, path: path.split('?')[0]!, status: r.status, userId })
  return r
}

/** The secret half and the whole of a bearer token, both of which must never be logged. */
function rememberToken(token: string): string {
  secrets.add(token)
  secrets.add(token.split('|')[1]!)
  return token
}

beforeAll(async () => {
  expect((await send('POST', '/api/v1/auth/register', { body: { name: 'Log Check', email: EMAIL, password: PASSWORD, password_confirmation: PASSWORD } })).status).toBe(201)
  const verification = verificationParts(linkIn((await nthMail(m.smtp, 1)).text))
  secrets.add(verification.token)
  expect((await send('POST', '/api/v1/auth/login', { body: { email: EMAIL, password: PASSWORD } })).body.code).toBe('email_not_verified')
  expect((await send('POST', '/api/v1/auth/verify', { body: verification })).status).toBe(201)
  const login = await send('POST', '/api/v1/auth/login', { body: { email: EMAIL, password: PASSWORD } })
  const token = rememberToken(login.body.data.token)
  const userId: string = login.body.data.user.id
  sent.at(-1)!.userId = userId // a successful sign-in knows its user by the time the line is written
  const as = (method: string, path: string, opts: RequestOptions = {}) => send(method, path, { ...opts, token }, userId)

  expect((await as('GET', '/api/v1/users/me')).status).toBe(200)
  expect((await as('PUT', '/api/v1/users/me/settings/ai-provider-api-key', { body: { key: API_KEY } })).status).toBe(200)
  expect((await as('POST', '/api/v1/clipboard', { body: { content: `${BODY_MARK} clipboard` } })).status).toBe(200)
  expect((await as('POST', '/api/v1/dashboard/quick-add/detect', { body: { content: `${BODY_MARK} detect` } })).status).toBe(200)
  const pairing = await as('GET', '/api/v1/chatbot/token-request')
  secrets.add(pairing.body.data.token)
  expect((await as('POST', '/api/v1/clipboard', { body: `{"content": "${BODY_MARK} broken`, headers: { 'content-type': 'application/json' } })).status).toBe(400)
  expect((await as('GET', '/api/v1/clipboard?page=1&per_page=5')).status).toBe(200)
  expect((await as('HEAD', '/api/v1/users/me')).status).toBe(200)
  expect((await as('PUT', '/api/v1/users/change-password', {
    body: { current_password: PASSWORD, new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD },
  })).status).toBe(200)
  const refreshed = await as('POST', '/api/v1/auth/refresh', { body: { platform: 'mobile' } })
  const second = rememberToken(refreshed.body.data.token)
  expect((await send('POST', '/api/v1/auth/logout', { token: second }, userId)).status).toBe(200)

  // Unauthenticated and failed requests: the presented credentials must not reach the log either.
  expect((await send('GET', '/api/v1/users/me', { token })).status).toBe(401)
  expect((await send('GET', '/api/v1/users/me', { headers: { authorization: 'Bearer 77|NotARealSecretButStillSecret00000000000' } })).status).toBe(401)
  secrets.add('NotARealSecretButStillSecret00000000000')
  expect((await send('POST', '/api/v1/auth/login', { body: { email: EMAIL, password: 'wrong secret passphrase' } })).status).toBe(401)
  secrets.add('wrong secret passphrase')
  expect((await send('POST', '/api/v1/auth/forgot-password', { body: { email: EMAIL } })).status).toBe(200)
  const reset = linkIn((await nthMail(m.smtp, 2)).text).searchParams.get('token')!
  secrets.add(reset)
  expect((await send('POST', '/api/v1/auth/reset-password', { body: { token: reset, email: EMAIL, password: RESET_PASSWORD } })).status).toBe(200)
  expect((await send('DELETE', '/api/v1/health')).status).toBe(405)
  expect((await send('GET', '/api/v1/nowhere')).status).toBe(404)
  expect((await send('OPTIONS', '/api/v1/auth/login', { headers: { authorization: `Bearer ${token}` } })).status).toBe(204)
  expect((await send('POST', '/api/v1/auth/login', { body: `{"password":"${'x'.repeat(1_048_600)}"}`, headers: { 'content-type': 'application/json' } })).status).toBe(413)
})

const lines = () => m.t.logs.map((l) => JSON.parse(l) as Record<string, unknown>)
const accessLines = () => lines().filter((l) => l.msg === 'request')

describe('access log (docs/configuration.md §6)', () => {
  test('exactly one access line per request, in order, with the request id sent back to the client', () => {
    expect(accessLines().map((l) => l.request_id)).toEqual(sent.map((s) => s.id))
  })

  test('each line carries exactly time, level, msg, request_id, method, path, status, duration_ms and user_id when known', () => {
    for (const [i, line] of accessLines().entries()) {
      const s = sent[i]!
      const expected: Record<string, unknown> = {
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        level: 'info', msg: 'request', request_id: s.id, method: s.method, path: s.path, status: s.status,
        duration_ms: expect.any(Number),
      }
      if (s.userId && s.status !== 401) expected.user_id = s.userId
      expect(line).toEqual(expected)
    }
  })

  test('no log line holds a password, token, Authorization header, API key, mailed token or body', () => {
    const text = m.t.logs.join('\n')
    for (const secret of secrets) expect(text).not.toContain(secret)
    expect(text.toLowerCase()).not.toContain('authorization')
    expect(text).not.toContain('Bearer ')
    expect(text).not.toMatch(/"(password|token|key|api_key|body|content|headers)"\s*:/)
  })
})

describe('unexpected errors (docs/configuration.md §6)', () => {
  test('a response that fails its schema is a 500 logged with request id and stack, but not the response it held', async () => {
    // A value the schema does not allow (a blob as the name) makes the login answer, token included, invalid.
    m.t.deps.db.$client.query("UPDATE users SET name = x'41' WHERE email_key = ?").run(EMAIL)
    const before = m.t.logs.length
    const r = await send('POST', '/api/v1/auth/login', { body: { email: EMAIL, password: RESET_PASSWORD } })
    expectExactError(r, 500, 'internal_error', 'An unexpected error occurred.')
    const logged = m.t.logs.slice(before).map((l) => JSON.parse(l))
    const error = logged.find((l) => l.level === 'error')
    expect(error).toMatchObject({ msg: 'unexpected error', request_id: sent.at(-1)!.id, error: expect.stringContaining('/data/user/name') })
    expect(error.stack).toContain(' at ')
    const text = m.t.logs.slice(before).join('\n')
    expect(text).not.toMatch(/\d+\|[A-Za-z0-9]{40}/)
    expect(text).not.toContain(EMAIL)
  })
})

describe('request ids on every line of a request (docs/api/conventions.md §5)', () => {
  test('lines logged by a feature while handling a request, and by work it started, carry the request id', async () => {
    const before = m.t.logs.length
    const credential = { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' } }
    expect((await send('POST', '/api/v1/auth/passkey/authenticate', { body: credential })).status).toBe(401)
    const passkeyId = sent.at(-1)!.id
    expect((await send('POST', '/api/v1/auth/forgot-password', { body: { email: EMAIL } })).status).toBe(200)
    const forgotId = sent.at(-1)!.id
    await nthMail(m.smtp, 3)
    // The mailer logs "mail sent" once the SMTP server has answered, after the capture already holds the mail.
    await until(() => m.t.logs.slice(before).some((l) => JSON.parse(l).msg === 'mail sent'), undefined, 'the "mail sent" line')
    const logged = m.t.logs.slice(before).map((l) => JSON.parse(l))
    expect(logged.find((l) => l.msg === 'passkey sign-in rejected')?.request_id).toBe(passkeyId)
    expect(logged.find((l) => l.msg === 'mail sent')?.request_id).toBe(forgotId)
  })
})
