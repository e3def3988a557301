/**
 * The search in a real browser: the box in the shell on every page, typed into and sent with Enter, the results
 * page with the found words in <mark> (and a text that looks like HTML shown as text), following a hit to where
 * the app shows it, the keyboard alone, the hint, empty and failed states, four languages, a phone and dark mode.
 */
import { beforeAll, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser, type TestUser } from '../helpers/fixtures'
import { expectAccessible, expectCount, useBrowserApp } from './harness'

const b = useBrowserApp()
let ana: TestUser

beforeAll(async () => {
  ana = await createUser(b.t, { name: 'Ana' })
  const commit = (body: unknown) => b.api('POST', '/dashboard/quick-add/commit', ana, body)
  expect((await commit({ content: 'Shopping', content_type: 'note', metadata: { title: 'Shopping', content: 'Buy oat milk and bread' } })).status).toBe(201)
  expect((await commit({ content: 'The Milkman', content_type: 'books', metadata: { title: 'The Milkman', author: 'Anna Burns' } })).status).toBe(201)
  expect((await b.api('POST', '/clipboard', ana, { content: '<b>milk</b> is not bold here' })).status).toBe(200)
  expect((await b.api('POST', '/check-in', ana, { date: '2026-06-20', note: 'Milk in the coffee, rain all day' })).status).toBe(201)
  // Someone else's milk is never shown.
  const other = await createUser(b.t)
  expect((await b.api('POST', '/clipboard', other, { content: 'milk of another person' })).status).toBe(200)
})

const box = (page: Page) => page.getByRole('search').getByRole('searchbox')
const hits = (page: Page) => page.locator('ol.search-hits > li')

test('typed in the shell\'s box on any page: marked results, text never HTML, and a hit followed to its day', async () => {
  const { page, expectClean } = await b.openWithToken(ana, '/libraries')
  await box(page).fill('MILK')
  await box(page).press('Enter')
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'MILK')
  await page.getByRole('heading', { level: 1, name: 'Results for “MILK”' }).waitFor()
  await expectCount(hits(page), 4)
  expect(await page.locator('.search-count').textContent()).toBe('4 results')
  expect(await box(page).inputValue()).toBe('MILK')
  // Every found word is in a <mark>, the whole word: "Milkman" for "milk".
  expect((await page.locator('ol.search-hits mark').allTextContents()).sort()).toEqual(['Milk', 'Milkman', 'milk', 'milk'])
  // The clipboard's "<b>" is text on the page, not an element.
  expect(await page.locator('ol.search-hits b').count()).toBe(0)
  expect(await hits(page).filter({ hasText: '<b>milk</b> is not bold here' }).count()).toBe(1)
  expect(await page.locator('ol.search-hits').textContent()).not.toContain('another person')
  await expectAccessible(page)
  await b.screenshot(page, 'search-results')

  // Following the day note's hit opens that day's check-in, with its note.
  await page.getByRole('link', { name: /^Day note of / }).click()
  await page.waitForURL((url) => url.pathname === '/check-in' && url.searchParams.get('date') === '2026-06-20')
  const note = page.locator('textarea[name=note]')
  await note.waitFor()
  expect(await note.inputValue()).toBe('Milk in the coffee, rain all day')
  // And a library item's hit opens its library.
  await page.goBack()
  await page.getByRole('link', { name: 'The Milkman' }).click()
  await page.waitForURL((url) => url.pathname === '/libraries/books')
  await page.getByRole('heading', { level: 1 }).waitFor()
  expectClean()
})

test('the keyboard alone: the box is reached from the skip link, Enter searches, the hits are links in reading order', async () => {
  const { page, expectClean } = await b.openWithToken(ana, '/')
  await page.getByRole('heading', { level: 1 }).waitFor()
  // From the page's first stop, the skip link: the name of the app, then the box.
  await page.locator('.skip-link').focus()
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => document.activeElement?.className)).toBe('brand')
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search')
  await page.keyboard.type('bread')
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { level: 1, name: 'Results for “bread”' }).waitFor()
  await expectCount(hits(page), 1)
  // The heading holds the focus after the search (it names the results); the next Tab reaches the hit.
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1')
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Shopping')
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => url.pathname === '/libraries/notes')
  expectClean()
})

test('hint without words, nothing found, loading, and a failed search with its retry', async () => {
  const { page, expectClean, problems } = await b.openWithToken(ana, '/search')
  await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor()
  await page.getByText('Type a few words in the search box').waitFor()
  await expectAccessible(page)

  await box(page).fill('"NEAR(zebra -*')
  await box(page).press('Enter')
  await page.getByText('Nothing found for “"NEAR(zebra -*”.').waitFor()
  await expectAccessible(page)

  // While the answer is on its way (held here), the page says it is loading.
  const search = `${b.origin}/api/v1/search?*`
  let release!: () => void
  const held = new Promise<void>((resolve) => { release = resolve })
  await page.route(search, async (route) => { await held; await route.continue() })
  await box(page).fill('rain')
  await box(page).press('Enter')
  await page.getByRole('status').filter({ hasText: 'Loading…' }).waitFor()
  await expectAccessible(page)
  release()
  await expectCount(hits(page), 1)
  await page.unroute(search)

  // The network fails once: the error is said, and "Try again" searches again.
  await page.route(search, (route) => route.abort('internetdisconnected'))
  await box(page).fill('coffee')
  await box(page).press('Enter')
  await page.getByRole('alert').waitFor()
  await page.unroute(search)
  // The browser reports the failed request twice (the request, the console); nothing else went wrong.
  expect(problems.splice(0)).toEqual([
    expect.stringMatching(/^request failed: GET .*\/api\/v1\/search\?q=coffee&.* net::ERR_INTERNET_DISCONNECTED$/),
    expect.stringMatching(/^console error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED \(.*\/api\/v1\/search\?q=coffee&/),
  ])
  await page.getByRole('button', { name: 'Try again' }).click()
  await expectCount(hits(page), 1)
  expectClean()
})

for (const [lang, locale, heading, count, next] of [
  ['de', 'de-DE', 'Ergebnisse für „milk“', '22 Ergebnisse', 'Weiter'],
  ['fr', 'fr-FR', 'Résultats pour « milk »', '22 résultats', 'Suivant'],
  ['es', 'es-ES', 'Resultados de «milk»', '22 resultados', 'Siguiente'],
] as const) {
  test(`${lang} on a 360 px phone in dark mode: the box on its own line, the results in the language, a second page`, async () => {
    const reader = await createUser(b.t)
    expect((await b.api('PUT', '/users/me/settings/language', reader, { language: lang })).status).toBe(200)
    for (let i = 1; i <= 22; i++) await b.api('POST', '/clipboard', reader, { content: `milk ${i}` })
    const { page, expectClean } = await b.openWithToken(reader, '/', { phone: true, colorScheme: 'dark', locale })
    await box(page).fill('milk')
    await box(page).press('Enter')
    await page.getByRole('heading', { level: 1, name: heading }).waitFor()
    await expectCount(hits(page), 20)
    expect(await page.locator('.search-count').textContent()).toBe(count)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    // The box spans the header's width under the name and the menu button.
    const [header, form] = await Promise.all([page.locator('.app-header').boundingBox(), page.locator('form.shell-search').boundingBox()])
    expect(form!.width).toBeGreaterThan(header!.width - 40)
    await expectAccessible(page)
    if (lang === 'de') await b.screenshot(page, 'search-phone-dark')
    await page.getByRole('button', { name: next }).click()
    await page.waitForURL((url) => url.searchParams.get('page') === '2')
    await expectCount(hits(page), 2)
    expectClean()
  })
}
