/**
 * Sports of one's own and several a day, in a real browser against the real server: an own sport created,
 * renamed, given an emoji and moved on the My trackers page; on the check-in two built-in sports and the own one
 * ticked (each tap saving the day's whole `sport_ids`, never `sports` alone), kept over a reload and read back
 * through the API; the own sport archived — still shown on the day that has it, no longer offered on a new day —
 * and deleted after the question, which takes it off the day. On a desktop in English and a phone in German in
 * dark mode, with axe. A day with only own sports is named on Today and in the history; a sport the API refuses
 * is told at the sports; without the sports tracker the check-in has no sports.
 */
import { expect, test } from 'bun:test'
import type { Locator, Page } from 'playwright-core'
import { createUser, type TestUser } from '../helpers/fixtures'
import { entryOf, recordSaves, tapAndSave } from './check-in-saves'
import { expectAccessible, expectCount, useBrowserApp, waitForFocus } from './harness'
import { formatDay, todayIn } from '../../src/web/lib/format'
import { addDays } from '../../src/web/pages/check-in/trackers'

const b = useBrowserApp()

const ownSportsOf = async (user: TestUser) =>
  ((await b.api('GET', '/sports', user)).body.data as { id: number; name: string; emoji: string | null; builtin: boolean; archived: boolean }[])
    .filter((sport) => !sport.builtin)

/** What the flow reads and presses, in the page's language. */
interface Words {
  language: 'en' | 'de'
  section: string; empty: string; settingsLink: string; add: string; save: string; emoji: string
  added: (name: string) => string; changed: (name: string) => string; deleted: (name: string) => string; moved: (name: string) => string
  rename: (name: string) => string; up: (name: string) => string; archive: (name: string) => string; unarchive: (name: string) => string
  deleteWhat: (name: string) => string; question: (name: string) => string; yesDelete: string
  sport: string; builtin: [string, string]; offered: string[]; saved: RegExp; manage: string
}

const EN: Words = {
  language: 'en', section: 'Sports', empty: 'No sports of your own yet — add one', settingsLink: 'Settings → Check-in',
  add: 'Add sport', save: 'Save', emoji: 'Emoji',
  added: (n) => `“${n}” added.`, changed: (n) => `“${n}” saved.`, deleted: (n) => `“${n}” deleted.`, moved: (n) => `“${n}” is now number 1 of 2.`,
  rename: (n) => `Rename “${n}”`, up: (n) => `Move “${n}” up`, archive: (n) => `Archive “${n}”`, unarchive: (n) => `Unarchive “${n}”`,
  deleteWhat: (n) => `Delete “${n}”`, question: (n) => `Delete “${n}”? It is taken off every day that has it.`, yesDelete: 'Yes, delete',
  sport: 'Sport', builtin: ['Cycling', 'Hiking'], offered: ['Strength training', 'Cycling', 'Hiking', 'Walking', 'Swimming'],
  saved: /^Check-in for .* saved\.$/, manage: 'Manage my trackers',
}

const DE: Words = {
  language: 'de', section: 'Sportarten', empty: 'Noch keine eigenen Sportarten – leg eine an', settingsLink: 'Einstellungen → Check-in',
  add: 'Sportart anlegen', save: 'Speichern', emoji: 'Emoji',
  added: (n) => `„${n}“ angelegt.`, changed: (n) => `„${n}“ gespeichert.`, deleted: (n) => `„${n}“ gelöscht.`, moved: (n) => `„${n}“ ist jetzt Nummer 1 von 2.`,
  rename: (n) => `„${n}“ umbenennen`, up: (n) => `„${n}“ nach oben`, archive: (n) => `„${n}“ archivieren`, unarchive: (n) => `„${n}“ zurückholen`,
  deleteWhat: (n) => `„${n}“ löschen`, question: (n) => `„${n}“ löschen? Sie wird von allen Tagen entfernt, die sie haben.`, yesDelete: 'Ja, löschen',
  sport: 'Sport', builtin: ['Radfahren', 'Wandern'], offered: ['Krafttraining', 'Radfahren', 'Wandern', 'Spazierengehen', 'Schwimmen'],
  saved: /^Check-in für .* gespeichert\.$/, manage: 'Meine Tracker verwalten',
}

/** No part of the page is wider than the screen. */
async function expectNoHorizontalScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
  expect(scroll).toBeLessThanOrEqual(client)
}

/** The names of the checkboxes of `group` (`checked` ones only, if asked), in their order; an emoji is for the eye only. */
const namesOf = (group: Locator, checked?: boolean) => group.getByRole('checkbox', checked === undefined ? {} : { checked })
  .evaluateAll((boxes) => boxes.map((box) => {
    const label = box.closest('label')!.cloneNode(true) as HTMLElement
    label.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove())
    return label.textContent!.trim()
  }))

