/**
 * To-dos that get done, in a real browser against the real server (docs/api/quick-add.md §9, §11): Today's to-do
 * card (due today and overdue, the one-tap toggle, a repeating one's next occurrence, undo, empty and error states)
 * and the to-do library's filter and sort, on a desktop and a 360 px phone, light and dark, checked by axe, with no
 * page errors.
 */
import { expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser, type TestUser } from '../helpers/fixtures'
import { expectAccessible, expectCount, useBrowserApp } from './harness'
import { todayIn } from '../../src/web/lib/format'
import { addDays } from '../../src/web/pages/check-in/trackers'

const b = useBrowserApp()

async function todo(user: TestUser, content: string): Promise<any> {
  const r = await b.api('POST', '/dashboard/quick-add/commit', user, { content, content_type: 'todo' })
  expect(r.status).toBe(201)
  // The server's clock is the real one here and "newest first" orders by creation time: each to-do gets its own
  // millisecond, so no two tie.
  const made = Date.now()
  while (Date.now() <= made) await Bun.sleep(1)
  return r.body.data
}
const item = async (user: TestUser, id: string) => (await b.api('GET', `/libraries/todos/${id}`, user)).body.data
const card = (page: Page) => page.getByRole('region', { name: 'To-dos' })

/** Ticks or unticks a checkbox and waits for what the page says about it. */
async function tap(page: Page, name: string, said: string | RegExp) {
  await page.getByRole('checkbox', { name }).click()
  await page.getByRole('status').filter({ hasText: said }).waitFor()
}

for (const phone of [false, true]) {
  const on = phone ? 'phone' : 'desktop'

  test(`Today lists what is due today and overdue, ticked off with one tap (${on})`, async () => {
    const user = await createUser(b.t, { name: 'Ada', timezone: 'UTC' })
    const today = todayIn('UTC')
    const milk = await todo(user, `Buy milk due:${today}`)
    const rent = await todo(user, `Pay rent due:${addDays(today, -2)} repeat:monthly`)
    const stretch = await todo(user, `Stretch due:${addDays(today, -1)} repeat:daily`)
    await todo(user, `Later due:${addDays(today, 3)}`)
    await todo(user, 'Someday')
    const done = await todo(user, `Already done due:${today}`)
    expect((await b.api('PATCH', `/libraries/todos/${done.id}`, user, { is_completed: true })).status).toBe(200)

    const { page, expectClean } = await b.openWithToken(user, '/', { phone })
    const todos = card(page)
    await expectCount(todos.getByRole('checkbox'), 3)
    expect(await todos.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => box.closest('li')!.querySelector('.todo-title')!.textContent)))
      .toEqual(['Pay rent', 'Stretch', 'Buy milk'])
    expect(await todos.locator('li', { hasText: 'Pay rent' }).getByText('Overdue').count()).toBe(1)
    expect(await todos.locator('li', { hasText: 'Buy milk' }).getByText('Overdue').count()).toBe(0)
    await expectAccessible(page)

    // One tap: done, struck through, still there to be undone.
    await tap(page, 'Buy milk', '“Buy milk” done.')
    expect(await todos.getByRole('checkbox', { name: 'Buy milk' }).isChecked()).toBe(true)
    expect(await item(user, milk.id)).toMatchObject({ is_completed: true })

    // A repeating one names its next date; a daily one overdue since yesterday brings today's occurrence along.
    await tap(page, 'Pay rent', /“Pay rent” done\. The next one is due/)
    await tap(page, 'Stretch', /“Stretch” done\. The next one is due/)
    await expectCount(todos.getByRole('checkbox', { name: 'Stretch' }), 2)
    const stretched = await item(user, stretch.id)
    expect(await item(user, stretched.next_id)).toMatchObject({ due_at: today, is_completed: false })

    // A second tap undoes it: the untouched next occurrence goes too.
    const rentDone = await item(user, rent.id)
    await tap(page, 'Pay rent', '“Pay rent” is open again.')
    expect(await item(user, rent.id)).toMatchObject({ is_completed: false, next_id: null })
    expect((await b.api('GET', `/libraries/todos/${rentDone.next_id}`, user)).status).toBe(404)
    await expectAccessible(page)
    if (!phone) await b.screenshot(page, 'today-todos')

    // Read again, the list holds what is open and due.
    await page.reload()
    await expectCount(card(page).getByRole('checkbox'), 2)
    expect(await card(page).getByRole('checkbox', { checked: true }).count()).toBe(0)
    expectClean()
  })

  test(`the to-do library lists open ones by due date, filters and sorts (${on}, dark)`, async () => {
    const user = await createUser(b.t, { timezone: 'UTC' })
    const today = todayIn('UTC')
    await todo(user, `Alpha due:${addDays(today, 5)}`)
    await todo(user, 'Bravo')
    await todo(user, `Charlie due:${addDays(today, -1)}`)
    const delta = await todo(user, `Delta due:${today}`)
    expect((await b.api('PATCH', `/libraries/todos/${delta.id}`, user, { is_completed: true })).status).toBe(200)

    const { page, expectClean } = await b.openWithToken(user, '/libraries/todos', { phone, colorScheme: 'dark' })
    const list = page.getByRole('list', { name: 'Items in To-dos' })
    const titles = () => list.locator('.item-title').allTextContents()
    await expectCount(list.getByRole('listitem'), 3)
    expect(await page.getByRole('group', { name: 'Show' }).getByRole('radio', { name: 'Open' }).isChecked()).toBe(true)
    expect(await titles()).toEqual(['Charlie', 'Alpha', 'Bravo'])
    await expectAccessible(page)

    // Ticked here, it stays in view until the list is read again.
    await tap(page, 'Done: Charlie', '“Charlie” done.')
    expect(await titles()).toEqual(['Charlie', 'Alpha', 'Bravo'])

    await page.getByRole('group', { name: 'Show' }).getByRole('radio', { name: 'Done' }).check()
    await page.waitForURL(`${b.origin}/libraries/todos?status=done`)
    await expectCount(list.getByRole('listitem'), 2)
    expect(new Set(await titles())).toEqual(new Set(['Charlie', 'Delta']))

    await page.getByRole('group', { name: 'Show' }).getByRole('radio', { name: 'All' }).check()
    await page.getByRole('group', { name: 'Sort by' }).getByRole('radio', { name: 'Newest first' }).check()
    await page.waitForURL(`${b.origin}/libraries/todos?status=all&sort=created`)
    await expectCount(list.getByRole('listitem'), 4)
    // "All" already shows the four by due date: the newest-first list replaces it once its read answers.
    await page.waitForFunction(() => document.querySelector('.item-title')?.textContent === 'Delta')
    expect(await titles()).toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha'])
    await expectAccessible(page)

    // Reopened from the done list.
    await tap(page, 'Done: Delta', '“Delta” is open again.')
    await page.getByRole('group', { name: 'Show' }).getByRole('radio', { name: 'Open' }).check()
    await page.waitForURL(`${b.origin}/libraries/todos?sort=created`)
    await expectCount(list.getByRole('listitem'), 3)
    expect(await titles()).toEqual(['Delta', 'Bravo', 'Alpha'])
    expectClean()
  })
}

