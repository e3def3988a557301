/**
 * The weather in a real browser (docs/api/weather.md): Today's card shows the day's forecast at the person's place in
 * their unit and language, leads to the settings without a place and says so when the weather cannot be had; the
 * settings find the place by name, by keyboard or by tap, and save it when picked. The browser talks only to
 * daybook (expectClean fails on any other origin); daybook talks to a loopback Open-Meteo.
 */
import { afterAll, beforeEach, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser, type TestUser } from '../helpers/fixtures'
import { startOpenMeteoPeer, weatherEnv } from '../weather/open-meteo-peer'
import { expectAccessible, useBrowserApp, waitForFocus } from './harness'

const peer = startOpenMeteoPeer()
afterAll(() => peer.stop())
const b = useBrowserApp(weatherEnv(peer))
beforeEach(() => { peer.requests.length = 0 })

const settingsOf = async (user: TestUser) => (await b.api('GET', '/users/me', user)).body.data.settings
const put = async (user: TestUser, path: string, body: object) => expect((await b.api('PUT', `/users/me/settings/${path}`, user, body)).status).toBe(200)
const card = (page: Page, name = 'Weather') => page.getByRole('region', { name, exact: true })
const section = (page: Page) => page.getByRole('region', { name: 'Weather location', exact: true })

test("Today: the day's condition, low and high in the person's unit and language, on a phone and a desktop", async () => {
  const user = await createUser(b.t, { name: 'Wendy' })
  await put(user, 'weather-city', { city: 'Berlin, Germany', lat: 52.52437, lon: 13.41053 })

  const desktop = await b.openWithToken(user, '/')
  const weather = card(desktop.page)
  await weather.getByText('Low 12 °C, high 19 °C').waitFor()
  await weather.getByText('Rain', { exact: true }).waitFor()
  await weather.getByText('Berlin, Germany').waitFor()
  expect(await weather.locator('svg.weather-icon').getAttribute('data-drawing')).toBe('rain')
  expect(await weather.locator('svg.weather-icon').getAttribute('aria-hidden')).toBe('true')
  await expectAccessible(desktop.page)
  await b.screenshot(desktop.page, 'today-weather')
  desktop.expectClean()
  expect(peer.to('/v1/forecast')).toHaveLength(1)

  await put(user, 'weather-temperature-unit', { temperature_unit: 'f' })
  await put(user, 'language', { language: 'de' })
  const phone = await b.openWithToken(user, '/', { phone: true })
  const wetter = card(phone.page, 'Wetter')
  await wetter.getByText('Tiefstwert 54 °F, Höchstwert 67 °F').waitFor()
  await wetter.getByText('Regen', { exact: true }).waitFor()
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expectAccessible(phone.page)
  phone.expectClean()
  expect(peer.to('/v1/forecast').map((r) => r.query.get('temperature_unit'))).toEqual([null, 'fahrenheit'])
})

test('Today without a place leads to the settings; weather that cannot be had is said, and the page works on', async () => {
  const newcomer = await createUser(b.t, { name: 'Nina' })
  const { page, expectClean } = await b.openWithToken(newcomer, '/')
  await card(page).getByText('Choose your place to see its weather here.').waitFor()
  await card(page).getByRole('link', { name: 'Choose your place' }).click()
  await page.waitForURL((url) => url.pathname === '/settings' && url.hash === '#weather')
  await section(page).getByText('No place chosen yet.').waitFor()
  expect(peer.requests).toEqual([])
  expectClean()

  const unlucky = await createUser(b.t, { name: 'Uli' })
  await put(unlucky, 'weather-city', { city: 'Mount Nowhere', lat: 10.5, lon: 20.5 })
  // An answer that is no forecast (a 5xx would also rest the service for a minute, and the next test's Today with it).
  peer.next('/v1/forecast', { kind: 'body', body: '<html>Service Unavailable</html>' })
  const failing = await b.openWithToken(unlucky, '/', { phone: true })
  await card(failing.page).getByText('The weather for Mount Nowhere cannot be had right now. Try again later.').waitFor()
  await failing.page.getByRole('region', { name: 'Quick add' }).getByLabel('A note, a to-do or a link').waitFor()
  await expectAccessible(failing.page)
  failing.expectClean()
})

