/**
 * A new account's first visit in a real browser set to Berlin and German: the account takes the browser's timezone
 * and language before any page draws a date, the welcome comes once (finished or skipped, both complete the
 * onboarding), the menu may lead away from it, it can be run again, a zone the account already has is kept, and
 * the steps fit a phone.
 */
import { expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser, PASSWORD, type TestUser } from '../helpers/fixtures'
import { expectAccessible, signInThroughPage, useBrowserApp } from './harness'

const b = useBrowserApp()
const BERLIN = { timezoneId: 'Europe/Berlin', locale: 'de-DE' }

const settingsOf = async (user: TestUser) => (await b.api('GET', '/users/me', user)).body.data.settings

/** The API requests of the page, in the order it made them ("PUT /users/me/settings/timezone"). */
function recordApiRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/api/v1/')) seen.push(`${request.method()} ${pathname.slice('/api/v1'.length)}`)
  })
  return seen
}

async function signInKeepingWelcome(page: Page, user: TestUser) {
  await signInThroughPage(page, user.email, PASSWORD, { keepWelcome: true })
}

test('a new account takes the browser\'s timezone and language before any page shows a time; finishing the welcome completes it and goes to today, once', async () => {
  const user = await createUser(b.t, { name: 'Lena' })
  expect(await settingsOf(user)).toMatchObject({ timezone: 'UTC', language: 'en', first_visit: true })

  const { page, expectClean } = await b.open('/signin', BERLIN)
  const requests = recordApiRequests(page)
  // What the page shows at the moment the browser's zone reaches the server.
  const shownWhileStoring: unknown[] = []
  await page.route('**/api/v1/users/me/settings/timezone', async (route) => {
    shownWhileStoring.push(await page.evaluate(() => ({ path: location.pathname, times: document.querySelectorAll('time').length })))
    await route.continue()
  })
  await signInKeepingWelcome(page, user)
  await page.getByRole('heading', { level: 1, name: 'Willkommen bei daybook' }).waitFor()
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/welcome?next=%2F')

  // Still the sign-in page while the zone was stored, and every page's own read came after both settings.
  expect(shownWhileStoring).toEqual([{ path: '/signin', times: 0 }])
  expect(await settingsOf(user)).toMatchObject({ timezone: 'Europe/Berlin', language: 'de', first_visit: true })
  // Step 1 confirms what was taken.
  await page.getByText('Schritt 1 von 3').waitFor()
  await page.getByText('Dein Konto verwendet Europe/Berlin, wie dieser Browser.').waitFor()
  // Read once the page has drawn (its own reads may start after its heading shows): none came before the settings.
  const signInReads = new Set(['POST /auth/login', 'GET /users/me', 'PUT /users/me/settings/timezone', 'PUT /users/me/settings/language'])
  const firstPageRead = requests.findIndex((request) => !signInReads.has(request))
  const settingsWritten = Math.max(requests.indexOf('PUT /users/me/settings/timezone'), requests.indexOf('PUT /users/me/settings/language'))
  expect(settingsWritten).toBeGreaterThan(0)
  expect(firstPageRead === -1 || firstPageRead > settingsWritten).toBe(true)
  expect(requests.slice(0, firstPageRead === -1 ? undefined : firstPageRead).filter((r) => r === 'GET /users/me')).toHaveLength(2)
  expect(await page.getByRole('combobox', { name: 'Zeitzone' }).inputValue()).toBe('Europe/Berlin')
  expect(await page.getByLabel('Sprache der App').inputValue()).toBe('de')
  await expectAccessible(page)

  // Step 2: the trackers and sports, each choice saved as it is made.
  await page.getByRole('button', { name: 'Weiter' }).click()
  await page.getByRole('heading', { level: 2, name: 'Was du festhalten möchtest' }).waitFor()
  await page.getByRole('checkbox', { name: 'Rauchen' }).check()
  await page.locator('#check-in').getByRole('status').filter({ hasText: 'Gespeichert.' }).waitFor()
  expect((await b.api('GET', '/users/me/settings/check-in', user)).body.data.enabled_trackers).toContain('smoking')
  await page.getByRole('button', { name: 'Weiter' }).click()
  await page.getByRole('heading', { level: 2, name: 'Erinnerungen' }).waitFor()

  // Step 3: the alert times and the channels, then finish.
  await page.locator('#alert-times select').first().waitFor()
  await page.locator('#channels').waitFor()
  await expectAccessible(page)
  const completions = () => requests.filter((r) => r === 'PUT /users/me/settings/complete-onboarding').length
  await page.getByRole('button', { name: 'Fertig' }).click()
  await page.waitForURL(`${b.origin}/`)
  await page.getByRole('heading', { level: 1, name: 'Heute' }).waitFor()
  expect(completions()).toBe(1)
  expect((await settingsOf(user)).first_visit).toBe(false)

  // Once: a reload and a new sign-in go straight to the page asked for.
  await page.reload()
  await page.getByRole('heading', { level: 1, name: 'Heute' }).waitFor()
  await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('button', { name: 'Abmelden' }).click()
  await page.waitForURL(`${b.origin}/signin?next=%2F`)
  await signInKeepingWelcome(page, user)
  await page.getByRole('heading', { level: 1, name: 'Heute' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/')
  expect(completions()).toBe(1)
  expectClean()
})

test('skipping the welcome completes it too and goes on to the page that was asked for', async () => {
  const user = await createUser(b.t, { name: 'Omar' })
  const { page, expectClean } = await b.open(`/signin?next=${encodeURIComponent('/history')}`)
  const requests = recordApiRequests(page)
  await signInKeepingWelcome(page, user)
  await page.getByRole('heading', { level: 1, name: 'Welcome to daybook' }).waitFor()
  expect(new URL(page.url()).search).toBe('?next=%2Fhistory')
  await page.getByRole('button', { name: 'Skip the welcome' }).click()
  await page.waitForURL(`${b.origin}/history`)
  await page.getByRole('heading', { level: 1, name: 'History' }).waitFor()
  expect(requests.filter((r) => r === 'PUT /users/me/settings/complete-onboarding')).toHaveLength(1)
  expect((await settingsOf(user)).first_visit).toBe(false)
  expectClean()
})

test('led to the welcome once per visit: the menu may lead away, and the next visit leads there again until it is done', async () => {
  const user = await createUser(b.t, { name: 'Ines' })
  const { page, expectClean } = await b.open('/signin')
  await signInKeepingWelcome(page, user)
  await page.getByRole('heading', { level: 1, name: 'Welcome to daybook' }).waitFor()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click()
  await page.waitForURL(`${b.origin}/history`)
  await page.getByRole('heading', { level: 1, name: 'History' }).waitFor()
  expect((await settingsOf(user)).first_visit).toBe(true)

  await page.reload()
  await page.waitForURL(`${b.origin}/welcome?next=%2Fhistory`)
  await page.getByRole('heading', { level: 1, name: 'Welcome to daybook' }).waitFor()
  expectClean()
})

test('a zone the account already has is kept at the first sign-in, and the welcome, run again later, offers the browser\'s', async () => {
  const user = await createUser(b.t, { name: 'Aiko', timezone: 'Asia/Tokyo' })
  expect((await b.api('PUT', '/users/me/settings/language', user, { language: 'fr' })).status).toBe(200)
  const { page, expectClean } = await b.open('/signin', BERLIN)
  await signInKeepingWelcome(page, user)
  await page.getByRole('heading', { level: 1, name: 'Bienvenue dans daybook' }).waitFor()
  expect(await settingsOf(user)).toMatchObject({ timezone: 'Asia/Tokyo', language: 'fr', first_visit: true })
  await page.getByRole('button', { name: 'Passer l’accueil' }).click()
  await page.waitForURL(`${b.origin}/`)

  // Run again by an onboarded account: the browser's zone is offered with one button.
  await page.goto(`${b.origin}/welcome`)
  await page.getByText('Ce navigateur est réglé sur Europe/Berlin.').waitFor()
  await page.getByRole('button', { name: 'Utiliser Europe/Berlin' }).click()
  await page.getByText('Votre compte utilise Europe/Berlin, comme ce navigateur.').waitFor()
  expect(await page.getByRole('combobox', { name: 'Fuseau horaire' }).inputValue()).toBe('Europe/Berlin')
  expect((await settingsOf(user)).timezone).toBe('Europe/Berlin')
  for (const next of ['Suivant', 'Suivant', 'Terminer']) await page.getByRole('button', { name: next }).click()
  await page.waitForURL(`${b.origin}/`)
  expect((await settingsOf(user)).first_visit).toBe(false)
  expectClean()
})

test('the welcome on a 360 px phone in dark mode: every step fits and passes the accessibility checks', async () => {
  const user = await createUser(b.t, { name: 'Sam' })
  const { page, expectClean } = await b.open('/signin', { phone: true, colorScheme: 'dark', ...BERLIN })
  await signInKeepingWelcome(page, user)
  for (const [step, heading] of [['Schritt 1 von 3', 'Wo du bist und deine Sprache'], ['Schritt 2 von 3', 'Was du festhalten möchtest'],
    ['Schritt 3 von 3', 'Erinnerungen']] as const) {
    await page.getByRole('heading', { level: 2, name: heading }).waitFor()
    await page.getByText(step).waitFor()
    // Each step's own reads are in before it is checked.
    await page.waitForFunction(() => document.querySelectorAll('.loading').length === 0)
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
    expect(scroll).toBeLessThanOrEqual(client)
    await expectAccessible(page)
    if (step !== 'Schritt 3 von 3') {
      await page.getByRole('button', { name: 'Weiter' }).click()
      // The new step's heading takes the focus, so a screen reader announces it.
      await page.waitForFunction((name) => document.activeElement?.textContent === name, heading === 'Wo du bist und deine Sprache' ? 'Was du festhalten möchtest' : 'Erinnerungen')
    }
  }
  await b.screenshot(page, 'welcome-phone')
  await page.getByRole('button', { name: 'Fertig' }).click()
  await page.waitForURL(`${b.origin}/`)
  expectClean()
})
