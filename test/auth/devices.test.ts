/**
 * Signed-in devices (docs/api/auth.md §1.2): every way of getting a token records the User-Agent and client address
 * of that request, and GET /auth/tokens names the device in words beside the address and the last use.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, newToken, type TestUser } from '../helpers/fixtures'
import { SoftAuthenticator } from '../helpers/webauthn'
import { addPasskey, authenticationOptions } from '../passkeys/flow'
import { MINUTE } from '../../src/lib/clock'
import { accessTokens } from '../../src/tables'

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const EDGE_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0'
const SAFARI_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15'
const DAYBOOK_ANDROID = 'daybook/1.2.0 (Linux; Android 14)'

let t: TestApp | undefined
afterEach(() => { t?.close(); t = undefined })
const app = (env: Record<string, string> = {}) => (t = createTestApp(env))

interface Client { ua?: string; ip?: string; forwardedFor?: string }
const headersOf = (c: Client) => ({
  ...(c.ua === undefined ? {} : { 'user-agent': c.ua }),
  ...(c.forwardedFor === undefined ? {} : { 'x-forwarded-for': c.forwardedFor }),
})

async function passwordLogin(a: TestApp, user: TestUser, client: Client = {}, platform?: string): Promise<string> {
  const r = await a.request('POST', '/api/v1/auth/login', {
    body: { email: user.email, password: user.password, ...(platform ? { platform } : {}) }, headers: headersOf(client), ip: client.ip,
  })
  expect(r.status).toBe(200)
  return r.body.data.token
}

const tokensOf = async (a: TestApp, token: string) => {
  const r = await a.request('GET', '/api/v1/auth/tokens', { token })
  expect(r.status).toBe(200)
  return r.body.data as Record<string, unknown>[]
}
const itemOf = async (a: TestApp, token: string) => (await tokensOf(a, token)).find((item) => item.is_current)!

describe('what a sign-in records', () => {
  test('password login: device in words, the address and the last use, beside the keys the list always had', async () => {
    const a = app()
    const user = await createUser(a)
    const token = await passwordLogin(a, user, { ua: FIREFOX_LINUX, ip: '203.0.113.7' })
    a.clock.advance(5 * MINUTE)
    const item = await itemOf(a, token)
    expect(item).toEqual({
      id: Number(token.split('|')[0]), name: 'auth-token-web', created_at: '2026-06-24T10:00:00.000Z',
      last_used_at: '2026-06-24T10:05:00.000Z', expires_at: '2026-07-01T10:00:00.000Z', is_current: true,
      browser: 'Firefox', system: 'Linux', device: 'Firefox on Linux', ip: '203.0.113.7',
    })
  })

  test('passkey sign-in records the device of its request', async () => {
    const a = app()
    const user = await createUser(a)
    const auth = new SoftAuthenticator()
    await addPasskey(a, user, auth)
    const options = await authenticationOptions(a)
    const r = await a.request('POST', '/api/v1/auth/passkey/authenticate', {
      body: { response: auth.assert(options) }, headers: { 'user-agent': SAFARI_IPHONE }, ip: '198.51.100.20',
    })
    expect(r.status).toBe(200)
    expect(await itemOf(a, r.body.data.token)).toMatchObject({ browser: 'Safari', system: 'iPhone', device: 'Safari on iPhone', ip: '198.51.100.20' })
  })

  test('refresh: the new token records the refreshing request, not the old sign-in', async () => {
    const a = app()
    const user = await createUser(a)
    const old = await passwordLogin(a, user, { ua: FIREFOX_LINUX, ip: '203.0.113.7' })
    const r = await a.request('POST', '/api/v1/auth/refresh', { token: old, headers: { 'user-agent': CHROME_ANDROID }, ip: '192.0.2.44' })
    expect(r.status).toBe(200)
    expect(await itemOf(a, r.body.data.token)).toMatchObject({ device: 'Chrome on Android', ip: '192.0.2.44' })
  })

  test('registration signs nobody in: no token exists until the first sign-in, which records its own device', async () => {
    const a = app({ EMAIL_VERIFICATION: 'false' })
    const body = { name: 'Ada', email: 'ada@example.com', password: 'a long enough passphrase', password_confirmation: 'a long enough passphrase' }
    const registered = await a.request('POST', '/api/v1/auth/register', { body, headers: { 'user-agent': SAFARI_MAC }, ip: '192.0.2.1' })
    expect(registered.status).toBe(201)
    expect(a.deps.db.select().from(accessTokens).all()).toEqual([])
    const login = await a.request('POST', '/api/v1/auth/login', { body: { email: body.email, password: body.password }, headers: { 'user-agent': EDGE_WINDOWS }, ip: '192.0.2.2' })
    expect(await itemOf(a, login.body.data.token)).toMatchObject({ device: 'Microsoft Edge on Windows', ip: '192.0.2.2' })
  })

  test('browsers, systems and the app in words; nothing readable falls back to the platform', async () => {
    const a = app()
    const user = await createUser(a)
    const cases: [Client & { platform?: string }, Record<string, unknown>][] = [
      [{ ua: SAFARI_MAC }, { browser: 'Safari', system: 'macOS', device: 'Safari on macOS' }],
      [{ ua: EDGE_WINDOWS }, { browser: 'Microsoft Edge', system: 'Windows', device: 'Microsoft Edge on Windows' }],
      [{ ua: DAYBOOK_ANDROID, platform: 'mobile' }, { browser: 'daybook app', system: 'Android', device: 'daybook app on Android' }],
      [{ ua: 'curl/8.5.0' }, { browser: null, system: null, device: 'Unknown device' }],
      [{ ua: '   ' }, { browser: null, system: null, device: 'Unknown device' }],
      [{ platform: 'mobile' }, { browser: null, system: null, device: 'Mobile app' }],
      [{ platform: 'desktop' }, { browser: null, system: null, device: 'Desktop app' }],
    ]
    for (const [client, expected] of cases) {
      const token = await passwordLogin(a, user, client, client.platform)
      expect({ ua: client.ua, ...(await itemOf(a, token)) }).toMatchObject({ ua: client.ua, ...expected })
      // login allows 5 a minute per account and address
      a.clock.advance(MINUTE)
    }
  })

  test('a very long User-Agent is cut to 512 characters and still read', async () => {
    const a = app()
    const user = await createUser(a)
    const token = await passwordLogin(a, user, { ua: `${FIREFOX_LINUX} ${'x'.repeat(5000)}` })
    expect(await itemOf(a, token)).toMatchObject({ device: 'Firefox on Linux' })
    const row = a.deps.db.select().from(accessTokens).where(eq(accessTokens.id, Number(token.split('|')[0]))).get()!
    expect(row.userAgent!.length).toBe(512)
    expect(row.userAgent!.startsWith(FIREFOX_LINUX)).toBe(true)
  })

  test('tokens made outside a request (the command line, fixtures) have no device: "Unknown device", no address', async () => {
    const a = app()
    const user = await createUser(a)
    expect(await itemOf(a, user.token)).toMatchObject({ browser: null, system: null, device: 'Unknown device', ip: null })
  })
})

describe('the address under TRUST_PROXY (docs/api/conventions.md §11.3)', () => {
  test('without TRUST_PROXY a forged X-Forwarded-For is ignored: the TCP peer is recorded', async () => {
    const a = app()
    const user = await createUser(a)
    const token = await passwordLogin(a, user, { ua: FIREFOX_LINUX, ip: '198.51.100.9', forwardedFor: '1.2.3.4' })
    expect((await itemOf(a, token)).ip).toBe('198.51.100.9')
  })

  test('behind one trusted proxy the client is the right-most X-Forwarded-For entry, as the limiter reads it', async () => {
    const a = app({ TRUST_PROXY: 'true' })
    const user = await createUser(a)
    const token = await passwordLogin(a, user, { ua: FIREFOX_LINUX, ip: '10.0.0.2', forwardedFor: '1.2.3.4, 203.0.113.50' })
    expect((await itemOf(a, token)).ip).toBe('203.0.113.50')
    // IPv4-mapped IPv6 peers are shown as IPv4
    const mapped = await passwordLogin(a, user, { ua: FIREFOX_LINUX, ip: '::ffff:192.0.2.9' })
    expect((await itemOf(a, mapped)).ip).toBe('192.0.2.9')
  })
})

describe('whose tokens', () => {
  test('401 without a token', async () => {
    const a = app()
    const r = await a.request('GET', '/api/v1/auth/tokens')
    expect(r.status).toBe(401)
    expect(r.body.code).toBe('unauthenticated')
  })

  test("a user's list never shows another user's tokens or devices", async () => {
    const a = app()
    const ada = await createUser(a)
    const bob = await createUser(a)
    const adaLaptop = await passwordLogin(a, ada, { ua: FIREFOX_LINUX, ip: '203.0.113.7' })
    newToken(a, ada.id, 'mobile')
    const bobPhone = await passwordLogin(a, bob, { ua: SAFARI_IPHONE, ip: '198.51.100.1' })
    const bobs = await tokensOf(a, bobPhone)
    const adaIds = (await tokensOf(a, adaLaptop)).map((item) => item.id)
    expect(adaIds).toHaveLength(3)
    expect(bobs.map((item) => item.id).filter((id) => adaIds.includes(id))).toEqual([])
    expect(bobs).toHaveLength(2)
    expect(bobs.map((item) => item.device)).toEqual(['Safari on iPhone', 'Unknown device'])
    expect(bobs.some((item) => item.ip === '203.0.113.7')).toBe(false)
  })
})