test('the settings find the place by name with the keyboard; picking saves it, and Today shows its weather', async () => {
  const user = await createUser(b.t, { name: 'Kai' })
  const { page, expectClean } = await b.openWithToken(user, '/settings#weather')
  const weather = section(page)
  await weather.getByText('No place chosen yet.').waitFor()
  // The coordinates are there, folded away.
  expect(await weather.getByLabel('Latitude').isVisible()).toBe(false)

  const field = weather.getByRole('searchbox', { name: 'Find your place' })
  await field.fill('pari')
  await weather.getByRole('status').filter({ hasText: '2 places found.' }).waitFor()
  const results = weather.getByRole('list', { name: 'Places found' }).getByRole('button')
  expect(await results.allTextContents()).toEqual(['Paris, Île-de-France, France', 'Paris, Texas, United States'])
  await expectAccessible(page, '#weather')
  await b.screenshot(page, 'settings-weather-search')

  // Down into the list, down again, up, Escape back to the field; then down twice and Enter picks the second.
  await field.press('ArrowDown')
  await waitForFocus(results.nth(0))
  await page.keyboard.press('ArrowDown')
  await waitForFocus(results.nth(1))
  await page.keyboard.press('ArrowUp')
  await waitForFocus(results.nth(0))
  await page.keyboard.press('Escape')
  await waitForFocus(field)
  await field.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await waitForFocus(results.nth(1))
  await page.keyboard.press('Enter')
  await weather.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
  await weather.getByText('Your place: Paris, United States').waitFor()
  await waitForFocus(field)
  expect(await field.inputValue()).toBe('')
  expect(await settingsOf(user)).toMatchObject({ weather_city: 'Paris, United States', weather_latitude: 33.66094, weather_longitude: -95.55551 })
  // The search ran once, in the person's language, with what was typed.
  expect(peer.to('/v1/search').map((r) => [r.query.get('name'), r.query.get('language')])).toEqual([['pari', 'en']])

  // Folded out, the coordinates show what was saved.
  await weather.getByText('Enter coordinates instead').click()
  expect(await weather.getByLabel('City').inputValue()).toBe('Paris, United States')
  expect(await weather.getByLabel('Latitude').inputValue()).toBe('33.66094')

  // Nothing found, and a search that fails, are said in the status line.
  await field.fill('Atlantis')
  await weather.getByRole('status').filter({ hasText: 'No place of that name was found.' }).waitFor()
  // An answer that is no search result (a 5xx would rest the search for a minute, and the next test's with it).
  peer.next('/v1/search', { kind: 'body', body: 'Bad Gateway' })
  await field.fill('Gondor')
  await weather.getByRole('status').filter({ hasText: 'The place search is not available right now.' }).waitFor()
  expectClean()

  const today = await b.openWithToken(user, '/')
  await card(today.page).getByText('Low 22 °C, high 35 °C').waitFor()
  await card(today.page).getByText('Thunderstorm', { exact: true }).waitFor()
  await card(today.page).getByText('Paris, United States').waitFor()
  today.expectClean()
})

test('on a phone a place is found and picked by tap, in the person\'s language', async () => {
  const user = await createUser(b.t, { name: 'Pia' })
  await put(user, 'language', { language: 'de' })
  const { page, expectClean } = await b.openWithToken(user, '/settings#weather', { phone: true })
  const weather = page.getByRole('region', { name: 'Wetterort', exact: true })
  await weather.getByRole('searchbox', { name: 'Ort suchen' }).fill('münch')
  const munich = weather.getByRole('list', { name: 'Gefundene Orte' }).getByRole('button', { name: 'München, Bavaria, Deutschland' })
  await munich.tap()
  await weather.getByText('Dein Ort: München, Deutschland').waitFor()
  expect(await settingsOf(user)).toMatchObject({ weather_city: 'München, Deutschland', weather_latitude: 48.13743 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expectAccessible(page, '#weather')
  expectClean()
})
