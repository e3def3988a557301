/**
 * One's own trackers on the history page, in a real browser against the real server: after the built-in charts a
 * card per tracker not archived, in the person's order — a scale as a line with its end words, a number as a line
 * whose readings carry its decimals and unit, a yes/no as a calendar of the period whose cells (and the table for
 * screen readers) count its yes and no days — then the days of each activity; a tracker never filled in says so.
 * On a desktop in light, and a 360 px phone in German and dark mode, with axe.
 */
import { beforeAll, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser, type TestUser } from '../helpers/fixtures'
import { formatDay, todayIn } from '../../src/web/lib/format'
import { addDays } from '../../src/web/pages/check-in/trackers'
import { postCheckIn } from './diary'
import { expectAccessible, expectCount, useBrowserApp } from './harness'

const b = useBrowserApp()
const DATE_FORMAT = 'dd.mm.YYYY'
const DAYS = 28

async function created(user: TestUser, path: string, body: Record<string, unknown>): Promise<number> {
  const response = await b.api('POST', path, user, body)
  expect(response.status).toBe(201)
  return response.body.data.id
}

/**
 * Four weeks of a diary, `back` days before today: no entry every seventh day; energy (1–5) on three days of four,
 * the weight (in half kilos) and the gym (yes, no, nothing in turn) by threes, reading every other day, family
 * every fourth.
 */
const diary = {
  entry: (back: number) => back % 7 !== 5,
  energy: (back: number) => (back % 4 === 3 ? null : 1 + (back % 5)),
  weight: (back: number) => (back % 3 === 2 ? null : 70 + (back % 6) * 0.5),
  gym: (back: number) => (back % 3 === 0 ? true : back % 3 === 1 ? false : null),
  reading: (back: number) => back % 2 === 0,
  family: (back: number) => back % 4 === 1,
}
const days = Array.from({ length: DAYS }, (_, back) => back).filter(diary.entry)
const count = (test: (back: number) => boolean) => days.filter(test).length

let user: TestUser
let today: string
beforeAll(async () => {
  user = await createUser(b.t, { name: 'Ada', timezone: 'Europe/Berlin' })
  await b.onboard(user)
  today = todayIn('Europe/Berlin')
  const energy = await created(user, '/trackers', { name: 'Energy', kind: 'scale', emoji: '⚡', min: 1, max: 5, min_label: 'drained', max_label: 'buzzing' })
  const weight = await created(user, '/trackers', { name: 'Weight', kind: 'number', unit: 'kg', min: 30, max: 250, decimals: 1 })
  const gym = await created(user, '/trackers', { name: 'Gym', kind: 'yesno' })
  const old = await created(user, '/trackers', { name: 'Old habit', kind: 'yesno' })
  await created(user, '/trackers', { name: 'Glasses', kind: 'number' })
  const reading = await created(user, '/activities', { name: 'Reading' })
  const family = await created(user, '/activities', { name: 'Family', group: 'People' })
  for (const back of days) {
    const values = { [energy]: diary.energy(back), [weight]: diary.weight(back), [gym]: diary.gym(back), [old]: true }
    const activities = [...(diary.reading(back) ? [reading] : []), ...(diary.family(back) ? [family] : [])]
    expect((await postCheckIn(b.t, user, { date: addDays(today, -back), mood: 3, values, activities })).status).toBe(201)
  }
  // Archived with its values kept: the history leaves it out all the same.
  expect((await b.api('PATCH', `/trackers/${old}`, user, { archived: true })).status).toBe(200)
})

const day = (back: number) => formatDay(addDays(today, -back), DATE_FORMAT)

/** The table for screen readers: its column headers, and per row the cells' words ("no value" for a dash). */
async function readTable(page: Page): Promise<{ headers: string[]; rows: string[][] }> {
  await page.locator('.data-table summary').click()
  const table = page.locator('.data-table table')
  await table.waitFor()
  return table.evaluate((el) => ({
    headers: Array.from(el.querySelectorAll('thead th'), (th) => th.textContent!),
    rows: Array.from(el.querySelectorAll('tbody tr'), (tr) => Array.from(tr.children, (cell) =>
      cell.querySelector('.visually-hidden')?.textContent ?? cell.textContent!)),
  }))
}