test('empty states, a toggle that fails, and the words in German', async () => {
  const user = await createUser(b.t, { timezone: 'UTC' })
  const { page, expectClean } = await b.openWithToken(user, '/')
  await card(page).getByText('Nothing due today.').waitFor()
  await page.goto(`${b.origin}/libraries/todos`)
  await page.getByText('Nothing left to do.').waitFor()

  // Deleted elsewhere while the page showed it: the tap says so and the box is as it was.
  const gone = await todo(user, `Gone due:${todayIn('UTC')}`)
  await page.goto(`${b.origin}/`)
  await card(page).getByRole('checkbox', { name: 'Gone' }).waitFor()
  expect((await b.api('DELETE', `/libraries/todos/${gone.id}`, user)).status).toBe(200)
  await card(page).getByRole('checkbox', { name: 'Gone' }).click()
  await card(page).getByRole('alert').waitFor()
  expect(await card(page).getByRole('checkbox', { name: 'Gone' }).isChecked()).toBe(false)
  await expectAccessible(page)

  expect((await b.api('PUT', '/users/me/settings/language', user, { language: 'de' })).status).toBe(200)
  await todo(user, `Milch kaufen due:${todayIn('UTC')}`)
  await page.goto(`${b.origin}/`)
  const aufgaben = page.getByRole('region', { name: 'Aufgaben' })
  await aufgaben.getByText('Heute fällig und überfällig').waitFor()
  await tap(page, 'Milch kaufen', '„Milch kaufen“ erledigt.')
  await page.goto(`${b.origin}/libraries/todos`)
  await page.getByRole('group', { name: 'Anzeigen' }).getByRole('radio', { name: 'Erledigt' }).check()
  await page.getByRole('checkbox', { name: 'Erledigt: Milch kaufen' }).waitFor()
  expectClean()
})
