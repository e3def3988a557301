/**
 * The Insights page in a real browser against the real server: the server's sentences with their figures, the plain
 * word that these are associations and not causes, a tracker's weekday averages, the trends and the weeks; the
 * period changed by keyboard; "not enough days yet", loading, and a failed read with its retry; the menu and the
 * history page lead here. On a desktop in light, and on a 360 px phone in German and dark mode, with axe.
 */
import { beforeAll, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser, type TestUser } from '../helpers/fixtures'
import { todayIn } from '../../src/web/lib/format'
import { addDays } from '../../src/web/pages/check-in/trackers'
import { seeded } from '../insights/random'
import { postCheckIn } from './diary'
import { expectAccessible, expectCount, useBrowserApp, waitForFocus } from './harness'

const b = useBrowserApp()
const DAYS = 120

/** 120 days up to today: a walk on about half of them lifts the next day's mood; water follows the weekday; sleep is noise. */
async function seedDays(user: TestUser, today: string): Promise<void> {
  const response = await b.api('POST', '/activities', user, { name: 'Walk' })
  expect(response.status).toBe(201)
  const walk = response.body.data.id
  const random = seeded(3)
  let walked = false
  const posts = []
  for (let back = DAYS - 1; back >= 0; back--) {
    const date = addDays(today, -back)
    const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7
    const mood = walked ? 4 + Math.floor(random() * 2) : 1 + Math.floor(random() * 3)
    walked = random() < 0.5
    posts.push(postCheckIn(b.t, user, { date, mood, water: Math.min(5, weekday + 1), sleep: 1 + Math.floor(random() * 5), activities: walked ? [walk] : [] }))
  }
  for (const posted of await Promise.all(posts)) expect(posted.status).toBe(201)
}

let ada: TestUser
let ben: TestUser
let today: string
beforeAll(async () => {
  today = todayIn('UTC')
  ;[ada, ben] = [await createUser(b.t, { name: 'Ada' }), await createUser(b.t, { name: 'Ben' })]
  await seedDays(ada, today)
  await seedDays(ben, today)
  expect((await b.api('PUT', '/users/me/settings/language', ben, { language: 'de' })).status).toBe(200)
})

const insightsOf = async (user: TestUser, days: number) => {
  const response = await b.api('GET', `/insights?from=${addDays(today, 1 - days)}&to=${today}`, user)
  expect(response.status).toBe(200)
  return response.body.data
}

const sentences = (page: Page) => page.locator('.insight-text')

test('on a desktop: the sentences with their figures, not causes, weekdays, trends and weeks; another period by keyboard', async () => {
  const { page, expectClean } = await b.openWithToken(ada, '/history')
  // The history page and the menu lead here.
  await page.getByRole('link', { name: 'What goes together in your days' }).click()
  await page.getByRole('heading', { level: 1, name: 'Insights' }).waitFor()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).getAttribute('aria-current')).resolves.toBe('page')
  await page.getByText('These are associations in your own days, not causes', { exact: false }).waitFor()

  const expected = await insightsOf(ada, 90)
  const walk = expected.pairs.find((p: any) => String(p.a).startsWith('activity:') && p.b === 'mood' && p.lag === 1)
  expect(walk.text).toMatch(/^The day after Walk, your mood averages 4\.\d instead of 2\.\d \(89 days\)\.$/)
  await expectCount(sentences(page), expected.pairs.length)
  expect(await sentences(page).allTextContents()).toEqual(expected.pairs.map((p: any) => p.text))
  const card = page.locator('.insight-pair').filter({ hasText: walk.text })
  await expect(card.locator('.insight-figures').textContent()).resolves
    .toBe(`Figures: Correlation ${walk.rho.toFixed(2)} (adjusted for the number of days: ${walk.rho_adjusted.toFixed(2)})next day89 days`)

  // Water by weekday: Monday 1 … Friday 5, the weekend 5.
  await page.getByLabel('Tracker').selectOption({ label: 'Water' })
  const weekdays = page.getByRole('table', { name: 'Average of Water by weekday' })
  const water = expected.weekdays.find((w: any) => w.key === 'water')
  await expect(weekdays.getByRole('row', { name: /^Monday/ }).textContent()).resolves.toBe(`Monday1.0${water.days[0]} days`)
  await expect(weekdays.getByRole('row', { name: /^Friday/ }).textContent()).resolves.toBe(`Friday5.0${water.days[4]} days`)
  const trends = page.getByRole('region', { name: 'This month against the three before' })
  await expectCount(trends.getByRole('row'), expected.trends.length + 1)
  // A factor's month is its share of days, the change said in words beside it.
  const walkTrend = expected.trends.find((tr: any) => tr.key === walk.a)
  const word = walkTrend.mean > walkTrend.previous_mean ? '↑ higher' : walkTrend.mean < walkTrend.previous_mean ? '↓ lower' : '= the same'
  await expect(trends.getByRole('row', { name: /^Walk/ }).getByRole('cell').first().textContent()).resolves
    .toBe(`${Math.round(walkTrend.mean * 100)}%${word}${walkTrend.n} days`)
  const weeks = page.getByRole('region', { name: 'Best and worst weeks' })
  await expectCount(weeks.getByRole('list', { name: 'Best weeks' }).getByRole('listitem'), 3)
  await expectCount(weeks.getByRole('list', { name: 'Worst weeks' }).getByRole('listitem'), 3)
  await expectAccessible(page)
  await b.screenshot(page, 'insights')

  // The period's radios by keyboard: from 90 days one step back is 30 days, read anew.
  const ninety = page.getByRole('radio', { name: '90 days' })
  await ninety.focus()
  await waitForFocus(ninety)
  const read = page.waitForResponse((r) => r.url().includes(`/api/v1/insights?from=${addDays(today, -29)}&to=${today}`))
  await page.keyboard.press('ArrowLeft')
  await read
  await expect(page.getByRole('radio', { name: '30 days' }).isChecked()).resolves.toBe(true)
  const month = await insightsOf(ada, 30)
  await expectCount(sentences(page), month.pairs.length)
  expect(await sentences(page).allTextContents()).toEqual(month.pairs.map((p: any) => p.text))
  if (month.pairs.length === 0) await page.getByText('No strong pattern in these days.', { exact: false }).waitFor()
  expectClean()
})