test('a card per own tracker not archived after the built-in charts: axis words, units, yes/no days and activities counted', async () => {
  const { page, expectClean } = await b.openWithToken(user, '/history')
  const energy = page.getByRole('figure', { name: 'Energy' })
  await energy.locator('.chart canvas').waitFor()

  // After the built-in cards, one's own in their order (the archived one left out), then the activities.
  const cards = await page.locator('.charts > figure h3').allTextContents()
  expect(cards.slice(-5)).toEqual(['⚡ Energy', 'Weight', 'Gym', 'Glasses', 'Activities'])
  expect(cards.indexOf('Mood')).toBe(0)
  await expectCount(page.getByRole('figure', { name: 'Old habit' }), 0)

  // The scale on its own range with its end words; the number's average in its unit.
  await energy.getByText('1 = drained · 5 = buzzing', { exact: true }).waitFor()
  await energy.getByText(`values on ${days.filter((back) => diary.energy(back) !== null).length} of 30 days`, { exact: false }).waitFor()
  const weight = page.getByRole('figure', { name: 'Weight' })
  const weights = days.map(diary.weight).filter((w): w is number => w !== null)
  const average = weights.reduce((a, w) => a + w, 0) / weights.length
  await weight.getByText(`Average ${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(average)} kg · values on ${weights.length} of 30 days`, { exact: true }).waitFor()
  // A tracker never filled in says so, and keeps its chart's box.
  const glasses = page.getByRole('figure', { name: 'Glasses' })
  await glasses.getByText('No values yet for Glasses.', { exact: true }).waitFor()
  await glasses.locator('.chart canvas').waitFor()

  // The pointer and the keys read a value with the tracker's decimals and unit.
  const reading = weight.locator('.chart-reading')
  await weight.scrollIntoViewIfNeeded()
  const plot = (await weight.locator('.u-over').boundingBox())!
  await page.mouse.move(plot.x + plot.width - 2, plot.y + plot.height / 2)
  await expect(reading.textContent()).resolves.toBe(`${day(0)}: Weight 70.0 kg`)
  await page.mouse.move(1, 1)
  await weight.getByRole('group', { name: /^Weight\. The arrow keys/ }).focus()
  await expect(reading.textContent()).resolves.toBe(`${day(0)}: Weight 70.0 kg`)
  await page.keyboard.press('ArrowLeft')
  await expect(reading.textContent()).resolves.toBe(`${day(1)}: Weight 70.5 kg`)
  await page.keyboard.press('ArrowLeft')
  await expect(reading.textContent()).resolves.toBe(`${day(2)}: no value`)
  await energy.getByRole('group', { name: /^Energy\. The arrow keys/ }).focus()
  await expect(energy.locator('.chart-reading').textContent()).resolves.toBe(`${day(0)}: Energy 1 (drained)`)

  // The yes/no as a calendar of the 30 days: each day's cell named by its answer, counted in the summary.
  const gym = page.getByRole('figure', { name: 'Gym' })
  const yes = count((back) => diary.gym(back) === true)
  const no = count((back) => diary.gym(back) === false)
  await gym.getByText(`Yes on ${yes}, no on ${no} of 30 days`, { exact: true }).waitFor()
  await expectCount(gym.getByRole('img'), 30)
  await expectCount(gym.getByRole('img', { name: /: yes$/ }), yes)
  await expectCount(gym.getByRole('img', { name: /: no$/ }), no)
  await expectCount(gym.getByRole('img', { name: /: no entry$/ }), 30 - days.length)
  await gym.getByRole('img', { name: `${day(0)}: yes` }).waitFor()
  expect(await gym.getByRole('list', { name: 'Legend' }).getByRole('listitem').allTextContents()).toEqual(['yes', 'no', 'nothing recorded'])

  // Activities: the days with each over the period.
  const activities = page.getByRole('figure', { name: 'Activities' })
  await activities.getByText(`Reading: ${count(diary.reading)} days`, { exact: true }).waitFor()
  await activities.getByText(`Family: ${count(diary.family)} days`, { exact: true }).waitFor()
  await activities.getByText(`Activities on ${count((back) => diary.reading(back) || diary.family(back))} of 30 days`, { exact: true }).waitFor()

  // The table for screen readers has a column per own tracker, in words, and counts the same yes and no days.
  const { headers, rows } = await readTable(page)
  expect(headers.slice(-4)).toEqual(['Energy', 'Weight', 'Gym', 'Glasses'])
  expect(headers).not.toContain('Old habit')
  expect(rows).toHaveLength(30)
  expect(rows[0]!.slice(-4)).toEqual(['1 (drained)', '70.0 kg', 'yes', 'no value'])
  const gymColumn = rows.filter((row) => row.length === headers.length).map((row) => row[headers.indexOf('Gym')])
  expect(gymColumn.filter((cell) => cell === 'yes')).toHaveLength(yes)
  expect(gymColumn.filter((cell) => cell === 'no')).toHaveLength(no)
  expect(rows.filter((row) => row.length === 2 && row[1] === 'no entry')).toHaveLength(30 - days.length)

  await expectAccessible(page)

  // A year: the calendar of the yes/no takes the row's whole width, a cell per day.
  await page.getByRole('radio', { name: '1 year' }).check()
  await expectCount(gym.getByRole('img'), 365)
  await gym.getByText(`Yes on ${yes}, no on ${no} of 365 days`, { exact: true }).waitFor()
  const [card, row] = [(await gym.boundingBox())!, (await page.locator('.charts').boundingBox())!]
  expect(card.width).toBeGreaterThan(row.width - 2)
  await b.screenshot(page, 'history-own-trackers')
  expectClean()
})

