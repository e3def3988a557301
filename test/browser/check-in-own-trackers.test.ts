/**
 * One's own trackers on the check-in page, in a real browser against the real server: a scale, a yes/no and a
 * number tracker, activities and the note, each saved through the same autosave queue as the built-in trackers —
 * one request a tap carrying only what changed, the note one request once typing pauses — and read back exactly
 * through the API; an archived tracker is not offered; a number outside its bounds is told and never sent; a phone
 * in German and dark mode, with axe.
 */
import { expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser, type TestUser } from '../helpers/fixtures'
import { CHECK_IN, entryOf, isSave, recordSaves, tapAndSave } from './check-in-saves'
import { expectAccessible, expectCount, useBrowserApp } from './harness'
import { todayIn } from '../../src/web/lib/format'
import { addDays } from '../../src/web/pages/check-in/trackers'

const b = useBrowserApp()

async function created(user: TestUser, path: string, body: Record<string, unknown>): Promise<{ id: number | string }> {
  const response = await b.api('POST', path, user, body)
  expect(response.status).toBe(201)
  return response.body.data
}

/** A member with a scale, a yes/no, a number and an archived tracker, and three activities (one archived). */
async function memberWithTrackers(name: string) {
  const user = await createUser(b.t, { name })
  const energy = await created(user, '/trackers', { name: 'Energy', kind: 'scale', min: 0, max: 10, min_label: 'empty', max_label: 'full' })
  const gym = await created(user, '/trackers', { name: 'Gym', kind: 'yesno' })
  const weight = await created(user, '/trackers', { name: 'Weight', kind: 'number', unit: 'kg', min: 30, max: 250, decimals: 1 })
  await created(user, '/trackers', { name: 'Old habit', kind: 'yesno', archived: true })
  const family = await created(user, '/activities', { name: 'family', group: 'People' })
  const reading = await created(user, '/activities', { name: 'reading', group: 'Hobbies' })
  await created(user, '/activities', { name: 'chess', group: 'Hobbies', archived: true })
  return { user, ids: { energy: String(energy.id), gym: String(gym.id), weight: String(weight.id), family: family.id, reading: reading.id } }
}

test('own trackers, activities and the note are saved one request a change, with only what changed, and read back exactly', async () => {
  const { user, ids } = await memberWithTrackers('Ada')
  const day = addDays(todayIn('UTC'), -1)
  const { page, expectClean } = await b.openWithToken(user, `/check-in?date=${day}`)
  const saves = recordSaves(page)
  const energy = page.getByRole('group', { name: 'Energy' })
  await energy.waitFor()

  // After the built-in trackers, one's own in their order; the archived one is not offered, nor the archived activity.
  const legends = await page.locator('.trackers > fieldset > legend').allTextContents()
  expect(legends.slice(-3)).toEqual(['Energy', 'Gym', 'Weight'])
  expect(legends.indexOf('Mood')).toBeLessThan(legends.indexOf('Energy'))
  await expectCount(page.getByRole('group', { name: 'Old habit' }), 0)
  await expectCount(page.getByRole('button', { name: 'chess' }), 0)
  await energy.getByText('0 = empty · 10 = full').waitFor()
  await expectCount(energy.getByRole('radio'), 11)

  await tapAndSave(page, () => energy.getByRole('radio', { name: '7' }).check())
  const gym = page.getByRole('group', { name: 'Gym' })
  await tapAndSave(page, () => gym.getByRole('button', { name: 'Yes' }).click())
  expect(await gym.getByRole('button', { name: 'Yes' }).getAttribute('aria-pressed')).toBe('true')
  expect(await gym.getByRole('button', { name: 'No' }).getAttribute('aria-pressed')).toBe('false')

  // A number is saved when the field is left, rounded to its decimals; one outside its bounds is told and not sent.
  const weight = page.getByRole('group', { name: 'Weight' }).getByLabel('kg')
  await weight.fill('400')
  await weight.press('Tab')
  await page.getByText('Enter a number from 30 to 250.').waitFor()
  expect(await weight.getAttribute('aria-invalid')).toBe('true')
  expect(saves).toHaveLength(2)
  await weight.fill('72.46')
  await tapAndSave(page, () => weight.press('Enter'))
  expect(await weight.inputValue()).toBe('72.5')
  await expectCount(page.getByText('Enter a number from 30 to 250.'), 0)

  const people = page.getByRole('group', { name: 'Activities' }).getByRole('group', { name: 'People' })
  await tapAndSave(page, () => people.getByRole('button', { name: 'family' }).click())
  expect(await people.getByRole('button', { name: 'family' }).getAttribute('aria-pressed')).toBe('true')

  // The note: typed key by key, sent once when typing pauses; leaving the field then sends nothing more.
  const note = page.getByLabel('Note', { exact: true })
  const answered = page.waitForResponse((response) => isSave(response.request()))
  await note.pressSequentially('A *good* day by the lake')
  await answered
  await page.getByRole('status').filter({ hasText: /saved\.$/ }).waitFor()
  await note.press('Tab')

  expect(saves).toEqual([
    { date: day, values: { [ids.energy]: 7 } },
    { date: day, values: { [ids.gym]: 1 } },
    { date: day, values: { [ids.weight]: 72.5 } },
    { date: day, activities: [ids.family] },
    { date: day, note: 'A *good* day by the lake' },
  ])
  expect(await entryOf(b, user, day)).toMatchObject({
    values: { [ids.energy]: 7, [ids.gym]: 1, [ids.weight]: 72.5 }, activities: [ids.family], note: 'A *good* day by the lake', mood: null,
  })

  // Taken back: "No" twice is yes cleared, an activity untoggled, the note emptied (sent as null, which clears it).
  await tapAndSave(page, () => gym.getByRole('button', { name: 'No' }).click())
  await tapAndSave(page, () => gym.getByRole('button', { name: 'No' }).click())
  await tapAndSave(page, () => people.getByRole('button', { name: 'family' }).click())
  await note.fill('')
  await tapAndSave(page, () => note.press('Tab'))
  expect(saves.slice(5)).toEqual([
    { date: day, values: { [ids.gym]: 0 } },
    { date: day, values: { [ids.gym]: null } },
    { date: day, activities: [] },
    { date: day, note: null },
  ])
  expect(await entryOf(b, user, day)).toMatchObject({ values: { [ids.energy]: 7, [ids.weight]: 72.5 }, activities: [], note: null })

  // A fresh page shows what is stored.
  await page.reload()
  await energy.waitFor()
  await b.screenshot(page, 'check-in-own-trackers')
  expect(await energy.getByRole('radio', { name: '7' }).isChecked()).toBe(true)
  expect(await weight.inputValue()).toBe('72.5')
  expect(await gym.getByRole('button', { name: 'Yes' }).getAttribute('aria-pressed')).toBe('false')
  await expectAccessible(page)
  await page.getByRole('link', { name: 'Manage my trackers' }).click()
  await page.waitForURL(`${b.origin}/trackers`)
  expectClean()
})

