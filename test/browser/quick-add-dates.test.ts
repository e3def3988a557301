/**
 * Due dates without keywords and links that say they could not be fetched, in a real browser: the date picker of
 * quick add and of Today's box writes due:YYYY-MM-DD into the text (by keyboard and by touch, in four languages);
 * detection shows a due date written in words; a link whose page failed says why and is fetched again once the
 * loopback site serves it. Phone and desktop.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser, type TestUser } from '../helpers/fixtures'
import { expectAccessible, useBrowserApp, waitForFocus } from './harness'
import { todayIn } from '../../src/web/lib/format'

const b = useBrowserApp({ FETCH_ALLOW_PRIVATE: 'true' })

/** The site a link points to: failing until a test switches it to serving the page. */
let serving = false
let site: ReturnType<typeof Bun.serve>
beforeAll(() => {
  site = Bun.serve({
    hostname: '127.0.0.1', port: 0,
    fetch: () => serving
      ? new Response('<title>x</title><meta property="og:title" content="Seed saving">', { headers: { 'content-type': 'text/html; charset=utf-8' } })
      : new Response('down for maintenance', { status: 503, headers: { 'content-type': 'text/html' } }),
  })
})
afterAll(() => site.stop(true))

const TIMEZONE = 'Pacific/Auckland'

async function userSpeaking(language: string): Promise<TestUser> {
  const user = await createUser(b.t, { timezone: TIMEZONE })
  expect((await b.api('PUT', '/users/me/settings/language', user, { language })).status).toBe(200)
  return user
}

const items = async (user: TestUser, library: string): Promise<Record<string, unknown>[]> => (await b.api('GET', `/libraries/${library}`, user)).body.data