/** The whole flow of the issue on one screen, in one language. */
async function ownSportsThroughTheDay(w: Words, options: Parameters<typeof b.openWithToken>[2]) {
  const user = await createUser(b.t, { name: `Sporty ${w.language}` })
  if (w.language !== 'en') expect((await b.api('PUT', '/users/me/settings/language', user, { language: w.language })).status).toBe(200)
  const { page, expectClean } = await b.openWithToken(user, '/trackers', options)
  const sports = page.getByRole('region', { name: w.section })
  await sports.getByText(w.empty).waitFor()
  expect(await sports.getByRole('link', { name: w.settingsLink }).getAttribute('href')).toBe('/settings#check-in')

  // Created: one with an emoji, one without; the form is empty again after each.
  const form = sports.locator('form').last()
  for (const [name, emoji] of [['Climbing', '🧗'], ['Archery', '']] as const) {
    await form.getByLabel('Name').fill(name)
    await form.getByLabel(w.emoji).fill(emoji)
    await form.getByRole('button', { name: w.add }).click()
    await sports.getByRole('status').filter({ hasText: w.added(name) }).waitFor()
    expect(await form.getByLabel(w.emoji).inputValue()).toBe('')
  }
  expect(await ownSportsOf(user)).toMatchObject([{ name: 'Climbing', emoji: '🧗', archived: false }, { name: 'Archery', emoji: null }])

  // Renamed with an emoji in place, then moved to the top of the order; the focus stays on the button pressed.
  await sports.getByRole('button', { name: w.rename('Archery') }).click()
  const nameField = page.getByRole('textbox', { name: 'Name', exact: true })
  const editing = sports.locator('.own-item').filter({ has: nameField })
  await editing.locator(nameField).fill('Bouldering')
  await editing.getByLabel(w.emoji).fill('🪨')
  await editing.getByRole('button', { name: w.save }).click()
  await sports.getByRole('status').filter({ hasText: w.changed('Bouldering') }).waitFor()
  const up = sports.getByRole('button', { name: w.up('Bouldering') })
  await up.click()
  await sports.getByRole('status').filter({ hasText: w.moved('Bouldering') }).waitFor()
  await waitForFocus(up)
  expect((await ownSportsOf(user)).map((s) => [s.name, s.emoji])).toEqual([['Bouldering', '🪨'], ['Climbing', '🧗']])
  const climbing = (await ownSportsOf(user)).find((s) => s.name === 'Climbing')!.id
  await expectNoHorizontalScroll(page)
  await expectAccessible(page)
  await b.screenshot(page, `trackers-sports-${w.language}`)

  // The check-in offers the selected built-in sports, then one's own in their order; three ticked, one save each.
  const day = addDays(todayIn('UTC'), -1)
  await page.goto(`${b.origin}/check-in?date=${day}`)
  const saves = recordSaves(page)
  const group = page.getByRole('group', { name: w.sport, exact: true })
  await group.getByRole('checkbox', { name: 'Climbing' }).waitFor()
  expect(await namesOf(group)).toEqual([...w.offered, 'Bouldering', 'Climbing'])
  for (const name of [...w.builtin, 'Climbing']) await tapAndSave(page, () => group.getByRole('checkbox', { name }).check(), w.saved)
  expect(saves).toEqual([{ date: day, sport_ids: [2] }, { date: day, sport_ids: [2, 3] }, { date: day, sport_ids: [2, 3, climbing] }])
  expect(await entryOf(b, user, day)).toMatchObject({ sports: 2, sport_ids: [2, 3, climbing] })

  // Kept over a reload.
  await page.reload()
  await group.getByRole('checkbox', { name: 'Climbing' }).waitFor()
  expect(await namesOf(group, true)).toEqual([...w.builtin, 'Climbing'])
  await expectNoHorizontalScroll(page)
  await expectAccessible(page)
  await b.screenshot(page, `check-in-sports-${w.language}`)

  // Archived: the day that has it still shows it (ticked, after the offered ones); a new day no longer offers it.
  await page.getByRole('link', { name: w.manage }).click()
  await sports.getByRole('button', { name: w.archive('Climbing') }).click()
  await sports.getByRole('button', { name: w.unarchive('Climbing') }).waitFor()
  await page.goto(`${b.origin}/check-in?date=${day}`)
  await group.getByRole('checkbox', { name: 'Climbing', checked: true }).waitFor()
  expect(await namesOf(group)).toEqual([...w.offered, 'Bouldering', 'Climbing'])
  await page.goto(`${b.origin}/check-in?date=${addDays(day, -1)}`)
  await group.getByRole('checkbox', { name: 'Bouldering' }).waitFor()
  expect(await namesOf(group)).toEqual([...w.offered, 'Bouldering'])

  // Deleted after the question, which says it leaves every day: the day keeps its built-in sports.
  await page.goto(`${b.origin}/trackers`)
  await sports.getByRole('button', { name: w.deleteWhat('Climbing') }).click()
  await page.getByRole('group', { name: w.question('Climbing') }).getByRole('button', { name: w.yesDelete }).click()
  await sports.getByRole('status').filter({ hasText: w.deleted('Climbing') }).waitFor()
  expect((await ownSportsOf(user)).map((s) => s.name)).toEqual(['Bouldering'])
  expect(await entryOf(b, user, day)).toMatchObject({ sports: 2, sport_ids: [2, 3] })
  expect(saves).toHaveLength(3)
  expectClean()
}

