/**
 * Sharing with friends in a real browser against the real server (docs/api/users.md §5.1): Ada shares trackers and
 * her check-in streak through the API, Bob, her friend, sees them on her page in his own browser — yes/no cells, a
 * scale's numbers with its end words, a number with its unit — while Ada's browser shows that Bob shares nothing;
 * after Ada un-shares, a reload shows nothing shared. A 360 px phone in German and dark mode, with the plurals.
 */
import { expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser, type TestUser } from '../helpers/fixtures'
import { expectAccessible, useBrowserApp } from './harness'

const b = useBrowserApp()
const api = b.api

async function person(name: string, email: string): Promise<TestUser> {
  const user = await createUser(b.t, { name, email })
  await b.onboard(user)
  return user
}

async function befriend(from: TestUser, to: TestUser) {
  const sent = await api('POST', '/friends/requests', from, { receiver_id: to.id })
  expect(sent.status).toBe(200)
  expect((await api('PUT', `/friends/requests/${sent.body.data.id}/accept`, to)).status).toBe(200)
}

async function tracker(user: TestUser, body: Record<string, unknown>): Promise<number | string> {
  const r = await api('POST', '/trackers', user, body)
  expect(r.status).toBe(201)
  return r.body.data.id
}

async function checkIn(user: TestUser, date: string, body: Record<string, unknown>) {
  expect((await api('POST', '/check-in', user, { date, ...body })).status).toBe(201)
}

async function shareStreak(user: TestUser, shared: boolean) {
  expect((await api('PUT', '/streaks/rules', user, { shared })).status).toBe(200)
}

/** The date `n` days before today (UTC: the users' zone and the server's clock here), and as the pages show it. */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)
const shown = (date: string) => date.split('-').reverse().join('.')
const fitsPhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

