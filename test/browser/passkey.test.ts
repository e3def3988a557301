/**
 * End-to-end passkeys in a real browser: headless Chromium with a CDP virtual authenticator registers a
 * passkey and signs in through daybook's API, served from the same loopback origin as the page
 * (http://localhost is a secure context, so WebAuthn is available and the RP ID is "localhost").
 *
 * Needs Chromium at /usr/bin/chromium (`apt-get install -y chromium`); without it this test fails.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser } from '../helpers/fixtures'
import { PASSKEY_PAGE } from './passkey-page'

const CHROMIUM = '/usr/bin/chromium'

let server: ReturnType<typeof Bun.serve>
let t: TestApp
let browser: Browser | undefined

beforeAll(() => {
  server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request, srv) {
      const path = new URL(request.url).pathname
      if (path.startsWith('/api/')) return t.app.handle(request, srv.requestIP(request)?.address ?? '127.0.0.1')
      if (path === '/') return new Response(PASSKEY_PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } })
      return new Response('not found', { status: 404 })
    },
  })
  const origin = `http://localhost:${server.port}`
  t = createTestApp({ PUBLIC_URL: origin, FRONTEND_URL: origin })
})

afterAll(async () => {
  await browser?.close()
  server.stop(true)
  t.close()
})

test('a browser registers a passkey and signs in with it', async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: the passkey browser test needs it (apt-get install -y chromium)`)
  }
  expect(t.config.webauthn.rpId).toBe('localhost')
  const user = await createUser(t, { name: 'Ada', email: 'ada@example.com' })
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--no-first-run', '--disable-quic'],
  })
  const page = await browser.newPage()
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  })
  await page.goto(`http://localhost:${server.port}/`)

  const result = await page.evaluate((token) => (window as any).passkeyDemo(token), user.token)

  expect(result.passkey).toMatchObject({ name: 'Headless Chromium', last_used_at: null, transports: ['internal'] })
  for (const signIn of [result.discoverable, result.narrowed]) {
    expect(signIn.token).toMatch(/^[0-9]+\|[A-Za-z0-9]{40}$/)
    expect(signIn.token_type).toBe('Bearer')
    expect(signIn.user).toMatchObject({ id: user.id, email: 'ada@example.com', name: 'Ada' })
    expect(signIn.user.settings).toBeDefined()
  }
  expect(await page.textContent('#status')).toBe('signed in')

  // The issued token works, and the passkey recorded its use.
  const list = await t.request('GET', '/api/v1/auth/passkeys', { token: result.discoverable.token })
  expect(list.status).toBe(200)
  expect(list.body.data).toHaveLength(1)
  expect(list.body.data[0].id).toBe(result.passkey.id)
  expect(list.body.data[0].last_used_at).not.toBeNull()
}, 60_000)