test('on a 360 px phone in German and dark mode: German sentences and numbers, no sideways scroll, accessible', async () => {
  const { page, expectClean } = await b.openWithToken(ben, '/insights', { phone: true, colorScheme: 'dark' })
  await page.getByRole('heading', { level: 1, name: 'Erkenntnisse' }).waitFor()
  await page.getByText('Das sind Zusammenhänge in deinen eigenen Tagen, keine Ursachen', { exact: false }).waitFor()
  const expected = await insightsOf(ben, 90)
  expect(expected.pairs.some((p: any) => /^Am Tag nach Walk: Stimmung im Schnitt 4,\d statt 2,\d \(89 Tage\)\.$/.test(p.text))).toBe(true)
  await expectCount(sentences(page), expected.pairs.length)
  expect(await sentences(page).allTextContents()).toEqual(expected.pairs.map((p: any) => p.text))
  await page.getByRole('table', { name: 'Durchschnitt von Stimmung nach Wochentag' }).getByRole('row', { name: /^Montag/ }).waitFor()
  await page.getByRole('list', { name: 'Beste Wochen' }).waitFor()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expectAccessible(page)
  await b.screenshot(page, 'insights-phone-dark')
  expectClean()
})

test('too few days, loading, and a failed read with its retry', async () => {
  const cleo = await createUser(b.t, { name: 'Cleo' })
  for (let back = 0; back < 5; back++) expect((await postCheckIn(b.t, cleo, { date: addDays(today, -back), mood: 3 })).status).toBe(201)
  const { page, expectClean, problems } = await b.openWithToken(cleo, '/insights', { phone: true })
  await page.getByText('Not enough days yet: 5 of 14.', { exact: true }).waitFor()
  await expect(page.getByRole('link', { name: 'Fill in today\'s check-in' }).getAttribute('href')).resolves.toBe(`/check-in?date=${today}`)
  await expectAccessible(page)

  // While the answer is held back, the page says it is loading; then the year's answer replaces it.
  const insights = `${b.origin}/api/v1/insights?*`
  let release!: () => void
  const held = new Promise<void>((resolve) => { release = resolve })
  await page.route(insights, async (route) => { await held; await route.continue() })
  await page.getByRole('radio', { name: '1 year' }).click()
  await page.getByRole('status').filter({ hasText: 'Loading…' }).waitFor()
  release()
  await page.getByRole('status').filter({ hasText: 'Loading…' }).waitFor({ state: 'detached' })
  await page.unroute(insights)

  // The network fails once: the error is said, and "Try again" reads again.
  await page.route(insights, (route) => route.abort('internetdisconnected'))
  await page.getByRole('radio', { name: '30 days' }).click()
  await page.getByRole('alert').waitFor()
  await page.unroute(insights)
  expect(problems.splice(0)).toEqual([
    expect.stringMatching(/^request failed: GET .*\/api\/v1\/insights\?from=.* net::ERR_INTERNET_DISCONNECTED$/),
    expect.stringMatching(/^console error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED \(.*\/api\/v1\/insights\?from=/),
  ])
  await page.getByRole('button', { name: 'Try again' }).click()
  await page.getByText('Not enough days yet: 5 of 14.', { exact: true }).waitFor()
  expectClean()
})