test('own sports on a desktop: created, moved, ticked with two built-in ones, kept, archived and deleted', async () => {
  await ownSportsThroughTheDay(EN, {})
})

test('own sports on a phone in German and dark mode', async () => {
  await ownSportsThroughTheDay(DE, { phone: true, colorScheme: 'dark', locale: 'de-DE' })
})

test('a day with only own sports is named on Today and in the history: table, heat map and counts', async () => {
  const user = await createUser(b.t, { name: 'Cleo', timezone: 'UTC' })
  const climbing = (await b.api('POST', '/sports', user, { name: 'Climbing', emoji: '🧗' })).body.data.id as number
  const today = todayIn('UTC')
  const yesterday = addDays(today, -1)
  expect((await b.api('POST', '/check-in', user, { date: today, mood: 4, sport_ids: [climbing] })).status).toBe(201)
  expect((await b.api('POST', '/check-in', user, { date: yesterday, mood: 3, sport_ids: [climbing, 1] })).status).toBe(201)
  expect(await entryOf(b, user, today)).toMatchObject({ sports: null, sport_ids: [climbing] })

  const { page, expectClean } = await b.openWithToken(user, '/')
  const checkIn = page.getByRole('region', { name: "Today's check-in" })
  await checkIn.getByRole('listitem').filter({ hasText: 'Sport' }).filter({ hasText: 'Climbing' }).waitFor()

  await page.goto(`${b.origin}/history`)
  const counts = page.getByRole('figure', { name: 'Sport' })
  await counts.getByText('Climbing: 2 days', { exact: true }).waitFor()
  await counts.getByText('Strength training: 1 day', { exact: true }).waitFor()
  await counts.getByText('Sport on 2 of 30 days').waitFor()
  await page.getByText('Show the values as a table').click()
  const day = (date: string) => formatDay(date, 'dd.mm.YYYY')
  const cellsOf = (date: string) => page.getByRole('row', { name: new RegExp(`^${day(date).replaceAll('.', '\\.')} `) }).getByRole('cell').allTextContents()
  expect((await cellsOf(today)).slice(0, 2)).toEqual(['4', 'Climbing'])
  // In the day's order: `sports` first (docs/api/check-in.md §6).
  expect((await cellsOf(yesterday)).slice(0, 2)).toEqual(['3', 'Strength training, Climbing'])
  await page.getByLabel('Tracker').selectOption({ label: 'Sport' })
  await page.getByRole('img', { name: `${day(today)}: Climbing` }).waitFor()
  await page.getByRole('img', { name: `${day(yesterday)}: Strength training, Climbing` }).waitFor()
  await expectAccessible(page)

  // Without the sports tracker in the settings, the check-in has no sports (the day keeps them).
  expect((await b.api('PUT', '/users/me/settings/check-in', user, {
    enabled_trackers: ['mood'], selected_sports: ['dumbbell', 'bike', 'mountain', 'footprints', 'waves_ladder'],
  })).status).toBe(200)
  await page.goto(`${b.origin}/check-in?date=${today}`)
  await page.getByRole('group', { name: 'Mood' }).waitFor()
  await expectCount(page.getByRole('group', { name: 'Sport', exact: true }), 0)
  expect((await entryOf(b, user, today)).sport_ids).toEqual([climbing])
  expectClean()
})

test('a sport the API refuses (deleted meanwhile) is told at the sports and taken back with the next tap', async () => {
  const user = await createUser(b.t, { name: 'Dora' })
  const climbing = (await b.api('POST', '/sports', user, { name: 'Climbing' })).body.data.id as number
  const day = addDays(todayIn('UTC'), -3)
  const { page, expectClean } = await b.openWithToken(user, `/check-in?date=${day}`)
  const group = page.getByRole('group', { name: 'Sport', exact: true })
  await group.getByRole('checkbox', { name: 'Climbing' }).waitFor()
  expect((await b.api('DELETE', `/sports/${climbing}`, user)).status).toBe(200)

  await group.getByRole('checkbox', { name: 'Cycling' }).check()
  await page.getByRole('status').filter({ hasText: /saved\.$/ }).waitFor()
  await group.getByRole('checkbox', { name: 'Climbing' }).check()
  await page.getByRole('alert').filter({ hasText: 'Not saved.' }).waitFor()
  await group.getByText('Sport is not one of the choices.').waitFor()
  expect(await group.getByRole('checkbox', { name: 'Climbing' }).getAttribute('aria-invalid')).toBe('true')
  expect((await entryOf(b, user, day)).sport_ids).toEqual([2])

  // Unticked, the day's list is the stored one again and goes through.
  await group.getByRole('checkbox', { name: 'Climbing' }).uncheck()
  await page.getByRole('status').filter({ hasText: /saved\.$/ }).waitFor()
  await expectCount(group.getByText('Sport is not one of the choices.'), 0)
  expect((await entryOf(b, user, day)).sport_ids).toEqual([2])
  expectClean()
})
