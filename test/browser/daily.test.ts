/**
 * The daily pages in a real browser against the real server: a check-in saved, changed and cleared through
 * the check-in page and seen through the API; the history's charts, table and heat map showing saved values
 * and gaps, in light and dark; the start page with today's date in a timezone far from UTC, today's check-in,
 * the newest clipboard entry and library item, and quick add filing a to-do and a note; the phone layout.
 */
import { expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser, PASSWORD, type TestUser } from '../helpers/fixtures'
import { expectCount, signInThroughPage, useBrowserApp } from './harness'
import { postCheckIn as post, seedYear } from './diary'
import { formatDay, todayIn } from '../../src/web/lib/format'
import { addDays } from '../../src/web/pages/check-in/trackers'

const b = useBrowserApp()

/** The user's date format (docs/api/users.md §6); new users get the server's default. */
const DATE_FORMAT = 'dd.mm.YYYY'

async function signedIn(user: TestUser, path: string, options: Parameters<typeof b.open>[1] = {}) {
  const watched = await b.open('/signin', options)
  await signInThroughPage(watched.page, user.email, PASSWORD)
  await watched.page.goto(`${b.origin}${path}`)
  return watched
}

async function checkInOf(user: TestUser, date: string) {
  const response = await b.t.request('GET', `/api/v1/check-in?from=${date}&to=${date}`, { token: user.token })
  expect(response.status).toBe(200)
  return response.body.data[0]
}

const postCheckIn = (user: TestUser, body: Record<string, unknown>) => post(b.t, user, body)

/** No part of the page is wider than the screen. */
async function expectNoHorizontalScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
  expect(scroll).toBeLessThanOrEqual(client)
}

test('a check-in is saved through the page, changed, and one tracker cleared', async () => {
  const user = await createUser(b.t, { name: 'Ada', timezone: 'Europe/Berlin' })
  const today = todayIn('Europe/Berlin')
  const day = addDays(today, -3)
  const { page, expectClean } = await signedIn(user, `/check-in?date=${day}`)
  await page.getByRole('heading', { name: 'Check-in', level: 1 }).waitFor()
  expect(await page.getByLabel('Date').inputValue()).toBe(day)

  // Only the enabled trackers (the default set) are offered; the 1–5 scales are radio groups.
  const mood = page.getByRole('group', { name: 'Mood' })
  await mood.getByRole('radio', { name: '3' }).check()
  // Keyboard: the arrow key moves along the scale.
  await page.keyboard.press('ArrowRight')
  expect(await mood.getByRole('radio', { name: '4' }).isChecked()).toBe(true)
  await page.getByRole('group', { name: 'Sleep' }).getByRole('radio', { name: '2' }).check()
  // The sports are checkboxes (several a day); the page sends the day's list, never `sports` alone.
  await page.getByRole('group', { name: 'Sport' }).getByRole('checkbox', { name: 'Cycling' }).check()
  for (const [tracker, value] of [['Water', '4'], ['Food quality', '3'], ['Food amount', '3'], ['Work', '2']] as const) {
    await page.getByRole('group', { name: tracker }).getByRole('radio', { name: value }).check()
  }
  await expectCount(page.getByRole('group', { name: 'Smoking' }), 0)
  // Each tap is saved as it is made: no button to press.
  await page.getByRole('status').filter({ hasText: `Check-in for ${formatDay(day, DATE_FORMAT)} saved.` }).waitFor()
  expect(await checkInOf(user, day)).toMatchObject({ date: day, mood: 4, sleep: 2, sports: 2, sport_ids: [2], water: 4, work: 2, dreams: null, smoking: null })
  await b.screenshot(page, 'check-in')

  // Changed and one tracker cleared: the clear is sent as an explicit null.
  await mood.getByRole('radio', { name: '5' }).check()
  await page.getByRole('button', { name: 'Clear Sleep' }).click()
  await expectCount(page.getByRole('group', { name: 'Sleep' }).getByRole('radio', { checked: true }), 0)
  await page.getByRole('status').filter({ hasText: 'saved.' }).waitFor()
  expect(await checkInOf(user, day)).toMatchObject({ mood: 5, sleep: null, sports: 2 })

  // Another day is another address and starts empty; back returns to the saved day.
  await page.getByRole('button', { name: 'Next day' }).click()
  await page.waitForURL(`${b.origin}/check-in?date=${addDays(day, 1)}`)
  await page.getByText('Nothing saved for this day yet.').waitFor()
  await expectCount(mood.getByRole('radio', { checked: true }), 0)
  await page.goBack()
  await page.getByText(/^Last saved/).waitFor()
  expect(await mood.getByRole('radio', { name: '5' }).isChecked()).toBe(true)

  // A future day may be filled in (docs/api/check-in.md §3); the page says it lies ahead.
  await page.getByLabel('Date').fill(addDays(today, 2))
  await page.waitForURL(`${b.origin}/check-in?date=${addDays(today, 2)}`)
  await page.getByText('This day is still ahead').waitFor()
  await mood.getByRole('radio', { name: '3' }).check()
  await page.getByRole('status').filter({ hasText: 'saved.' }).waitFor()
  expect((await checkInOf(user, addDays(today, 2))).mood).toBe(3)
  expectClean()
})

