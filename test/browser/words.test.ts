/**
 * The words a person reads, in a real browser against the real server: the API's field messages name the field by
 * the label on the page, in English too, and a password confirmation that does not match is said under the field it
 * was typed in; counts take the plural form of the page's language; a sport has one name on the settings and the
 * check-in page; an unknown address gets the app's own "page not found" with status 404 (the API keeps its JSON);
 * the backups page says its schedule in words.
 */
import { expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser, type TestUser } from '../helpers/fixtures'
import { todayIn } from '../../src/web/lib/format'
import { addDays } from '../../src/web/pages/check-in/trackers'
import { postCheckIn } from './diary'
import { useBrowserApp } from './harness'

const b = useBrowserApp()

/** The error message tied to the field labelled `label`, once the field is marked invalid. */
async function fieldError(page: Page, label: string): Promise<string> {
  const input = page.getByLabel(label, { exact: true })
  await input.and(page.locator('[aria-invalid="true"]')).waitFor()
  const id = (await input.getAttribute('aria-describedby'))!.split(' ').find((part) => part.endsWith('-error'))!
  return (await page.locator(`[id="${id}"]`).textContent())!
}

const speak = async (user: TestUser, language: string) =>
  expect((await b.api('PUT', '/users/me/settings/language', user, { language })).status).toBe(200)

test('register: an empty e-mail address is named by its label, and a password mismatch is said under the repeated password', async () => {
  const { page, expectClean } = await b.open('/register')
  await page.getByLabel('Name').fill('Grace Hopper')
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery staple')
  await page.getByLabel('Repeat the password').fill('correct horse battery stable')
  await page.getByRole('button', { name: 'Create account' }).click()
  // The API says "The email field is required." and reports the mismatch on `password`.
  expect(await fieldError(page, 'E-mail address')).toBe('E-mail address is required.')
  expect(await fieldError(page, 'Repeat the password')).toBe('The passwords do not match.')
  expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBeNull()
  await expect(page.getByText(/field/).count()).resolves.toBe(0)
  expectClean()
})

test('reset password: the mismatch is said under the repeated new password', async () => {
  const user = await createUser(b.t, { name: 'Rosa', email: 'rosa@words.test' })
  expect((await b.t.request('POST', '/api/v1/auth/forgot-password', { body: { email: user.email } })).status).toBe(200)
  const link = new URL(await b.mailLink('/auth/reset-password'))
  const { page, expectClean } = await b.open(`${link.pathname}${link.search}`)
  await page.getByLabel('New password', { exact: true }).fill('a new password that is long')
  await page.getByLabel('Repeat the new password').fill('a new password that is wrong')
  await page.getByRole('button', { name: 'Save the new password' }).click()
  expect(await fieldError(page, 'Repeat the new password')).toBe('The passwords do not match.')
  expect(await page.getByLabel('New password', { exact: true }).getAttribute('aria-invalid')).toBeNull()
  expectClean()
})

test('history counts days in the plural form of the language: 1 day, 2 days; 1 Tag, 2 Tage', async () => {
  const user = await createUser(b.t, { name: 'Pluto', email: 'plural@words.test', timezone: 'Europe/Berlin' })
  const today = todayIn('Europe/Berlin')
  // Sports by their codes (docs/api/check-in.md §4.2): swimming once, cycling twice.
  for (const [back, sports] of [[1, 5], [2, 2], [3, 2]] as const) {
    expect((await postCheckIn(b.t, user, { date: addDays(today, -back), mood: 3, sports })).status).toBe(201)
  }
  const { page, expectClean } = await b.openWithToken(user, '/history')
  const sports = page.getByRole('figure', { name: 'Sport' })
  await sports.getByText('Swimming: 1 day', { exact: true }).waitFor()
  await sports.getByText('Cycling: 2 days', { exact: true }).waitFor()
  await sports.getByText('Hiking: 0 days', { exact: true }).waitFor()

  await speak(user, 'de')
  await page.reload()
  await sports.getByText('Schwimmen: 1 Tag', { exact: true }).waitFor()
  await sports.getByText('Radfahren: 2 Tage', { exact: true }).waitFor()
  // French counts 0 with the singular.
  await speak(user, 'fr')
  await page.reload()
  await sports.getByText('Randonnée : 0 jour', { exact: true }).waitFor()
  await sports.getByText('Vélo : 2 jours', { exact: true }).waitFor()
  expectClean()
})