/** The date `days` after the user's today, YYYY-MM-DD. */
function dayAfter(days: number): string {
  const day = new Date(`${todayIn(TIMEZONE)}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() + days)
  return day.toISOString().slice(0, 10)
}

/** The next `weekday` (0 = Sunday) on or after the user's today. */
function next(weekday: number): string {
  const today = new Date(`${todayIn(TIMEZONE)}T00:00:00Z`)
  return dayAfter((weekday - today.getUTCDay() + 7) % 7)
}

const noHorizontalScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

test('quick add: the date picker writes, replaces and removes due: in the text, by keyboard; a weekday in words shows in it', async () => {
  const user = await userSpeaking('en')
  const { page, expectClean } = await b.openWithToken(user, '/quick-add')
  const text = page.getByLabel('What do you want to keep?')
  const due = page.getByLabel('Due date')
  await text.fill('Buy seeds')

  // By keyboard: Tab from the text to the date, then its digits (day and month alike, whichever order the field has).
  await text.press('Tab')
  await waitForFocus(due)
  await page.keyboard.type('07072030')
  await page.waitForFunction(() => document.querySelector('textarea')?.value === 'Buy seeds due:2030-07-07')
  const card = page.locator('.detection')
  await card.filter({ hasText: 'Recognised as To-do' }).filter({ hasText: '2030' }).waitFor()
  expect(await card.locator('.fact').filter({ hasText: 'Title' }).locator('dd').textContent()).toBe('Buy seeds')

  // Another day replaces the token; clearing the field takes it out.
  await due.fill('2030-07-04')
  expect(await text.inputValue()).toBe('Buy seeds due:2030-07-04')
  await due.fill('')
  expect(await text.inputValue()).toBe('Buy seeds')

  // A date written in words: the field shows the day detection read, and a pick replaces the words.
  await text.fill('Llamar a Ana due:viernes #familia')
  await card.filter({ hasText: 'Recognised as To-do' }).filter({ hasText: '#familia' }).waitFor()
  await page.waitForFunction((friday) => (document.querySelector('input[type=date]') as HTMLInputElement).value === friday, next(5))
  await due.fill('2030-12-24')
  expect(await text.inputValue()).toBe('Llamar a Ana due:2030-12-24 #familia')
  await card.filter({ hasText: '2030' }).waitFor()
  await text.press('Control+Enter')
  await page.getByRole('status').filter({ hasText: '“Llamar a Ana” saved to To-dos.' }).waitFor()
  expect(await items(user, 'todos')).toMatchObject([{ title: 'Llamar a Ana', due_at: '2030-12-24', tags: ['familia'] }])

  // A hand-picked type other than a to-do has no due date to pick.
  await page.getByLabel('Save as').selectOption('note')
  expect(await due.count()).toBe(0)
  await page.getByLabel('Save as').selectOption('todo')
  await due.waitFor()
  await expectAccessible(page, { include: ['form.quick-add'] })
  expectClean()
})

test.each([
  ['de', 'Fällig am', 'Eine Notiz, eine Aufgabe oder ein Link', 'Hinzufügen', 'Milch kaufen', 'Aufgaben', 'due:morgen'],
  ['fr', 'Échéance', 'Une note, une tâche ou un lien', 'Ajouter', 'Acheter du pain', 'Tâches', 'due:demain'],
  ['es', 'Fecha de vencimiento', 'Una nota, una tarea o un enlace', 'Añadir', 'Comprar fruta', 'Tareas', 'due:mañana'],
] as const)('Today on a phone in %s: the box files a to-do with a picked date, and one written in its words', async (lang, dueLabel, textLabel, add, title, library, tomorrow) => {
  const user = await userSpeaking(lang)
  const { page, expectClean } = await b.openWithToken(user, '/', { phone: true, colorScheme: 'dark' })
  const text = page.getByLabel(textLabel)
  await text.fill(title)
  await page.getByLabel(dueLabel).fill('2030-07-03')
  expect(await text.inputValue()).toBe(`${title} due:2030-07-03`)
  await noHorizontalScroll(page)
  await expectAccessible(page, { include: ['form.quick-add-box'] })
  await page.getByRole('button', { name: add, exact: true }).click()
  await page.getByRole('status').filter({ hasText: library }).filter({ hasText: title }).waitFor()
  expect(await text.inputValue()).toBe('')

  await text.fill(`${title} 2 ${tomorrow}`)
  await page.getByRole('button', { name: add, exact: true }).click()
  await page.getByRole('status').filter({ hasText: `${title} 2` }).waitFor()
  const todos = await items(user, 'todos')
  expect(Object.fromEntries(todos.map((todo) => [todo.title, todo.due_at]))).toEqual({ [title]: '2030-07-03', [`${title} 2`]: dayAfter(1) })
  expectClean()
})

test.each([
  ['desktop', 'en', false, 'daybook could not fetch this page, so its title is the address.', 'The site answered with an error.', 'Fetch again “{url}”',
    'Still could not fetch it: The site answered with an error.', 'Fetched: “Seed saving”.', 'Seed saving (opens in a new tab)'],
  ['phone', 'es', true, 'daybook no pudo obtener esta página, así que su título es la dirección.', 'El sitio respondió con un error.', 'Volver a obtener «{url}»',
    'Sigue sin poder obtenerse: El sitio respondió con un error.', 'Obtenido: «Seed saving».', 'Seed saving (se abre en una pestaña nueva)'],
] as const)('links (%s, %s): a page that could not be fetched says so; Fetch again fails, then reads it', async (_, lang, phone, failed, reason, button, still, fetched, link) => {
  serving = false
  const user = await userSpeaking(lang)
  const url = `http://127.0.0.1:${site.port}/seeds-${lang}`
  const added = await b.api('POST', '/dashboard/quick-add/commit', user, { content: url, content_type: 'links' })
  expect(added.body.data).toMatchObject({ title: url, fetch_failed: true, fetch_error: 'bad_status' })

  const { page, problems, expectClean } = await b.openWithToken(user, '/libraries/links', { phone })
  // Found by its link's address: its title changes once the page is read.
  const item = page.locator('.library-item').filter({ has: page.locator(`a[href="${url}"]`) })
  const note = item.locator('.fetch-note')
  await note.filter({ hasText: failed }).filter({ hasText: reason }).waitFor()
  if (phone) await noHorizontalScroll(page)
  await expectAccessible(page)

  const again = item.getByRole('button', { name: button.replace('{url}', url) })
  await again.click()
  await item.getByRole('alert').filter({ hasText: still }).waitFor()
  // The failed retry's 502 is the answer this flow asks for, yet Chromium logs every 5xx as a console error: exactly
  // that one line is taken off the page's problems, anything else still fails the test.
  const bad = problems.findIndex((line) => line.includes('status of 502') && line.includes(`/api/v1/libraries/links/${added.body.data.id}/refetch`))
  expect(bad).toBeGreaterThanOrEqual(0)
  problems.splice(bad, 1)
  expect((await b.api('GET', `/libraries/links/${added.body.data.id}`, user)).body.data).toEqual(added.body.data)

  serving = true
  await again.click()
  const done = item.getByRole('status').filter({ hasText: fetched })
  await done.waitFor()
  await waitForFocus(done)
  await item.getByRole('link', { name: link }).waitFor()
  expect(await note.filter({ hasText: failed }).count()).toBe(0)
  expect(await item.getByRole('button', { name: button.replace('{url}', url) }).count()).toBe(0)
  expect((await b.api('GET', `/libraries/links/${added.body.data.id}`, user)).body.data).toMatchObject({ title: 'Seed saving', fetch_failed: false, fetch_error: null })
  expectClean()
})