test('the check-in page offers exactly the trackers and sports of the settings', async () => {
  const user = await createUser(b.t, { name: 'Grace', timezone: 'America/Los_Angeles' })
  const settings = await b.t.request('PUT', '/api/v1/users/me/settings/check-in', { token: user.token, body: {
    enabled_trackers: ['mood', 'smoking', 'sports'], selected_sports: ['yoga', 'bike', 'mountain', 'footprints', 'waves_ladder'],
  } })
  expect(settings.status).toBe(200)
  const today = todayIn('America/Los_Angeles')
  await postCheckIn(user, { date: today, sports: 1, sleep: 4 })
  const { page, expectClean } = await signedIn(user, '/check-in')
  await page.getByRole('heading', { name: /\(today\)/ }).waitFor()
  await page.getByRole('group', { name: 'Mood' }).waitFor()
  expect(await page.getByRole('group').evaluateAll((groups) => groups.map((g) => g.querySelector('legend')?.textContent))).toEqual(['Mood', 'Smoking', 'Sport'])
  const sport = page.getByRole('group', { name: 'Sport' })
  // The offered sports in their code order; the saved one stays visible (and chosen) although the settings no longer offer it.
  expect(await sport.getByRole('checkbox').evaluateAll((boxes) => boxes.map((r) => r.closest('label')!.textContent!.trim())))
    .toEqual(['Cycling', 'Hiking', 'Walking', 'Swimming', 'Yoga', 'Strength training'])
  expect(await sport.getByRole('checkbox', { name: 'Strength training' }).isChecked()).toBe(true)
  await page.getByRole('group', { name: 'Smoking' }).getByRole('radio', { name: '1' }).check()
  await page.getByRole('status').filter({ hasText: 'saved.' }).waitFor()
  // Only the changed tracker was sent: the hidden sleep value stays.
  expect(await checkInOf(user, today)).toMatchObject({ smoking: 1, sports: 1, sleep: 4, mood: null })
  expectClean()
})

