/**
 * The layout in a real browser: a 1280 px desktop uses its width (the content is wider than 900 px, cards sit side by
 * side on the start page, the libraries, the history and the settings); the history's charts have no legend, and a
 * day's value appears beside the pointer or where the arrow keys move; a long clipboard text or note is cut with
 * "Show more", which opens and closes it; on a 360 px phone no changed page scrolls sideways.
 */
import { expect, test } from 'bun:test'
import type { Locator, Page } from 'playwright-core'
import { createUser, type TestUser } from '../helpers/fixtures'
import { formatDay, todayIn } from '../../src/web/lib/format'
import { addDays } from '../../src/web/pages/check-in/trackers'
import { postCheckIn } from './diary'
import { expectCount, useBrowserApp } from './harness'

const b = useBrowserApp()

const LONG_TEXT = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a long shopping list, with more words than a card shows at once.`).join('\n')

async function box(locator: Locator) {
  await locator.waitFor()
  return (await locator.boundingBox())!
}

/** Two boxes side by side: one starts right of where the other ends, and they share some height. */
async function expectSideBySide(first: Locator, second: Locator) {
  const [a, c] = [await box(first), await box(second)]
  const [left, right] = a.x < c.x ? [a, c] : [c, a]
  expect(right.x).toBeGreaterThanOrEqual(left.x + left.width)
  expect(Math.min(a.y + a.height, c.y + c.height)).toBeGreaterThan(Math.max(a.y, c.y))
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

async function userWithData(name: string, email: string): Promise<TestUser> {
  const user = await createUser(b.t, { name, email, timezone: 'Europe/Berlin', role: 'super_admin' })
  const today = todayIn('Europe/Berlin')
  for (let back = 0; back < 10; back += 1) {
    expect((await postCheckIn(b.t, user, { date: addDays(today, -back), mood: 1 + (back % 5), sleep: 3, sports: back % 2 ? 2 : null })).status).toBe(201)
  }
  expect((await b.api('POST', '/clipboard', user, { content: LONG_TEXT })).status).toBe(200)
  expect((await b.api('POST', '/clipboard', user, { content: 'A short note' })).status).toBe(200)
  expect((await b.api('POST', '/dashboard/quick-add/commit', user, { content: `Groceries\n${LONG_TEXT}`, content_type: 'note' })).status).toBe(201)
  return user
}

test('on a 1280 px desktop the content is wider than 900 px and cards sit side by side', async () => {
  const user = await userWithData('Wide', 'wide@layout.test')
  const { page, expectClean } = await b.openWithToken(user, '/')
  const today = page.getByRole('region', { name: "Today's check-in" })
  await today.waitFor()
  expect((await box(page.locator('main'))).width).toBeGreaterThan(900)
  expect((await box(page.locator('main .page'))).width).toBeGreaterThan(900)
  await expectSideBySide(today, page.getByRole('region', { name: 'Clipboard' }))

  await page.goto(`${b.origin}/libraries`)
  await expectSideBySide(page.locator('.library-card').nth(0), page.locator('.library-card').nth(1))

  await page.goto(`${b.origin}/history`)
  await expectSideBySide(page.getByRole('figure', { name: 'Mood' }), page.getByRole('figure', { name: 'Sport' }))

  await page.goto(`${b.origin}/clipboard`)
  await expectSideBySide(page.getByRole('region', { name: 'Add text' }), page.getByRole('region', { name: 'Add an image' }))

  await page.goto(`${b.origin}/settings`)
  await expectSideBySide(page.getByRole('region', { name: 'Profile image' }), page.getByRole('region', { name: 'Time zone' }))
  // The section menu stands beside the sections.
  await expectSideBySide(page.getByRole('navigation', { name: 'Sections of the settings' }), page.getByRole('region', { name: 'Profile image' }))
  expectClean()
})

test('the charts show no empty legend; a day\'s value appears beside the pointer and where the arrow keys move', async () => {
  const user = await userWithData('Charts', 'charts@layout.test')
  const today = todayIn('Europe/Berlin')
  const { page, expectClean } = await b.openWithToken(user, '/history')
  const mood = page.getByRole('figure', { name: 'Mood' })
  await mood.locator('.chart canvas').waitFor()
  // Nothing reads "Date:— Mood:—" while no day is pointed at.
  await expectCount(page.locator('.u-legend'), 0)
  expect(await mood.textContent()).not.toContain('—')
  const reading = mood.locator('.chart-reading')
  expect(await reading.textContent()).toBe('')

  // The pointer over the plot: the value of the day under it, beside it.
  const plot = await box(mood.locator('.u-over'))
  const x = plot.x + plot.width - 2
  await page.mouse.move(x, plot.y + plot.height / 2)
  await expect(reading.textContent()).resolves.toBe(`${formatDay(today, 'dd.mm.YYYY')}: Mood 1`)
  const shown = await box(reading)
  expect(Math.min(Math.abs(shown.x - x), Math.abs(shown.x + shown.width - x))).toBeLessThan(40)
  await page.mouse.move(1, 1)
  await expect(reading.textContent()).resolves.toBe('')

  // The keyboard: the chart takes the focus and reads the newest day with a value, then the day before.
  const frame = mood.getByRole('group', { name: /^Mood\. The arrow keys/ })
  await frame.focus()
  await expect(reading.textContent()).resolves.toBe(`${formatDay(today, 'dd.mm.YYYY')}: Mood 1`)
  await page.keyboard.press('ArrowLeft')
  await expect(reading.textContent()).resolves.toBe(`${formatDay(addDays(today, -1), 'dd.mm.YYYY')}: Mood 2`)
  await page.keyboard.press('Home')
  await expect(reading.textContent()).resolves.toBe(`${formatDay(addDays(today, -29), 'dd.mm.YYYY')}: no value`)
  expect(await reading.getAttribute('aria-live')).toBe('polite')
  await page.keyboard.press('Tab')
  await expect(reading.textContent()).resolves.toBe('')
  expectClean()
})

test('a long clipboard text and a long note are cut with "Show more", which opens and closes them', async () => {
  const user = await userWithData('Long', 'long@layout.test')
  const { page, expectClean } = await b.openWithToken(user, '/clipboard')
  const entry = page.getByRole('listitem').filter({ hasText: 'Line 1 of a long shopping list' })
  const more = entry.getByRole('button', { name: 'Show more' })
  expect(await more.getAttribute('aria-expanded')).toBe('false')
  const text = page.locator(`[id="${await more.getAttribute('aria-controls')}"]`)
  const cut = await text.evaluate((el) => [el.scrollHeight, el.clientHeight])
  expect(cut[0]).toBeGreaterThan(cut[1]! + 100)
  await more.click()
  const less = entry.getByRole('button', { name: 'Show less' })
  expect(await less.getAttribute('aria-expanded')).toBe('true')
  const open = await text.evaluate((el) => [el.scrollHeight, el.clientHeight])
  expect(open[0]).toBeLessThanOrEqual(open[1]! + 1)
  await page.getByText('Line 40 of a long shopping list', { exact: false }).waitFor()
  await less.click()
  expect(await entry.getByRole('button', { name: 'Show more' }).getAttribute('aria-expanded')).toBe('false')
  // A short text is whole: no button.
  await expectCount(page.getByRole('listitem').filter({ hasText: 'A short note' }).getByRole('button', { name: 'Show more' }), 0)

  await page.goto(`${b.origin}/libraries/notes`)
  const note = page.getByRole('listitem').filter({ hasText: 'Groceries' })
  await note.getByRole('button', { name: 'Show more' }).click()
  expect(await note.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true')
  await note.getByText('Line 40 of a long shopping list', { exact: false }).waitFor()
  expectClean()
})

test('on a 360 px phone the changed pages do not scroll sideways', async () => {
  const user = await userWithData('Phone', 'phone@layout.test')
  const { page, problems } = await b.openWithToken(user, '/', { phone: true })
  for (const path of ['/', '/history', '/libraries', '/libraries/notes', '/clipboard', '/settings', '/quick-add', '/export', '/import',
    '/admin/backups', '/no-such-page']) {
    await page.goto(`${b.origin}${path}`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    // Everything the page loads is there (the footer waits for the same).
    await page.locator('.app-footer a').waitFor()
    expect({ path, width: await noSidewaysScroll(page) }).toEqual({ path, width: 360 })
  }
  // On a phone the settings menu comes before the sections, as a list.
  await page.goto(`${b.origin}/settings`)
  const menu = await box(page.getByRole('navigation', { name: 'Sections of the settings' }))
  expect(menu.y + menu.height).toBeLessThanOrEqual((await box(page.getByRole('region', { name: 'Profile image' }))).y)
  // Nothing went wrong but the unknown page's 404 (and Chromium's console line about it).
  expect(problems.filter((p) => !p.endsWith('/no-such-page') && !p.endsWith('/no-such-page)'))).toEqual([])

  const out = await b.open('/register', { phone: true })
  for (const path of ['/register', '/auth/reset-password?token=abc&email=a%40b.test']) {
    await out.page.goto(`${b.origin}${path}`)
    await out.page.getByRole('heading', { level: 1 }).waitFor()
    expect({ path, width: await noSidewaysScroll(out.page) }).toEqual({ path, width: 360 })
  }
  out.expectClean()
})
