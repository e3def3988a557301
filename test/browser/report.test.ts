/**
 * The report in a real browser against the real server (docs/api/shares.md §7): the Report page chooses trackers
 * and notes, shows the server's page in its sandboxed frame, makes a share link and revokes it — on a desktop in
 * light and a 360 px phone in German and dark, by keyboard, with axe. Then the shared page as a reader without an
 * account sees it, printed (`emulateMedia({ media: 'print' })`): one A4 sheet wide, light, talking only to daybook.
 */
import { beforeAll, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser, type TestUser } from '../helpers/fixtures'
import { formatDay, todayIn } from '../../src/web/lib/format'
import { addDays } from '../../src/web/pages/check-in/trackers'
import { postCheckIn } from './diary'
import { expectAccessible, expectCount, useBrowserApp, waitForFocus } from './harness'

const b = useBrowserApp()

let ada: TestUser
let today: string
const NOTE = 'Slept badly <b>after</b> the late shift'
beforeAll(async () => {
  ada = await createUser(b.t, { name: 'Ada Lovelace', timezone: 'Europe/Berlin' })
  await b.onboard(ada)
  today = todayIn('Europe/Berlin')
  const weight = await b.api('POST', '/trackers', ada, { name: 'Weight', kind: 'number', unit: 'kg', decimals: 1 })
  expect(weight.status).toBe(201)
  for (let back = 0; back < 20; back++) {
    const r = await postCheckIn(b.t, ada, {
      date: addDays(today, -back), mood: 1 + (back % 5), sleep: 3, menstruation: 4, alcohol: 5,
      values: { [weight.body.data.id]: 70 + back / 10 }, note: back === 2 ? NOTE : null,
    })
    expect(r.status).toBe(201)
  }
})

/** The rows of the report's summary table inside the preview frame, as text. */
async function summaryOf(page: Page): Promise<string[]> {
  const frame = page.frameLocator('iframe.report-frame')
  await frame.locator('h1').waitFor()
  return frame.locator('tbody tr').evaluateAll((rows) => rows.map((row) => Array.from(row.children, (cell) => cell.textContent!.trim()).join(' ')))
}

test('desktop: choose, show and share a report; the link is listed with its openings and revoked', async () => {
  const { page, expectClean } = await b.openWithToken(ada, '/report')
  await page.getByRole('heading', { level: 1, name: 'Report' }).waitFor()
  const mood = page.getByRole('checkbox', { name: 'Mood' })
  expect(await mood.isChecked()).toBe(true)
  await page.getByRole('checkbox', { name: 'Weight' }).check()
  await page.getByRole('checkbox', { name: 'Include my day notes' }).check()
  await page.getByRole('button', { name: 'Show report' }).click()
  expect(await summaryOf(page)).toEqual(['Mood 20 3.0 1 5', 'Weight 20 70.95 kg 70.0 kg 71.9 kg'])
  const frame = page.frameLocator('iframe.report-frame')
  expect(await frame.locator('.notes dd').textContent()).toBe(NOTE)
  expect(await frame.locator('body').textContent()).not.toContain('Menstruation')
  // The frame is sized to the whole report (no scroll bar inside it), and no script could run in it.
  const fit = await page.locator('iframe.report-frame').evaluate((el: HTMLIFrameElement) => ({
    frame: el.getBoundingClientRect().height, page: el.contentDocument!.documentElement.scrollHeight, sandbox: el.getAttribute('sandbox'),
  }))
  expect(fit.frame).toBeGreaterThan(600)
  expect(Math.abs(fit.frame - fit.page)).toBeLessThanOrEqual(2)
  expect(fit.sandbox).toBe('allow-same-origin allow-modals')
  await waitForFocus(page.getByRole('heading', { name: 'Preview' }))
  await expectAccessible(page)
  await b.screenshot(page, 'report')
  // Print asks the frame itself to print: the report alone, with its own A4 page rule.
  await page.locator('iframe.report-frame').evaluate((el: HTMLIFrameElement) => {
    el.contentWindow!.addEventListener('beforeprint', () => document.body.setAttribute('data-printed', 'frame'))
    addEventListener('beforeprint', () => document.body.setAttribute('data-printed', 'page'))
  })
  await page.getByRole('button', { name: 'Print' }).click()
  await page.waitForFunction(() => document.body.hasAttribute('data-printed'))
  expect(await page.evaluate(() => document.body.getAttribute('data-printed'))).toBe('frame')

  await page.getByLabel('The link works for').selectOption({ label: '7 days' })
  await page.getByLabel('For whom (only you see this)').fill('Dr. Weber')
  await page.getByRole('button', { name: 'Create link' }).click()
  const linkField = page.getByLabel('Link to the report')
  await waitForFocus(linkField)
  const url = await linkField.inputValue()
  expect(url).toMatch(new RegExp(`^${b.origin}/s/[A-Za-z0-9_-]{43}$`))
  const item = page.locator('.share-item', { hasText: 'Dr. Weber' })
  await item.waitFor()
  expect(await item.textContent()).toContain('Not opened yet')
  expect(await item.textContent()).toContain(`Mood, Weight · ${formatDay(addDays(today, -29), 'dd.mm.YYYY')} to ${formatDay(today, 'dd.mm.YYYY')} · with day notes`)

  const reader = await b.open(new URL(url).pathname)
  await reader.page.getByRole('heading', { level: 1, name: 'Check-in report' }).waitFor()
  reader.expectClean()
  await page.reload()
  await item.waitFor()
  expect(await item.textContent()).toMatch(/Opened 1 time, last \d\d\.\d\d\.\d{4} \d\d:\d\d/)

  await item.getByRole('button', { name: 'Revoke “Dr. Weber”' }).click()
  await page.getByRole('button', { name: 'Yes, revoke' }).click()
  await page.getByText('The link was revoked.').waitFor()
  await waitForFocus(page.getByRole('heading', { name: 'My links' }))
  await page.getByText('No links yet.').waitFor()
  expect((await b.t.request('GET', new URL(url).pathname)).status).toBe(410)
  expectClean()
})

