/**
 * The check-in never loses a tap, in a real browser against the real server: each tap is one request carrying its
 * tracker, a double click is one, taps made while a request is under way all arrive in order, and a failed save
 * (the server answering 500, the browser offline) is said, kept on the page, sent again, and leaving the page asks
 * first. The server's failure is simulated at the network: the outside world, as the page sees it.
 */
import { expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser } from '../helpers/fixtures'
import { CHECK_IN, entryOf, isSave, recordSaves, tapAndSave } from './check-in-saves'
import { expectAccessible, expectCount, useBrowserApp } from './harness'
import { todayIn } from '../../src/web/lib/format'
import { addDays } from '../../src/web/pages/check-in/trackers'

const b = useBrowserApp()

const tracker = (page: Page, name: string) => page.getByRole('group', { name })
const savedNote = (page: Page) => page.getByRole('status').filter({ hasText: /^Check-in for .* saved\.$/ })

/** The check-in page of a day `back` days ago, for a new member, with every save it sends recorded. */
async function openCheckIn(name: string, back: number, options?: { phone?: boolean }) {
  const user = await createUser(b.t, { name })
  const day = addDays(todayIn('UTC'), -back)
  const watched = await b.openWithToken(user, `/check-in?date=${day}`, options)
  const saves = recordSaves(watched.page)
  await tracker(watched.page, 'Mood').waitFor()
  return { ...watched, user, day, saves }
}

test('each tap is saved as one request with its tracker alone; a double click is one request', async () => {
  const { user, day, page, expectClean, saves } = await openCheckIn('Ada', 2)
  await expectCount(page.getByRole('button', { name: /^Save/ }), 0)

  await tapAndSave(page, () => tracker(page, 'Mood').getByRole('radio', { name: '3' }).check())
  expect(saves).toEqual([{ date: day, mood: 3 }])
  await tapAndSave(page, () => tracker(page, 'Sleep').getByRole('radio', { name: '4' }).check())
  expect(saves).toEqual([{ date: day, mood: 3 }, { date: day, sleep: 4 }])

  // A double click on a value, then on "Clear": one request each, as the next tap shows (saves go one at a time).
  await tapAndSave(page, () => tracker(page, 'Water').getByRole('radio', { name: '5' }).dblclick())
  await tapAndSave(page, () => page.getByRole('button', { name: 'Clear Sleep' }).dblclick())
  await tapAndSave(page, () => tracker(page, 'Work').getByRole('radio', { name: '2' }).check())
  expect(saves.slice(2)).toEqual([{ date: day, water: 5 }, { date: day, sleep: null }, { date: day, work: 2 }])
  expect(await entryOf(b, user, day)).toMatchObject({ mood: 3, sleep: null, water: 5, work: 2 })

  // Everything is stored, so leaving asks nothing.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click()
  await page.waitForURL(`${b.origin}/history`)
  expectClean()
})

test('taps made while a save is under way are all stored, in order, in the next request', async () => {
  const { user, day, page, expectClean, saves } = await openCheckIn('Bo', 1)

  // The first save is held at the network until three more taps are made.
  let release!: () => void
  const held = new Promise<void>((resolve) => { release = resolve })
  await page.route(`${b.origin}${CHECK_IN}`, async (route) => {
    if (route.request().method() === 'POST' && saves.length === 1) await held
    await route.continue()
  })
  await tracker(page, 'Mood').getByRole('radio', { name: '2' }).check()
  await page.getByRole('status').filter({ hasText: 'Saving…' }).waitFor()
  await tracker(page, 'Sleep').getByRole('radio', { name: '5' }).check()
  await tracker(page, 'Water').getByRole('radio', { name: '1' }).check()
  await tracker(page, 'Sleep').getByRole('radio', { name: '3' }).check()
  expect(saves).toHaveLength(1)
  // "Saved" only once nothing is waiting: the held request and the one after it are both answered.
  release()
  await savedNote(page).waitFor()
  expect(saves).toEqual([{ date: day, mood: 2 }, { date: day, sleep: 3, water: 1 }])
  expect(await entryOf(b, user, day)).toMatchObject({ mood: 2, sleep: 3, water: 1 })
  expectClean()
})

