/**
 * Browser tests of the web app: the real app behind the production Bun.serve wiring on a loopback port, and
 * headless Debian Chromium driven by playwright-core (never a browser download). One browser for the whole run,
 * a fresh context (storage, locale, colour scheme, viewport) per page, closed with its file.
 *
 * Every page is watched: an uncaught error, a console error, a failed request, a request to any other origin,
 * or an app file answering an error status is recorded, and `expectClean()` fails the test on any of them.
 * API answers with 4xx are part of the flows (a wrong password answers 401) and are not failures.
 *
 * The origin is http://localhost:{port}: a secure context, so WebAuthn works with RP ID "localhost".
 */
import { afterAll, beforeAll, expect, setDefaultTimeout } from 'bun:test'
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { AxeResults, RunOptions } from 'axe-core'
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core'
import { createTestApp, type TestApp } from '../helpers/app'
import { textPart } from '../helpers/smtp'
import { serveOptions } from '../../src/server'

export const CHROMIUM = '/usr/bin/chromium'
/**
 * Where screenshots go: the run's temp folder (test/helpers/temp-root.ts, removed after the run), so `npm test`
 * leaves the tracked docs/screenshots/ as it found them; `npm run screenshots` sets DAYBOOK_SCREENSHOTS_DIR to
 * refresh those on purpose. Read at each call: the preload sets TMPDIR before any test runs.
 */
function screenshotsDir(): string {
  const chosen = process.env.DAYBOOK_SCREENSHOTS_DIR
  return chosen ? resolve(chosen) : join(tmpdir(), 'screenshots')
}

export interface WatchedPage {
  page: Page
  /** Everything that went wrong on the page so far, in words. */
  problems: string[]
  expectClean(): void
}

export interface BrowserApp {
  /** http://localhost:{port} */
  readonly origin: string
  readonly t: TestApp
  /** A new page in its own context, watched. `phone` is a 360×740 touch screen. */
  open(path: string, options?: BrowserContextOptions & { phone?: boolean }): Promise<WatchedPage>
  /** `path` opened as `user`, signed in through the sign-in page, which then goes on to `path`. */
  openAs(user: { email: string; password: string }, path: string, options?: BrowserContextOptions & { phone?: boolean }): Promise<WatchedPage>
  /**
   * `path` opened with the user's token where the app keeps it, for tests that open many pages as one user
   * (password sign-ins are limited to 5 a minute per account). The account is marked onboarded first.
   */
  openWithToken(user: { token: string }, path: string, options?: BrowserContextOptions & { phone?: boolean }): Promise<WatchedPage>
  /** One API request as `user` (`path` below /api/v1), to set up a test or check its effect. */
  api(method: string, path: string, user: { token: string }, body?: unknown): ReturnType<TestApp['request']>
  /** Marks the account onboarded (complete-onboarding), so its pages open without the welcome a first visit is led to. */
  onboard(user: { token: string }): Promise<void>
  /** The decoded text of every mail in the outbox, oldest first. */
  outbox(): string[]
  /** The first link in the newest mail that contains `fragment`, waiting for the mail up to 5 s. */
  mailLink(fragment: string): Promise<string>
  /** Saves {name}.png: in the run's temp folder, or in docs/screenshots/ (the README shows them) under `npm run screenshots`. */
  screenshot(page: Page, name: string): Promise<void>
}