test('the history charts the saved values with gaps, as table and heat map, in light and dark', async () => {
  const user = await createUser(b.t, { name: 'Ada', timezone: 'Europe/Berlin' })
  const today = todayIn('Europe/Berlin')
  const known = addDays(today, -2)
  const gap = addDays(today, -1)
  const seeded = await seedYear(b.t, user, today, new Set([known, gap]))
  expect(seeded).toBeGreaterThan(100)
  await postCheckIn(user, { date: known, mood: 4, sleep: 1, sports: 3 })

  const { page, expectClean } = await signedIn(user, '/history')
  await page.getByRole('heading', { name: 'Trends' }).waitFor()
  await page.locator('.chart canvas').first().waitFor()
  // One chart per enabled rating tracker (7 of the default 8; sports is told as counts).
  await expectCount(page.locator('.chart'), 7)
  const moodChart = page.getByRole('figure', { name: 'Mood' })
  await moodChart.getByText(/^Average [\d.]+ · values on \d+ of 30 days$/).waitFor()

  // The chart's data as a table: the known day's values, and the missing day as a gap.
  await page.getByText('Show the values as a table').click()
  const row = (date: string) => page.getByRole('row', { name: new RegExp(`^${formatDay(date, DATE_FORMAT).replaceAll('.', '\\.')} `) })
  const knownCells = await row(known).getByRole('cell').allTextContents()
  expect(knownCells.slice(0, 2)).toEqual(['4', 'Hiking'])
  expect(await row(gap).getByRole('cell').allTextContents()).toEqual(['no entry'])

  // The heat map: a cell per day named "date: value", the gap named as one.
  await page.getByRole('img', { name: `${formatDay(known, DATE_FORMAT)}: 4` }).waitFor()
  await page.getByRole('img', { name: `${formatDay(gap, DATE_FORMAT)}: no entry` }).waitFor()
  await page.getByLabel('Tracker').selectOption({ label: 'Sleep' })
  await page.getByRole('img', { name: `${formatDay(known, DATE_FORMAT)}: 1` }).waitFor()
  await page.getByLabel('Tracker').selectOption({ label: 'Sport' })
  await page.getByRole('img', { name: `${formatDay(known, DATE_FORMAT)}: Hiking` }).waitFor()
  await expectCount(page.locator('.hm-cell[role=img]'), 365)

  // The year: the summaries count 365 days.
  await page.getByRole('radio', { name: '1 year' }).check()
  await moodChart.getByText(/ of 365 days$/).waitFor()
  await page.getByText('Show the values as a table').click()

  // The charts redraw in the other scheme's colours when the system switches.
  await page.evaluate(() => document.querySelectorAll('.chart canvas').forEach((c) => c.setAttribute('data-drawn', 'light')))
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.locator('.chart canvas:not([data-drawn])').first().waitFor()
  await page.emulateMedia({ colorScheme: 'light' })
  await page.locator('.chart canvas:not([data-drawn])').first().waitFor()
  await page.getByLabel('Tracker').selectOption({ label: 'Mood' })
  await b.screenshot(page, 'history')
  expectClean()

  const dark = await signedIn(user, '/history', { colorScheme: 'dark' })
  await dark.page.locator('.chart canvas').first().waitFor()
  const drawn = await dark.page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('.chart canvas')!
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data
    let painted = 0
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) painted += 1
    return { painted, accent: getComputedStyle(document.documentElement).getPropertyValue('--accent').trim() }
  })
  expect(drawn.accent).toBe('#7cc4ad')
  expect(drawn.painted).toBeGreaterThan(100)
  await b.screenshot(dark.page, 'history-dark')
  dark.expectClean()
})

test('the start page: today in the user timezone, today\'s check-in, newest clipboard and library items, quick add', async () => {
  const tz = 'Pacific/Kiritimati'
  const user = await createUser(b.t, { name: 'Ada', timezone: tz })
  const today = todayIn(tz)
  await postCheckIn(user, { date: today, mood: 4, sleep: 3, sports: 2, water: 3, work: 4, food_quality: 4 })
  for (const content of ['Door code 4711', 'Flight LH 454 departs 10:40', 'Shopping: oat milk, lemons, basil', 'Wi-Fi: daybook-guest', 'Tracking no. 00340434161094042557', 'Newest clip: meet at the bakery']) {
    expect((await b.t.request('POST', '/api/v1/clipboard', { token: user.token, body: { content } })).status).toBe(200)
  }
  for (const [content, content_type] of [['Stay hungry, stay foolish.', 'quotes'], ['Monstera', 'plants'], ['Ideas for the weekend: lake, museum', 'note']]) {
    expect((await b.t.request('POST', '/api/v1/dashboard/quick-add/commit', { token: user.token, body: { content, content_type } })).status).toBe(201)
  }

  const { page, expectClean } = await signedIn(user, '/')
  await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor()
  const expectedDay = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: tz }).format(new Date())
  await page.getByText(expectedDay, { exact: true }).waitFor()
  await page.getByText(/^Good (morning|afternoon|evening), Ada$/).waitFor()

  const checkIn = page.getByRole('region', { name: "Today's check-in" })
  await checkIn.getByRole('listitem').filter({ hasText: 'Mood' }).filter({ hasText: '4' }).waitFor()
  await checkIn.getByRole('listitem').filter({ hasText: 'Sport' }).filter({ hasText: 'Cycling' }).waitFor()
  expect(await checkIn.getByRole('link', { name: "Edit today's check-in" }).getAttribute('href')).toBe(`/check-in?date=${today}`)

  // The five newest clipboard entries, newest first; the oldest of six is not shown.
  const clips = page.getByRole('region', { name: 'Clipboard' }).getByRole('listitem')
  await clips.first().getByText('Newest clip: meet at the bakery').waitFor()
  await expectCount(clips, 5)
  await expectCount(page.getByText('Door code 4711'), 0)

  const recent = page.getByRole('region', { name: 'Recently added' })
  const seededNote = recent.getByRole('listitem').filter({ hasText: 'Ideas for the weekend: lake, museum' })
  expect(await seededNote.getByRole('link').getAttribute('href')).toBe('/libraries/notes')
  await recent.getByText('Stay hungry, stay foolish.').waitFor()

  // Quick add: a to-do (with a due date in the user's timezone), then a note.
  const box = page.getByLabel('A note, a to-do or a link')
  await box.fill('Pay rent due:tomorrow #home')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  const filed = page.getByRole('status').filter({ hasText: 'Saved to To-dos: Pay rent' })
  await filed.waitFor()
  expect(await filed.getByRole('link', { name: 'Open To-dos' }).getAttribute('href')).toBe('/libraries/todos')
  const todos = (await b.t.request('GET', '/api/v1/libraries/todos', { token: user.token })).body.data
  expect(todos).toHaveLength(1)
  expect(todos[0]).toMatchObject({ title: 'Pay rent', due_at: addDays(today, 1), tags: ['home'] })
  await recent.getByRole('listitem').first().getByText('Pay rent').waitFor()
  expect(await box.inputValue()).toBe('')

  await box.fill('Call the plumber about the kitchen sink')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await page.getByRole('status').filter({ hasText: 'Saved to Notes: Call the plumber about the kitchen sink' }).waitFor()
  const notes = (await b.t.request('GET', '/api/v1/libraries/notes', { token: user.token })).body.data
  expect(notes[0]).toMatchObject({ title: 'Call the plumber about the kitchen sink', content: 'Call the plumber about the kitchen sink' })
  await b.screenshot(page, 'today')

  // An empty box is refused at the field.
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await page.getByText('A note, a to-do or a link is required.').waitFor()
  expect(await box.getAttribute('aria-invalid')).toBe('true')
  expectClean()
})

