/**
 * The My trackers page in a real browser against the real server: trackers of each kind created (a refused scale
 * told at its field), reordered, archived, shared and deleted after the question; activities added under their
 * groups, renamed, archived and deleted (a failed read told in its part, with a retry); the streak rules saved and
 * read back; each seen through the API and on the check-in page. Today's streak after check-ins on consecutive
 * days; a phone in dark mode, in German, with axe.
 */
import { expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser, type TestUser } from '../helpers/fixtures'
import { expectAccessible, expectCount, useBrowserApp, waitForFocus } from './harness'
import { todayIn } from '../../src/web/lib/format'
import { addDays } from '../../src/web/pages/check-in/trackers'

const b = useBrowserApp()

const trackersOf = async (user: TestUser) => (await b.api('GET', '/trackers', user)).body.data as Record<string, unknown>[]
const activitiesOf = async (user: TestUser) => (await b.api('GET', '/activities', user)).body.data as Record<string, unknown>[]

/** The section of the page named by its heading. */
const section = (page: Page, name: string) => page.getByRole('region', { name })

/** Fills the add form of the trackers section and submits it. */
async function addTracker(page: Page, fields: { name: string; kind?: string; emoji?: string; selects?: Record<string, string>; texts?: Record<string, string> }) {
  const form = section(page, 'Trackers').locator('form').last()
  await form.getByLabel('Name').fill(fields.name)
  if (fields.emoji) await form.getByLabel('Emoji').fill(fields.emoji)
  if (fields.kind) await form.getByRole('radio', { name: fields.kind }).check()
  for (const [label, value] of Object.entries(fields.selects ?? {})) await form.getByLabel(label, { exact: true }).selectOption(value)
  for (const [label, value] of Object.entries(fields.texts ?? {})) await form.getByLabel(label, { exact: true }).fill(value)
  await form.getByRole('button', { name: 'Add tracker' }).click()
}

/** Waits until the list shows `names` in this order (it is read again after each change), then asserts it. */
async function expectListed(page: Page, names: string[]) {
  const listed = () => section(page, 'Trackers').locator('.own-list .own-name').allTextContents()
  const deadline = Date.now() + 5000
  while (JSON.stringify(await listed()) !== JSON.stringify(names) && Date.now() < deadline) await Bun.sleep(50)
  expect(await listed()).toEqual(names)
}

/** No part of the page is wider than the screen. */
async function expectNoHorizontalScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
  expect(scroll).toBeLessThanOrEqual(client)
}