test('phone, German, dark: keyboard only; what is missing is said at its field', async () => {
  expect((await b.api('PUT', '/users/me/settings/language', ada, { language: 'de' })).status).toBe(200)
  try {
    const { page, expectClean } = await b.openWithToken(ada, '/report', { phone: true, colorScheme: 'dark', locale: 'de-DE' })
    await page.getByRole('heading', { level: 1, name: 'Bericht' }).waitFor()
    // Nothing chosen: the report is not asked for, and the trackers say why.
    await page.getByRole('checkbox', { name: 'Stimmung' }).uncheck()
    await page.getByRole('button', { name: 'Bericht zeigen' }).click()
    await page.getByText('Wähle mindestens einen Tracker.').waitFor()
    expect(await page.locator('iframe').count()).toBe(0)
    // By keyboard: Space ticks sleep, the period becomes own dates, Enter on the button shows the report.
    await page.getByRole('checkbox', { name: 'Schlaf' }).focus()
    await page.keyboard.press('Space')
    await page.getByLabel('Zeitraum').selectOption({ label: 'Eigene Daten' })
    await page.getByLabel('Von').fill(addDays(today, -6))
    await page.getByLabel('Bis').fill(addDays(today, -8))
    await page.getByRole('button', { name: 'Bericht zeigen' }).focus()
    await page.keyboard.press('Enter')
    await page.getByText('Der letzte Tag muss am oder nach dem ersten liegen.').waitFor()
    await page.getByLabel('Bis').fill(today)
    await page.getByRole('button', { name: 'Bericht zeigen' }).focus()
    await page.keyboard.press('Enter')
    expect(await summaryOf(page)).toEqual(['Schlaf 7 3,0 3 3'])
    await waitForFocus(page.getByRole('heading', { name: 'Vorschau' }))
    const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: innerWidth }))
    expect(width.page).toBeLessThanOrEqual(width.view)
    // The report fits its frame's width too: every column of its summary is in view.
    const report = await page.locator('iframe.report-frame').evaluate((el: HTMLIFrameElement) => ({
      page: el.contentDocument!.documentElement.scrollWidth, frame: el.contentDocument!.documentElement.clientWidth,
    }))
    expect(report.page).toBeLessThanOrEqual(report.frame)
    await expectAccessible(page)
    await b.screenshot(page, 'report-phone')
    expectClean()
  } finally {
    expect((await b.api('PUT', '/users/me/settings/language', ada, { language: 'en' })).status).toBe(200)
  }
})

test('the shared page printed: A4, light in a dark browser, no script, only daybook asked, no page errors', async () => {
  const made = await b.api('POST', '/shares', ada, {
    trackers: ['mood', 'sleep'], from: addDays(today, -13), to: today, notes: false, expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  })
  expect(made.status).toBe(201)
  const path = new URL(made.body.data.url).pathname
  const { page, expectClean } = await b.open('/signin', { colorScheme: 'dark' })
  const requested: string[] = []
  page.on('request', (request) => requested.push(new URL(request.url()).pathname))
  await page.emulateMedia({ media: 'print' })
  const response = await page.goto(`${b.origin}${path}`)
  expect(response!.status()).toBe(200)
  expect(response!.headers()['x-robots-tag']).toBe('noindex, nofollow')
  await page.getByRole('heading', { level: 1, name: 'Check-in report' }).waitFor()
  await expectCount(page.locator('svg.chart'), 2)
  expect(await page.locator('script').count()).toBe(0)
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow')
  // Exactly these three, in any order (the share token is random, so no sorted order is fixed).
  const asked = [...new Set(requested)]
  expect(asked).toHaveLength(3)
  expect(asked).toEqual(expect.arrayContaining([path, '/icon.svg', expect.stringMatching(/^\/s\/report-[0-9a-f]{12}\.css$/)]))
  const printed = await page.evaluate(() => ({
    background: getComputedStyle(document.documentElement).backgroundColor,
    text: getComputedStyle(document.documentElement).color,
    fontSize: getComputedStyle(document.documentElement).fontSize,
    padding: getComputedStyle(document.querySelector('.report')!).paddingLeft,
    charts: Array.from(document.querySelectorAll('.figure'), (el) => getComputedStyle(el).breakInside),
  }))
  expect(printed).toEqual({ background: 'rgb(255, 255, 255)', text: 'rgb(29, 36, 33)', fontSize: '13.3333px', padding: '0px', charts: ['avoid', 'avoid'] })
  // The page's own size, as Chromium prints it: A4 (595 × 842 points), whatever the paper the browser defaults to.
  const pdf = new TextDecoder('latin1').decode(await page.pdf({ preferCSSPageSize: true }))
  const boxes = [...pdf.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => [Math.round(Number(m[1])), Math.round(Number(m[2]))])
  expect(boxes.length).toBeGreaterThan(0)
  for (const box of boxes) expect(box).toEqual([595, 842])
  await expectAccessible(page)
  await b.screenshot(page, 'report-shared')
  expectClean()
})

test('the history page leads to the report', async () => {
  const { page, expectClean } = await b.openWithToken(ada, '/history')
  await page.getByRole('link', { name: 'Print or share a report' }).click()
  await page.getByRole('heading', { level: 1, name: 'Report' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/report')
  expectClean()
})