test('taps on own trackers made while a save is under way go together, the latest of each, in the next request', async () => {
  const { user, ids } = await memberWithTrackers('Bo')
  const day = addDays(todayIn('UTC'), -2)
  const { page, expectClean } = await b.openWithToken(user, `/check-in?date=${day}`)
  const saves = recordSaves(page)
  await page.getByRole('group', { name: 'Energy' }).waitFor()

  let release!: () => void
  const held = new Promise<void>((resolve) => { release = resolve })
  await page.route(`${b.origin}${CHECK_IN}`, async (route) => {
    if (route.request().method() === 'POST' && saves.length === 1) await held
    await route.continue()
  })
  await page.getByRole('group', { name: 'Mood' }).getByRole('radio', { name: '4' }).check()
  await page.getByRole('status').filter({ hasText: 'Saving…' }).waitFor()
  await page.getByRole('group', { name: 'Energy' }).getByRole('radio', { name: '3' }).check()
  await page.getByRole('group', { name: 'Gym' }).getByRole('button', { name: 'Yes' }).click()
  await page.getByRole('group', { name: 'Energy' }).getByRole('radio', { name: '9' }).check()
  await page.getByRole('button', { name: 'reading' }).click()
  expect(saves).toHaveLength(1)
  release()
  await page.getByRole('status').filter({ hasText: /^Check-in for .* saved\.$/ }).waitFor()
  expect(saves).toEqual([
    { date: day, mood: 4 },
    { date: day, values: { [ids.energy]: 9, [ids.gym]: 1 }, activities: [ids.reading] },
  ])
  expect(await entryOf(b, user, day)).toMatchObject({ mood: 4, values: { [ids.energy]: 9, [ids.gym]: 1 }, activities: [ids.reading] })

  // A note typed and not stored yet keeps the page: leaving asks first, and the note is stored all the same.
  let releaseNote!: () => void
  const heldNote = new Promise<void>((resolve) => { releaseNote = resolve })
  await page.unroute(`${b.origin}${CHECK_IN}`)
  await page.route(`${b.origin}${CHECK_IN}`, async (route) => {
    if (route.request().method() === 'POST') await heldNote
    await route.continue()
  })
  await page.getByLabel('Note', { exact: true }).pressSequentially('Rain all day')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click()
  const question = page.getByRole('group', { name: 'Your last change is not saved yet. Leave this page anyway?' })
  await question.getByRole('button', { name: 'Stay here' }).click()
  releaseNote()
  await page.getByRole('status').filter({ hasText: /^Check-in for .* saved\.$/ }).waitFor()
  expect(saves.slice(2)).toEqual([{ date: day, note: 'Rain all day' }])
  expect((await entryOf(b, user, day)).note).toBe('Rain all day')
  expectClean()
})

test('a phone in German and dark mode: own trackers fit, read in German (a decimal comma), and pass axe', async () => {
  const { user, ids } = await memberWithTrackers('Cleo')
  expect((await b.api('PUT', '/users/me/settings/language', user, { language: 'de' })).status).toBe(200)
  const day = todayIn('UTC')
  const { page, expectClean } = await b.openWithToken(user, `/check-in?date=${day}`, { phone: true, colorScheme: 'dark', locale: 'de-DE' })
  const gym = page.getByRole('group', { name: 'Gym' })
  await gym.getByRole('button', { name: 'Ja' }).waitFor()
  await page.getByLabel('Notiz', { exact: true }).waitFor()
  await page.getByText('Bis zu 1 Nachkommastelle.').waitFor()

  const weight = page.getByRole('group', { name: 'Weight' }).getByLabel('kg')
  await weight.fill('81,25')
  const answered = page.waitForResponse((response) => isSave(response.request()))
  await weight.press('Enter')
  await answered
  expect(await weight.inputValue()).toBe('81,3')
  expect((await entryOf(b, user, day)).values).toEqual({ [ids.weight]: 81.3 })
  await weight.fill('zwölf')
  await weight.press('Enter')
  await page.getByText('Gib eine Zahl ein.').waitFor()

  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
  expect(scroll).toBeLessThanOrEqual(client)
  await expectAccessible(page)
  await b.screenshot(page, 'check-in-own-trackers-phone')
  expectClean()
})