test('trackers of each kind are created, a refused scale is told at its field, reordered, archived, shared and deleted', async () => {
  const user = await createUser(b.t, { name: 'Ada' })
  const { page, expectClean } = await b.openWithToken(user, '/trackers')
  await page.getByRole('heading', { name: 'My trackers', level: 1 }).waitFor()
  await section(page, 'Trackers').getByText('No trackers of your own yet — add one').waitFor()
  await expectAccessible(page)

  // A scale from 5 to 5 is refused by the API; the message stands at the field it names, nothing is created.
  await addTracker(page, { name: 'Energy', selects: { 'Lowest value': '5', 'Highest value': '5' } })
  const highest = section(page, 'Trackers').locator('form').last().getByLabel('Highest value', { exact: true })
  await section(page, 'Trackers').getByText('Highest value must be a whole number above the lowest value, at most 10.').waitFor()
  expect(await highest.getAttribute('aria-invalid')).toBe('true')
  expect(await highest.getAttribute('aria-describedby')).toBeTruthy()
  expect(await trackersOf(user)).toEqual([])

  await addTracker(page, { name: 'Energy', selects: { 'Lowest value': '0', 'Highest value': '10' }, texts: { 'Word for the lowest': 'empty', 'Word for the highest': 'full' } })
  await page.getByRole('status').filter({ hasText: '“Energy” added.' }).waitFor()
  await section(page, 'Trackers').getByText('Scale 0–10 · empty … full').waitFor()
  await addTracker(page, { name: 'Gym', kind: 'Yes or no', emoji: '🏋️' })
  await page.getByRole('status').filter({ hasText: '“Gym” added.' }).waitFor()
  await addTracker(page, {
    name: 'Weight', kind: 'Number', selects: { 'Decimal places': '1' }, texts: { Unit: 'kg', 'Smallest allowed': '30', 'Largest allowed': '250,5' },
  })
  await page.getByRole('status').filter({ hasText: '“Weight” added.' }).waitFor()
  await section(page, 'Trackers').getByText('Number in kg · 30 to 250.5 · 1 decimal place').waitFor()
  expect(await trackersOf(user)).toMatchObject([
    { name: 'Energy', kind: 'scale', min: 0, max: 10, min_label: 'empty', max_label: 'full', archived: false, shared: false },
    { name: 'Gym', kind: 'yesno', emoji: '🏋️', min: null, max: null },
    { name: 'Weight', kind: 'number', unit: 'kg', min: 30, max: 250.5, decimals: 1 },
  ])
  await expectListed(page, ['Energy', 'Gym', 'Weight'])

  // Moved up: the order is stored, the list follows, and the focus stays on the button pressed.
  const weightUp = page.getByRole('button', { name: 'Move “Weight” up' })
  await weightUp.click()
  await page.getByRole('status').filter({ hasText: '“Weight” is now number 2 of 3.' }).waitFor()
  expect((await trackersOf(user)).map((t) => t.name)).toEqual(['Energy', 'Weight', 'Gym'])
  await expectListed(page, ['Energy', 'Weight', 'Gym'])
  await waitForFocus(weightUp)
  // At the top, "up" says it cannot (and stays focusable), and pressed does nothing.
  const energyUp = page.getByRole('button', { name: 'Move “Energy” up' })
  expect(await energyUp.getAttribute('aria-disabled')).toBe('true')
  await energyUp.focus()
  await page.keyboard.press('Enter')
  expect((await trackersOf(user)).map((t) => t.name)).toEqual(['Energy', 'Weight', 'Gym'])

  // Edited in place: the name and the words of a scale; the kind stays.
  await page.getByRole('button', { name: 'Edit “Energy”' }).click()
  const editing = section(page, 'Trackers').locator('.own-item').first()
  // A blank name is said at its field (the API would take it as not sent and keep the old one).
  await editing.getByLabel('Name').fill(' ')
  await editing.getByRole('button', { name: 'Save' }).click()
  await editing.getByText('Give it a name.').waitFor()
  await editing.getByLabel('Name').fill('Energy level')
  await editing.getByLabel('Word for the highest', { exact: true }).fill('')
  await editing.getByRole('button', { name: 'Save' }).click()
  await page.getByRole('status').filter({ hasText: '“Energy level” saved.' }).waitFor()
  await waitForFocus(page.getByRole('button', { name: 'Edit “Energy level”' }))
  expect((await trackersOf(user))[0]).toMatchObject({ name: 'Energy level', kind: 'scale', min_label: 'empty', max_label: null })

  // Archived and shared.
  await page.getByRole('button', { name: 'Archive “Gym”' }).click()
  await page.getByRole('status').filter({ hasText: '“Gym” archived' }).waitFor()
  await page.getByRole('button', { name: 'Unarchive “Gym”' }).waitFor()
  await section(page, 'Trackers').locator('.own-item').filter({ hasText: 'Gym' }).getByRole('checkbox', { name: 'Share with friends' }).waitFor()
  await section(page, 'Trackers').locator('.own-item').filter({ hasText: 'Energy level' }).getByRole('checkbox', { name: 'Share with friends' }).check()
  await page.getByRole('status').filter({ hasText: 'Friends now see “Energy level”.' }).waitFor()
  expect(await trackersOf(user)).toMatchObject([{ name: 'Energy level', shared: true }, { name: 'Weight', shared: false }, { name: 'Gym', archived: true }])

  await b.screenshot(page, 'trackers')

  // The check-in shows the trackers not archived, in their order.
  const day = addDays(todayIn('UTC'), -1)
  const weight = (await trackersOf(user)).find((t) => t.name === 'Weight')!
  expect((await b.api('POST', '/check-in', user, { date: day, values: { [String(weight.id)]: 71.5 } })).status).toBe(201)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Check-in' }).click()
  await page.getByRole('group', { name: 'Energy level' }).waitFor()
  expect(await page.locator('.trackers > fieldset legend').allTextContents()).toEqual(expect.arrayContaining(['Energy level', 'Weight']))
  await expectCount(page.getByRole('group', { name: 'Gym' }), 0)
  await page.getByRole('link', { name: 'Manage my trackers' }).click()

  // Deleted after the question, with its values on every day.
  await page.getByRole('button', { name: 'Delete “Weight”' }).click()
  const question = page.getByRole('group', { name: 'Delete “Weight”? Its values on every day are removed.' })
  await question.getByRole('button', { name: 'Yes, delete' }).click()
  await page.getByRole('status').filter({ hasText: '“Weight” deleted.' }).waitFor()
  await expectListed(page, ['Energy level', 'Gym'])
  expect((await b.api('GET', `/check-in?from=${day}&to=${day}`, user)).body.data[0].values).toEqual({})
  await expectAccessible(page)
  expectClean()
})