test('Bob sees what Ada shares: her streak and each shared tracker’s 30 days; after she un-shares, a reload shows nothing', async () => {
  const ada = await person('Ada Lovelace', 'ada@sharing.test')
  const bob = await person('Bob Babbage', 'bob@sharing.test')
  await befriend(ada, bob)
  const energy = await tracker(ada, { name: 'Energy', kind: 'scale', emoji: '⚡', min: 1, max: 5, min_label: 'drained', max_label: 'buzzing', shared: true })
  const gym = await tracker(ada, { name: 'Gym', kind: 'yesno', shared: true })
  const weight = await tracker(ada, { name: 'Weight', kind: 'number', unit: 'kg', decimals: 1, shared: true })
  const secret = await tracker(ada, { name: 'Secret score', kind: 'scale' })
  await checkIn(ada, daysAgo(2), { values: { [energy]: 3, [gym]: true, [weight]: 61.5, [secret]: 2 }, note: 'not for Bob' })
  await checkIn(ada, daysAgo(1), { values: { [gym]: false } })
  await checkIn(ada, daysAgo(0), { values: { [energy]: 5, [weight]: 61 } })
  await shareStreak(ada, true)

  // Ada's browser: Bob shares nothing with her.
  const A = await b.openWithToken(ada, `/friends/${bob.id}`)
  await A.page.getByRole('region', { name: 'Shared with you' })
    .getByText('Bob Babbage shares nothing with you yet. What they choose to share will appear here.').waitFor()

  // Bob's browser: Ada's streak and her three shared trackers, never the fourth, nor her note.
  const B = await b.openWithToken(bob, `/friends/${ada.id}`)
  const shared = B.page.getByRole('region', { name: 'Shared with you' })
  await shared.getByRole('heading', { name: 'Check-in streak' }).waitFor()
  await shared.getByText('3 days in a row', { exact: true }).waitFor()
  await shared.getByText('Longest: 3 days.').waitFor()
  await shared.getByText(`The last 30 days of their calendar, ${shown(daysAgo(29))} to ${shown(daysAgo(0))}.`).waitFor()
  expect(await shared.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Check-in streak', '⚡ Energy', 'Gym', 'Weight'])
  expect(await shared.textContent()).not.toContain('Secret score')
  expect(await shared.textContent()).not.toContain('not for Bob')

  // A scale: its numbers in the cells, its end words in the legend, 30 days of cells.
  const energyFigure = shared.getByRole('figure', { name: 'Energy' })
  await energyFigure.getByText('Average 4, from 2 days.').waitFor()
  const energyDays = energyFigure.getByRole('list', { name: 'Energy, day by day' }).getByRole('listitem')
  expect(await energyDays.count()).toBe(30)
  expect(await energyDays.last().textContent()).toBe(`${shown(daysAgo(0))}: 5 (buzzing)5`)
  expect(await energyDays.nth(27).getAttribute('title')).toBe(`${shown(daysAgo(2))}: 3`)
  expect(await energyDays.nth(28).getAttribute('title')).toBe(`${shown(daysAgo(1))}: Not recorded`)
  expect(await energyFigure.getByRole('list', { name: 'Legend' }).getByRole('listitem').allTextContents()).toEqual(['1drained', '5buzzing', 'Not recorded'])

  // A yes/no: filled and empty cells, said in words.
  const gymFigure = shared.getByRole('figure', { name: 'Gym' })
  await gymFigure.getByText('Yes on 1 day of these 30.').waitFor()
  const gymDays = gymFigure.getByRole('list', { name: 'Gym, day by day' }).getByRole('listitem')
  expect(await gymDays.nth(27).getAttribute('class')).toContain('day-yes')
  expect(await gymDays.nth(28).getAttribute('class')).toContain('day-no')
  expect(await gymDays.nth(29).getAttribute('class')).toContain('day-none')
  expect(await gymDays.nth(28).textContent()).toBe(`${shown(daysAgo(1))}: No`)

  // A number: its values with their unit and decimals, a line drawn, every value behind a disclosure.
  const weightFigure = shared.getByRole('figure', { name: 'Weight' })
  await weightFigure.getByText(`Latest 61.0 kg on ${shown(daysAgo(0))}. Lowest 61.0 kg, highest 61.5 kg.`).waitFor()
  expect(await weightFigure.locator('svg.sparkline .sparkline-dot').count()).toBe(2)
  await weightFigure.getByText('Every value').click()
  expect(await weightFigure.getByRole('group').getByRole('listitem').allTextContents())
    .toEqual([`${shown(daysAgo(2))}: 61.5 kg`, `${shown(daysAgo(0))}: 61.0 kg`])
  await expectAccessible(B.page)
  await b.screenshot(B.page, 'friend-shares')

  // Ada un-shares one tracker: the next load leaves it out.
  expect((await api('PATCH', `/trackers/${gym}`, ada, { shared: false })).status).toBe(200)
  await B.page.reload()
  await shared.getByRole('figure', { name: 'Energy' }).waitFor()
  expect(await shared.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Check-in streak', '⚡ Energy', 'Weight'])

  // Then everything: a reload shows nothing shared.
  for (const id of [energy, weight]) expect((await api('PATCH', `/trackers/${id}`, ada, { shared: false })).status).toBe(200)
  await shareStreak(ada, false)
  await B.page.reload()
  await shared.getByText('Ada Lovelace shares nothing with you yet. What they choose to share will appear here.').waitFor()
  expect(await shared.getByRole('heading', { level: 3 }).count()).toBe(0)
  await expectAccessible(B.page)
  A.expectClean()
  B.expectClean()
})

test('on a 360 px phone, in German and dark mode: the cells fit, the plurals are German, axe finds nothing', async () => {
  const ada = await person('Ada Lovelace', 'ada@phone-sharing.test')
  const bob = await person('Bob Babbage', 'bob@phone-sharing.test')
  expect((await api('PUT', '/users/me/settings/language', bob, { language: 'de' })).status).toBe(200)
  await befriend(bob, ada)
  const mood = await tracker(ada, { name: 'Laune', kind: 'scale', min: 0, max: 10, min_label: 'mies', max_label: 'super', shared: true })
  const walk = await tracker(ada, { name: 'Spaziergang', kind: 'yesno', shared: true })
  const steps = await tracker(ada, { name: 'Schritte', kind: 'number', unit: 'Schritte', shared: true })
  for (const n of [0, 3, 4, 5]) await checkIn(ada, daysAgo(n), { values: { [mood]: 10 - n, [walk]: n % 2 === 0, [steps]: 4000 + n * 1500 } })
  await shareStreak(ada, true)

  const { page, expectClean } = await b.openWithToken(bob, `/friends/${ada.id}`, { phone: true, colorScheme: 'dark' })
  const shared = page.getByRole('region', { name: 'Mit dir geteilt' })
  await shared.getByText('1 Tag in Folge', { exact: true }).waitFor()
  await shared.getByText('Längste: 3 Tage.').waitFor()
  await shared.getByRole('figure', { name: 'Spaziergang' }).getByText('Ja an 2 Tagen von diesen 30.').waitFor()
  await shared.getByRole('figure', { name: 'Laune' }).getByText('Durchschnitt 7, aus 4 Tagen.').waitFor()
  await shared.getByRole('figure', { name: 'Schritte' }).getByText(`Zuletzt 4.000 Schritte am ${shown(daysAgo(0))}. Niedrigster Wert 4.000 Schritte, höchster 11.500 Schritte.`).waitFor()
  expect(await fitsPhone(page)).toBeLessThanOrEqual(360)
  // Ten cells a row, each within the card.
  const cells = shared.getByRole('list', { name: 'Laune, Tag für Tag' }).getByRole('listitem')
  const [first, tenth, eleventh] = await Promise.all([0, 9, 10].map((i) => cells.nth(i).boundingBox()))
  expect(tenth!.y).toBe(first!.y)
  expect(eleventh!.y).toBeGreaterThan(first!.y)
  await expectAccessible(page)
  await b.screenshot(page, 'friend-shares-phone')
  expectClean()
})