test('on a 360 px phone in German and dark mode: the cards in German words, no sideways scroll, accessible', async () => {
  expect((await b.api('PUT', '/users/me/settings/language', user, { language: 'de' })).status).toBe(200)
  try {
    const { page, expectClean } = await b.openWithToken(user, '/history', { phone: true, colorScheme: 'dark' })
    const weight = page.getByRole('figure', { name: 'Weight' })
    await weight.locator('.chart canvas').waitFor()
    await weight.getByText(/^Durchschnitt \d+,\d+ kg · Werte an \d+ von 30 Tagen$/).waitFor()
    await weight.getByRole('group', { name: /^Weight\. Die Pfeiltasten/ }).focus()
    await expect(weight.locator('.chart-reading').textContent()).resolves.toBe(`${day(0)}: Weight 70,0 kg`)
    const gym = page.getByRole('figure', { name: 'Gym' })
    const [yes, no] = [count((back) => diary.gym(back) === true), count((back) => diary.gym(back) === false)]
    await gym.getByText(`Ja an ${yes}, nein an ${no} von 30 Tagen`, { exact: true }).waitFor()
    await expectCount(gym.getByRole('img', { name: /: ja$/ }), yes)
    await page.getByRole('figure', { name: 'Energy' }).getByText('1 = drained · 5 = buzzing', { exact: true }).waitFor()
    await page.getByRole('figure', { name: 'Glasses' }).getByText('Noch keine Werte für Glasses.', { exact: true }).waitFor()
    await page.getByRole('figure', { name: 'Aktivitäten' }).getByText(`Reading: ${count(diary.reading)} Tage`, { exact: true }).waitFor()
    const { headers, rows } = await readTable(page)
    expect(rows[0]!.slice(-4)).toEqual(['1 (drained)', '70,0 kg', 'ja', 'kein Wert'])
    expect(headers.slice(-4)).toEqual(['Energy', 'Weight', 'Gym', 'Glasses'])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await expectAccessible(page)
    await b.screenshot(page, 'history-own-trackers-phone')
    expectClean()
  } finally {
    expect((await b.api('PUT', '/users/me/settings/language', user, { language: 'en' })).status).toBe(200)
  }
})