test('activities are added under their groups, renamed, archived and deleted', async () => {
  const user = await createUser(b.t, { name: 'Bo' })
  const { page, expectClean } = await b.openWithToken(user, '/trackers')
  const activities = section(page, 'Activities')
  await activities.getByText('No activities yet — add one').waitFor()

  // A part whose read fails says so in its place and offers a retry; the other parts stay.
  await page.route('**/api/v1/activities', (route) => route.fulfill({
    status: 429, contentType: 'application/json',
    body: JSON.stringify({ success: false, message: 'Too many requests. Please slow down.', code: 'rate_limited', timestamp: new Date().toISOString() }),
  }))
  await page.reload()
  await activities.getByRole('alert').filter({ hasText: 'Too many attempts.' }).waitFor()
  await section(page, 'Trackers').getByText('No trackers of your own yet — add one').waitFor()
  await page.unroute('**/api/v1/activities')
  await activities.getByRole('button', { name: 'Try again' }).click()
  await activities.getByText('No activities yet — add one').waitFor()
  const add = async (name: string, group: string) => {
    const form = activities.locator('form').last()
    await form.getByLabel('Name').fill(name)
    await form.getByLabel('Group').fill(group)
    await form.getByRole('button', { name: 'Add activity' }).click()
    await activities.getByRole('status').filter({ hasText: `“${name}” added.` }).waitFor()
  }
  await add('family', 'People')
  await add('reading', 'Hobbies')
  await add('friends', 'People')
  await add('walk', '')
  // The status is said as the list is read again: wait for the last one's group to be drawn.
  await activities.getByRole('heading', { level: 3, name: 'Without a group' }).waitFor()
  expect(await activities.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['People', 'Hobbies', 'Without a group', 'Add an activity'])

  // A name taken whatever its case is refused at the field.
  const form = activities.locator('form').last()
  await form.getByLabel('Name').fill('Family')
  await form.getByRole('button', { name: 'Add activity' }).click()
  await activities.getByText('Name is already taken.').waitFor()

  await page.getByRole('button', { name: 'Rename “reading”' }).click()
  const item = activities.locator('.own-item').filter({ has: page.getByLabel('Group') })
  await item.getByLabel('Name').fill('books')
  await item.getByRole('button', { name: 'Save' }).click()
  await activities.getByRole('status').filter({ hasText: '“books” saved.' }).waitFor()
  await page.getByRole('button', { name: 'Archive “friends”' }).click()
  await page.getByRole('button', { name: 'Unarchive “friends”' }).waitFor()
  await page.getByRole('button', { name: 'Delete “walk”' }).click()
  await page.getByRole('group', { name: 'Delete “walk”? It is removed from every day.' }).getByRole('button', { name: 'Yes, delete' }).click()
  await activities.getByRole('status').filter({ hasText: '“walk” deleted.' }).waitFor()
  expect(await activitiesOf(user)).toMatchObject([
    { name: 'family', group: 'People', archived: false },
    { name: 'books', group: 'Hobbies', archived: false },
    { name: 'friends', group: 'People', archived: true },
  ])

  // The check-in offers the activities not archived, as toggles under their groups.
  await page.goto(`${b.origin}/check-in`)
  const chips = page.getByRole('group', { name: 'Activities' })
  await chips.getByRole('group', { name: 'People' }).getByRole('button', { name: 'family', pressed: false }).waitFor()
  await chips.getByRole('group', { name: 'Hobbies' }).getByRole('button', { name: 'books' }).waitFor()
  await expectCount(chips.getByRole('button', { name: 'friends' }), 0)
  expectClean()
})