test('a save the server refuses with a 500 is said, kept, asked about before leaving, and sent again', async () => {
  const { user, day, page, problems, saves } = await openCheckIn('Cleo', 3)
  await page.route(`${b.origin}${CHECK_IN}`, (route) => route.request().method() === 'POST'
    ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, code: 'internal_error', message: 'Server Error' }) })
    : route.continue())

  await tracker(page, 'Mood').getByRole('radio', { name: '4' }).check()
  const failed = page.getByRole('alert').filter({ hasText: 'Not saved.' })
  await failed.getByText('Something went wrong on the server.').waitFor()
  expect(await tracker(page, 'Mood').getByRole('radio', { name: '4' }).isChecked()).toBe(true)
  expect(await entryOf(b, user, day)).toBeUndefined()

  // Closing the tab gets the browser's question; dismissed, the page stays.
  const dialogs: string[] = []
  page.once('dialog', (dialog) => { dialogs.push(dialog.type()); void dialog.dismiss() })
  await page.close({ runBeforeUnload: true })
  await page.waitForFunction(() => true)
  expect(dialogs).toEqual(['beforeunload'])
  expect(page.isClosed()).toBe(false)

  // A link of the app asks in the page; "Stay here" stays.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click()
  const question = page.getByRole('group', { name: 'Your last change is not saved yet. Leave this page anyway?' })
  await question.waitFor()
  await question.getByRole('button', { name: 'Stay here' }).click()
  await expectCount(question, 0)
  expect(new URL(page.url()).pathname).toBe('/check-in')
  // So does another day.
  await page.getByRole('button', { name: 'Next day' }).click()
  await question.waitFor()
  await question.getByRole('button', { name: 'Stay here' }).click()
  expect(new URL(page.url()).search).toBe(`?date=${day}`)

  // The next tap sends the kept value with it, still refused; "Try again" once the server is back.
  const refused = page.waitForResponse((response) => isSave(response.request()))
  await tracker(page, 'Sleep').getByRole('radio', { name: '2' }).check()
  await refused
  await failed.waitFor()
  expect(saves).toEqual([{ date: day, mood: 4 }, { date: day, mood: 4, sleep: 2 }])
  await page.unroute(`${b.origin}${CHECK_IN}`)
  await tapAndSave(page, () => failed.getByRole('button', { name: 'Try again' }).click())
  await expectCount(failed, 0)
  expect(saves.at(-1)).toEqual({ date: day, mood: 4, sleep: 2 })
  expect(await entryOf(b, user, day)).toMatchObject({ mood: 4, sleep: 2 })

  // Saved: leaving asks nothing.
  await page.getByRole('button', { name: 'Next day' }).click()
  await page.waitForURL(`${b.origin}/check-in?date=${addDays(day, 1)}`)
  // The only problems are the refused saves' console lines; no page error.
  expect(problems).toEqual([expect.stringContaining('status of 500'), expect.stringContaining('status of 500')])
})

test('offline, the tap is kept and said to be unsaved; back online it is sent without asking, and leaving asks first meanwhile', async () => {
  const { user, day, page, problems } = await openCheckIn('Dan', 4, { phone: true })
  await page.context().setOffline(true)
  await tracker(page, 'Mood').getByRole('radio', { name: '5' }).check()
  const failed = page.getByRole('alert').filter({ hasText: 'Not saved.' })
  await failed.getByText('The server could not be reached.').waitFor()
  await expectAccessible(page)
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
  expect(scroll).toBeLessThanOrEqual(client)
  await b.screenshot(page, 'check-in-not-saved-phone')

  // In-app navigation through the menu asks first.
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Today' }).click()
  const question = page.getByRole('group', { name: 'Your last change is not saved yet. Leave this page anyway?' })
  await question.getByRole('button', { name: 'Stay here' }).click()

  // The browser is back online: the kept tap goes by itself.
  const answered = page.waitForResponse((response) => isSave(response.request()))
  await page.context().setOffline(false)
  await answered
  await savedNote(page).waitFor()
  expect(await entryOf(b, user, day)).toMatchObject({ mood: 5 })
  // The only problems are the one save the browser could not send, told twice (network and console); no page error.
  expect(problems).toEqual([
    `request failed: POST ${b.origin}${CHECK_IN} net::ERR_INTERNET_DISCONNECTED`,
    `console error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED (${b.origin}${CHECK_IN})`,
  ])
})