test('a sport has one name on the settings and the check-in page, in each language', async () => {
  const user = await createUser(b.t, { name: 'Nora', email: 'names@words.test' })
  const { page, expectClean } = await b.openWithToken(user, '/settings')
  const sportNames = async (path: string, group: string) => {
    await page.goto(`${b.origin}${path}`)
    const choices = page.getByRole('group', { name: group }).getByRole('checkbox')
    await choices.first().waitFor()
    return (await choices.evaluateAll((inputs) => inputs.map((i) => i.closest('label')!.textContent!.trim()))).sort()
  }
  for (const [language, settingsGroup, checkInGroup, dumbbell] of [
    ['en', 'Your sports', 'Sport', 'Strength training'], ['de', 'Deine Sportarten', 'Sport', 'Krafttraining'],
    ['es', 'Tus deportes', 'Deporte', 'Entrenamiento de fuerza'],
  ] as const) {
    await speak(user, language)
    const inSettings = await sportNames('/settings', settingsGroup)
    const onCheckIn = await sportNames('/check-in', checkInGroup)
    expect(inSettings).toContain(dumbbell)
    // The check-in page offers the five chosen sports, each under the name the settings give it.
    expect(onCheckIn.length).toBe(5)
    for (const name of onCheckIn) expect(inSettings).toContain(name)
  }
  expectClean()
})

test('an unknown address shows the app\'s own "page not found" with status 404 and the way home; /api keeps its JSON 404', async () => {
  const user = await createUser(b.t, { name: 'Lost', email: 'lost@words.test' })
  for (const signedIn of [false, true]) {
    const { page, problems } = signedIn ? await b.openWithToken(user, '/') : await b.open('/signin')
    const response = await page.goto(`${b.origin}/no-such-page`)
    expect(response!.status()).toBe(404)
    expect(response!.headers()['content-type']).toStartWith('text/html')
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor()
    await page.getByText('There is no page at this address.').waitFor()
    expect(await page.title()).toBe('Page not found · daybook')
    // The document's 404 (and Chromium's console line about it) is all that is recorded: no page error, no failed
    // request, no other console error.
    expect(problems).toEqual([
      `HTTP 404 for ${b.origin}/no-such-page`,
      `console error: Failed to load resource: the server responded with a status of 404 (Not Found) (${b.origin}/no-such-page)`,
    ])
    await page.getByRole('link', { name: 'Go to the start page' }).click()
    await page.waitForURL((url) => url.pathname === (signedIn ? '/' : '/signin'))
  }
  // The API's paths answer JSON whoever asks, a browser's page load included.
  for (const accept of ['text/html,application/xhtml+xml', 'application/json', '*/*']) {
    const api = await fetch(`${b.origin}/api/v1/nope`, { headers: { accept } })
    expect(api.status).toBe(404)
    expect(api.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect((await api.json()).code).toBe('not_found')
  }
  // A client that does not ask for a page keeps the JSON answer for any path.
  const json = await fetch(`${b.origin}/no-such-page`, { headers: { accept: 'application/json' } })
  expect([json.status, (await json.json()).code]).toEqual([404, 'not_found'])
})

test('the backups page says the schedule in words, and an unusual one as its pattern', async () => {
  const admin = await createUser(b.t, { name: 'Ada', email: 'admin@words.test', role: 'super_admin' })
  const config = b.t.deps.config as { backupSchedule?: { pattern: string; timezone: string } }
  const before = config.backupSchedule
  try {
    config.backupSchedule = { pattern: '0 3 * * *', timezone: 'Europe/Berlin' }
    const { page, expectClean } = await b.openWithToken(admin, '/admin/backups')
    const storage = page.locator('.storage-info')
    await storage.getByText('Automatic backups run daily at 03:00, Europe/Berlin.').waitFor()

    config.backupSchedule = { pattern: '30 2 * * 1-5', timezone: 'Europe/Berlin' }
    await page.reload()
    await storage.getByText('Automatic backups run on weekdays at 02:30, Europe/Berlin.').waitFor()

    // The last day of a month is nothing the words cover: the pattern is shown as code.
    config.backupSchedule = { pattern: '0 3 L * *', timezone: 'Europe/Berlin' }
    await page.reload()
    await storage.getByText('Automatic backups follow the schedule').waitFor()
    expect(await storage.locator('code').first().textContent()).toBe('0 3 L * *')

    config.backupSchedule = { pattern: '0 4 * * 0', timezone: 'Europe/Berlin' }
    await speak(admin, 'de')
    await page.reload()
    await storage.getByText('Automatische Sicherungen laufen jeden Sonntag um 04:00, Europe/Berlin.').waitFor()
    expectClean()
  } finally {
    config.backupSchedule = before
  }
})