test('a new user sees the empty states, and the daily pages fit a phone screen', async () => {
  const user = await createUser(b.t, { name: 'Linus', timezone: 'Asia/Tokyo' })
  const { page, expectClean } = await signedIn(user, '/', { phone: true })
  await page.getByText("You haven't checked in today yet.").waitFor()
  await page.getByText('Nothing on your clipboard yet.').waitFor()
  await page.getByText('Nothing saved in your libraries yet.').waitFor()
  await expectNoHorizontalScroll(page)

  // A section whose read fails says so in its place and offers a retry; the rest of the page stays.
  await b.t.request('POST', '/api/v1/clipboard', { token: user.token, body: { content: 'Back again' } })
  await page.route('**/api/v1/clipboard?*', (route) => route.fulfill({
    status: 429, contentType: 'application/json',
    body: JSON.stringify({ success: false, message: 'Too many requests. Please slow down.', code: 'rate_limited', timestamp: new Date().toISOString() }),
  }))
  await page.reload()
  const clipboard = page.getByRole('region', { name: 'Clipboard' })
  await clipboard.getByRole('alert').filter({ hasText: 'Too many attempts.' }).waitFor()
  await page.getByText("You haven't checked in today yet.").waitFor()
  await page.unroute('**/api/v1/clipboard?*')
  await clipboard.getByRole('button', { name: 'Try again' }).click()
  await clipboard.getByText('Back again').waitFor()

  await page.goto(`${b.origin}/history`)
  await page.getByText('No check-ins in the last year yet.').waitFor()
  await page.getByRole('link', { name: 'Fill in your first check-in' }).click()
  await page.getByRole('group', { name: 'Mood' }).waitFor()
  await expectNoHorizontalScroll(page)
  await page.getByRole('group', { name: 'Mood' }).getByRole('radio', { name: '5' }).check()
  await page.getByRole('status').filter({ hasText: 'saved.' }).waitFor()
  expect((await checkInOf(user, todayIn('Asia/Tokyo'))).mood).toBe(5)
  await b.screenshot(page, 'check-in-phone')

  await seedYear(b.t, user, todayIn('Asia/Tokyo'))
  await page.goto(`${b.origin}/history`)
  await page.locator('.chart canvas').first().waitFor()
  await page.getByRole('radio', { name: '1 year' }).check()
  await expectNoHorizontalScroll(page)
  await b.screenshot(page, 'history-phone')

  // A bad date in the address falls back to today, and says so.
  await page.goto(`${b.origin}/check-in?date=2026-02-30`)
  await page.getByText('The address named no valid date, so today is shown.').waitFor()
  expect(await page.getByLabel('Date').inputValue()).toBe(todayIn('Asia/Tokyo'))
  expectClean()
})