test('streak rules are saved and read back; Today shows the streak after check-ins on consecutive days', async () => {
  const user = await createUser(b.t, { name: 'Cleo' })
  const today = todayIn('UTC')
  const { page, expectClean } = await b.openWithToken(user, '/')
  await page.getByText("You haven't checked in today yet.").waitFor()
  // No run, no streak.
  await expectCount(page.locator('.streak'), 0)

  for (const back of [3, 2, 1]) expect((await b.api('POST', '/check-in', user, { date: addDays(today, -back), mood: 3 })).status).toBe(201)
  await page.reload()
  await page.getByText('🔥 3 days').waitFor()
  await page.getByText('Check-in streak: 3 days in a row.').waitFor()
  expect(await page.getByText('🔥 3 days').getAttribute('aria-hidden')).toBe('true')

  await page.goto(`${b.origin}/trackers`)
  const rules = section(page, 'Streak rules')
  await rules.getByText('Your check-in streak: 3 days in a row. Longest: 3 days.').waitFor()
  await rules.getByLabel('Skip days per month').selectOption('2')
  await rules.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
  await rules.getByRole('checkbox', { name: 'Share my check-in streak with friends' }).check()
  await rules.getByText('No paused ranges.').waitFor()

  // A pause that ends before it starts is told at its field, and not sent.
  const from = addDays(today, 10)
  await rules.getByLabel('From').fill(from)
  await rules.getByLabel('To').fill(addDays(today, 5))
  await rules.getByRole('button', { name: 'Add pause' }).click()
  await rules.getByText('The end must be on or after the start.').waitFor()
  expect(await rules.getByLabel('To').getAttribute('aria-invalid')).toBe('true')
  await rules.getByLabel('To').fill(addDays(today, 20))
  await rules.getByRole('button', { name: 'Add pause' }).click()
  await rules.getByRole('button', { name: /^Remove the pause/ }).waitFor()
  await rules.getByLabel('From').fill(addDays(today, 30))
  await rules.getByLabel('To').fill(addDays(today, 31))
  await rules.getByRole('button', { name: 'Add pause' }).click()
  await expectCount(rules.getByRole('button', { name: /^Remove the pause/ }), 2)
  await rules.getByRole('button', { name: /^Remove the pause/ }).last().click()
  await expectCount(rules.getByRole('button', { name: /^Remove the pause/ }), 1)

  const stored = (await b.api('GET', '/streaks', user)).body.data
  expect(stored.rules).toEqual({ skip_days_per_month: 2, pauses: [{ from, to: addDays(today, 20) }], shared: true })
  // Read back: a fresh page shows what is stored.
  await page.reload()
  expect(await rules.getByLabel('Skip days per month').inputValue()).toBe('2')
  expect(await rules.getByRole('checkbox', { name: 'Share my check-in streak with friends' }).isChecked()).toBe(true)
  await expectCount(rules.getByRole('button', { name: /^Remove the pause/ }), 1)
  expectClean()
})

test('a phone in dark mode, in German: the page fits, reads in German, and passes axe', async () => {
  const user = await createUser(b.t, { name: 'Dan' })
  expect((await b.api('PUT', '/users/me/settings/language', user, { language: 'de' })).status).toBe(200)
  const { page, expectClean } = await b.openWithToken(user, '/trackers', { phone: true, colorScheme: 'dark', locale: 'de-DE' })
  await page.getByRole('heading', { name: 'Meine Tracker', level: 1 }).waitFor()
  await page.getByText('Noch keine eigenen Tracker – leg einen an').waitFor()
  await expectNoHorizontalScroll(page)
  await expectAccessible(page)

  const trackers = section(page, 'Tracker')
  const form = trackers.locator('form').last()
  await form.getByLabel('Name').fill('Schritte')
  await form.getByRole('radio', { name: 'Zahl' }).check()
  await form.getByLabel('Einheit').fill('km')
  await form.getByLabel('Nachkommastellen').selectOption('2')
  await form.getByRole('button', { name: 'Tracker anlegen' }).click()
  await trackers.getByText('Zahl in km · 2 Nachkommastellen').waitFor()
  await page.getByRole('status').filter({ hasText: '„Schritte“ angelegt.' }).waitFor()
  await page.getByRole('button', { name: '„Schritte“ löschen' }).waitFor()
  await expectNoHorizontalScroll(page)
  await expectAccessible(page)
  await b.screenshot(page, 'trackers-phone')
  expectClean()
})