/** One browser for the whole run, launched by the first file that needs it; each file gets its own contexts. */
let sharedBrowser: Promise<Browser> | undefined
function browserForRun(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: browser tests need it (apt-get install -y chromium)`)
  sharedBrowser ??= chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--no-first-run', '--disable-quic', '--disable-features=Translate,OptimizationHints,MediaRouter'],
  })
  return sharedBrowser
}

/** Starts the app for the tests of one file, and opens its pages in the run's browser. */
export function useBrowserApp(env: Record<string, string> = {}): BrowserApp {
  // A browser flow takes seconds, not the unit tests' milliseconds. Set per file: the setting lasts for the file
  // that loads it, and this module is loaded once per run.
  setDefaultTimeout(30_000)
  let server: ReturnType<typeof Bun.serve> | undefined
  let t: TestApp | undefined
  let browser: Browser | undefined
  const contexts: BrowserContext[] = []
  let origin = ''

  beforeAll(async () => {
    browser = await browserForRun()
    let handle: (request: Request, srv: Bun.Server<undefined>) => Response | Promise<Response> = () => new Response(null, { status: 503 })
    server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (request, srv) => handle(request, srv) })
    origin = `http://localhost:${server.port}`
    t = createTestApp({ PUBLIC_URL: origin, FRONTEND_URL: origin, ...env })
    // The pages compute "today" from the browser's clock: the server's clock follows the real one here.
    t.clock.now = () => Date.now()
    const options = serveOptions(t.deps, t.app)
    handle = options.fetch
  })

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()))
    server?.stop(true)
    t?.close()
  })

  const outboxDir = () => join(t!.dataDir, 'outbox')
  const app: BrowserApp = {
    get origin() { return origin },
    get t() { return t! },
    async open(path, { phone, ...options } = {}) {
      const context = await browser!.newContext({
        ...(phone ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { viewport: { width: 1280, height: 860 } }),
        locale: 'en-GB',
        // The server's default zone: a first sign-in then leaves an account's timezone as the test made it.
        timezoneId: 'UTC',
        ...options,
      })
      contexts.push(context)
      const page = await context.newPage()
      const problems: string[] = []
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        // The console line Chromium writes for an API answer of 4xx (a flow's expected refusal) is no failure.
        if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()) && message.location().url.includes('/api/v1/')) return
        problems.push(`console error: ${message.text()} (${message.location().url})`)
      })
      page.on('requestfailed', (request) => {
        // A navigation or reload aborts what the page was still loading, and a page aborts reads it no longer
        // needs: the browser's doing, never an answer that failed.
        if (request.failure()?.errorText === 'net::ERR_ABORTED') return
        problems.push(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText}`)
      })
      page.on('request', (request) => {
        const url = new URL(request.url())
        if (url.origin !== origin && !['data:', 'blob:'].includes(url.protocol)) problems.push(`request to another origin: ${request.url()}`)
      })
      page.on('response', (response) => {
        const url = new URL(response.url())
        if (response.status() >= 400 && !url.pathname.startsWith('/api/v1/')) problems.push(`HTTP ${response.status()} for ${response.url()}`)
      })
      await page.goto(`${origin}${path}`)
      return { page, problems, expectClean: () => expect(problems).toEqual([]) }
    },
    async openAs(user, path, options) {
      const watched = await app.open(`/signin?next=${encodeURIComponent(path)}`, options)
      await signInThroughPage(watched.page, user.email, user.password)
      const target = new URL(path, origin)
      await watched.page.waitForURL((url) => url.pathname === target.pathname)
      return watched
    },
    async openWithToken(user, path, options) {
      await app.onboard(user)
      const watched = await app.open('/signin', options)
      await watched.page.evaluate((token) => localStorage.setItem('daybook.token', token), user.token)
      await watched.page.goto(`${origin}${path}`)
      return watched
    },
    api: (method, path, user, body) => t!.request(method, `/api/v1${path}`, { token: user.token, body }),
    async onboard(user) {
      expect((await app.api('PUT', '/users/me/settings/complete-onboarding', user)).status).toBe(200)
    },
    outbox() {
      if (!existsSync(outboxDir())) return []
      return readdirSync(outboxDir()).filter((f) => f.endsWith('.eml')).sort()
        .map((f) => textPart(readFileSync(join(outboxDir(), f), 'utf8')))
    },
    async mailLink(fragment) {
      const deadline = Date.now() + 5000
      for (;;) {
        const link = app.outbox().reverse().flatMap((text) => text.match(/https?:\/\/\S+/g) ?? []).find((l) => l.includes(fragment))
        if (link) return link
        if (Date.now() > deadline) throw new Error(`no mail with a link containing ${fragment}`)
        await Bun.sleep(50)
      }
    },
    async screenshot(page, name) {
      const dir = screenshotsDir()
      mkdirSync(dir, { recursive: true })
      await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true })
    },
  }
  return app
}

/** A Chrome DevTools virtual authenticator on the page (a platform passkey with user verification). */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
}

/**
 * Signs in through the sign-in page and waits for the page it goes on to. An account in its first visit is led to
 * the welcome: unless `keepWelcome`, it is skipped there, as by a person going straight to the page they asked for.
 */
export async function signInThroughPage(page: Page, email: string, password: string, { keepWelcome = false } = {}): Promise<void> {
  await page.getByLabel(/e-mail|correo|adresse/i).first().fill(email)
  await page.getByLabel(/password|passwort|mot de passe|contraseña/i).first().fill(password)
  await page.locator('form button[type=submit]').click()
  await page.waitForURL((url) => url.pathname !== '/signin')
  if (keepWelcome) return
  // The app leaves the sign-in page once the account is loaded: its first_visit now is the one the app acted on.
  const token = await page.evaluate(() => localStorage.getItem('daybook.token'))
  const me = await page.request.get(new URL('/api/v1/users/me', page.url()).href, { headers: { Authorization: `Bearer ${token}` } })
  if ((await me.json()).data.settings.first_visit) await skipWelcome(page)
}

/** Skips the welcome a first visit is led to, and waits for the page it goes on to. */
export async function skipWelcome(page: Page): Promise<void> {
  await page.locator('button.welcome-skip').click()
  await page.waitForURL((url) => url.pathname !== '/welcome')
}

/** Waits until `locator` holds the focus: pages move it after their next render, not at the click. */
export async function waitForFocus(locator: Locator): Promise<void> {
  const element = await locator.elementHandle()
  await locator.page().waitForFunction((el) => el === document.activeElement, element, { timeout: 5000 })
}

/** Waits until `locator` matches `count` elements (a list fills in after its read), then asserts it. */
export async function expectCount(locator: Locator, count: number): Promise<void> {
  const deadline = Date.now() + 5000
  while ((await locator.count()) !== count && Date.now() < deadline) await Bun.sleep(50)
  expect(await locator.count()).toBe(count)
}

/** What axe checks: a selector, or selectors to include and exclude (plain data: it crosses into the page). */
export type AxeContext = string | { include?: string[]; exclude?: string[] }

/** axe-core's browser build, read on first use (a test tool: never part of the app's bundle). */
let axeSource: string | undefined

/**
 * The WCAG 2.0 and 2.1 A/AA rules (colour contrast among them) and 2.2 AA's target size, plus the best-practice
 * rules about the page's structure that the app's standards ask for: landmarks (all content inside one), one h1,
 * heading order, named and unique landmarks, a working skip link, no empty headings or table headers, no roles
 * that conflict.
 */
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  rules: Object.fromEntries([
    'region', 'landmark-one-main', 'landmark-unique', 'landmark-no-duplicate-main', 'landmark-no-duplicate-banner',
    'landmark-no-duplicate-contentinfo', 'landmark-main-is-top-level', 'landmark-banner-is-top-level',
    'landmark-contentinfo-is-top-level', 'page-has-heading-one', 'heading-order', 'empty-heading', 'empty-table-header',
    'skip-link', 'aria-allowed-role', 'presentation-role-conflict', 'tabindex', 'aria-text', 'aria-dialog-name',
    'table-duplicate-name', 'scope-attr-valid', 'label-title-only', 'image-redundant-alt', 'meta-viewport-large',
  ].map((id) => [id, { enabled: true }])),
  resultTypes: ['violations'],
}

/**
 * Runs axe in the page (the whole document, or `context`) and fails with every violation in words: the rule,
 * its impact, what it asks for, and the selectors of the elements that break it. Also fails on ids used twice
 * (axe no longer checks that outside ARIA references, and a label or skip link would then point elsewhere).
 * axe is injected through the DevTools protocol, which the page's CSP does not govern.
 */
export async function expectAccessible(page: Page, context?: AxeContext): Promise<void> {
  axeSource ??= readFileSync(join(import.meta.dir, '../../node_modules/axe-core/axe.min.js'), 'utf8')
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const { violations, duplicateIds } = await page.evaluate(async ([context, options]) => {
    const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } }).axe
    const results = await axe.run(context ?? document, options)
    const seen = new Map<string, number>()
    for (const el of Array.from(document.querySelectorAll('[id]'))) seen.set(el.id, (seen.get(el.id) ?? 0) + 1)
    return {
      violations: results.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary ?? '' })),
      })),
      duplicateIds: [...seen].filter(([, count]) => count > 1).map(([id, count]) => `#${id} ×${count}`),
    }
  }, [context, AXE_OPTIONS] as const)
  const problems = violations.map((v) =>
    `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target}\n      ${n.summary.replace(/\n/g, '\n      ')}`).join('\n')}`)
  if (duplicateIds.length > 0) problems.push(`duplicate ids: ${duplicateIds.join(', ')}`)
  if (problems.length > 0) throw new Error(`accessibility violations on ${page.url()}:\n  ${problems.join('\n  ')}`)
}
