/**
 * The history page does not move while it loads. Chromium's Layout Instability API reports every shift of
 * already painted content; the test adds them up the way Cumulative Layout Shift is defined (session windows of
 * shifts less than 1 s apart and at most 5 s long, the largest window counts; shifts right after input are left
 * out) and holds the page to the "good" limit of 0.1 — on a desktop and a 360 px phone, light and dark, with a
 * year of check-ins and one's own trackers (a scale, a number, a yes/no) and activities filled in on recent days. Every request of the page is held back a while by the browser (playwright's routing, not
 * our code), so each loading state is painted before the next answer replaces it; the year of entries longer,
 * like a big read on a slow line, so the page sits a while with all but them.
 */
import { beforeAll, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser, type TestUser } from '../helpers/fixtures'
import { expectCount, useBrowserApp } from './harness'
import { postCheckIn, seedYear } from './diary'
import { todayIn } from '../../src/web/lib/format'
import { addDays } from '../../src/web/pages/check-in/trackers'

const b = useBrowserApp()
const GOOD_CLS = 0.1
/** Long enough for every loading state to be painted (a frame is 16 ms), short enough to keep the test quick. */
const HOLD_MS = 300
const ENTRIES_HOLD_MS = 3 * HOLD_MS

/** A scale, a number and a yes/no of one's own and an activity, filled in on the last three weeks. */
async function addOwnTrackers(user: TestUser, today: string): Promise<void> {
  const create = async (path: string, body: Record<string, unknown>): Promise<number> => {
    const response = await b.api('POST', path, user, body)
    expect(response.status).toBe(201)
    return response.body.data.id
  }
  const energy = await create('/trackers', { name: 'Energy', kind: 'scale', min: 0, max: 10, min_label: 'empty', max_label: 'full' })
  const weight = await create('/trackers', { name: 'Weight', kind: 'number', unit: 'kg', decimals: 1 })
  const gym = await create('/trackers', { name: 'Gym', kind: 'yesno' })
  const reading = await create('/activities', { name: 'Reading' })
  // Beside the built-in values those days may already have (a key not sent keeps its value).
  const posts = Array.from({ length: 21 }, (_, back) => postCheckIn(b.t, user, {
    date: addDays(today, -back), values: { [energy]: back % 11, [weight]: 70 + back / 10, [gym]: back % 3 === 0 }, activities: back % 2 ? [reading] : [],
  }))
  for (const response of await Promise.all(posts)) expect(response.status).toBe(201)
}

/**
 * Ada: a year of the default trackers and her own trackers after them (below the first screen, where a shift
 * would not count). Bea: mood alone and her own trackers, so that they, the table and the calendar load in sight.
 */
let ada: TestUser
let bea: TestUser
beforeAll(async () => {
  const today = todayIn('Europe/Berlin')
  ada = await createUser(b.t, { name: 'Ada', timezone: 'Europe/Berlin' })
  await b.onboard(ada)
  expect(await seedYear(b.t, ada, today)).toBeGreaterThan(100)
  await addOwnTrackers(ada, today)
  bea = await createUser(b.t, { name: 'Bea', timezone: 'Europe/Berlin' })
  await b.onboard(bea)
  expect((await b.api('PUT', '/users/me/settings/check-in', bea, {
    enabled_trackers: ['mood'], selected_sports: ['dumbbell', 'bike', 'mountain', 'footprints', 'waves_ladder'],
  })).status).toBe(200)
  expect(await seedYear(b.t, bea, today)).toBeGreaterThan(100)
  await addOwnTrackers(bea, today)
})

interface Shift { value: number; startTime: number; sources: string[] }

/** Collects the page's layout shifts from its navigation on, in every document the page loads from now. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: unknown[] = []
    Object.assign(window, { layoutShifts: shifts })
    const describe = (node: Node | null) => node instanceof Element
      ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${Array.from(node.classList, (c) => `.${c}`).join('')}`
      : String(node?.nodeName)
    type LayoutShift = PerformanceEntry & {
      value: number; hadRecentInput: boolean
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
    }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        if (entry.hadRecentInput) continue
        shifts.push({
          value: entry.value, startTime: entry.startTime,
          sources: entry.sources.map((s) => `${describe(s.node)} y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} `
            + `x ${Math.round(s.previousRect.x)}→${Math.round(s.currentRect.x)} h ${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)}`),
        })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

/** CLS of the shifts: the largest sum over a session window (gaps under 1 s, at most 5 s from its first shift). */
function cumulativeLayoutShift(shifts: Shift[]): number {
  let largest = 0
  let sum = 0
  let first = -Infinity
  let previous = -Infinity
  for (const shift of [...shifts].sort((a, b) => a.startTime - b.startTime)) {
    if (shift.startTime - previous >= 1000 || shift.startTime - first > 5000) {
      sum = 0
      first = shift.startTime
    }
    sum += shift.value
    previous = shift.startTime
    largest = Math.max(largest, sum)
  }
  return largest
}

/** The history page's load as `user`, who has `ratings` built-in rating trackers shown and the own ones above. */
async function historyLoad(user: TestUser, ratings: number, options: { phone?: boolean; colorScheme: 'light' | 'dark' }) {
  const watched = await b.open('/signin', options)
  const { page } = watched
  await page.evaluate((token) => localStorage.setItem('daybook.token', token), user.token)
  await recordShifts(page)
  await page.route(`${b.origin}/**`, async (route) => {
    await Bun.sleep(new URL(route.request().url()).pathname === '/api/v1/check-in' ? ENTRIES_HOLD_MS : HOLD_MS)
    await route.continue()
  })
  await page.goto(`${b.origin}/history`, { waitUntil: 'commit' })
  // Loaded: a chart per enabled rating tracker and own scale or number drawn, the yes/no's 30 days and the
  // year's calendar filled in, the activity counted.
  await expectCount(page.locator('.chart canvas'), ratings + 2)
  await expectCount(page.getByRole('figure', { name: 'Gym' }).locator('.hm-cell[role=img]'), 30)
  await expectCount(page.locator('.heat-map').last().locator('.hm-cell[role=img]'), 365)
  await page.getByRole('figure', { name: 'Activities' }).getByText(/^Reading: \d+ days$/).waitFor()
  await page.getByRole('radio', { name: '30 days' }).waitFor()
  await page.unroute(`${b.origin}/**`)
  // The observer reports after the frame a shift happened in: two more frames and everything is in.
  const shifts = await page.evaluate(() => new Promise<Shift[]>((done) =>
    requestAnimationFrame(() => requestAnimationFrame(() => done((window as unknown as { layoutShifts: Shift[] }).layoutShifts)))))
  return { ...watched, shifts, cls: cumulativeLayoutShift(shifts) }
}

async function expectStill(user: TestUser, ratings: number, options: { phone: boolean; colorScheme: 'light' | 'dark' }) {
  const { cls, shifts, expectClean } = await historyLoad(user, ratings, options)
  console.log(`history CLS, ${user.name}, ${options.phone ? 'phone' : 'desktop'} ${options.colorScheme}: ${cls.toFixed(3)}`
    + shifts.map((s) => `\n  ${s.startTime.toFixed(0)} ms ${s.value.toFixed(4)}: ${s.sources.join('; ')}`).join(''))
  expect(cls).toBeLessThanOrEqual(GOOD_CLS)
  expectClean()
}

for (const phone of [false, true]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the history page loads without moving (CLS ≤ ${GOOD_CLS}) on a ${phone ? '360 px phone' : 'desktop'}, ${colorScheme}`, async () => {
      await expectStill(ada, 7, { phone, colorScheme })
    })
  }
}

test(`one's own trackers, the table and the calendar load in sight without moving (CLS ≤ ${GOOD_CLS}), desktop and phone`, async () => {
  await expectStill(bea, 1, { phone: false, colorScheme: 'light' })
  await expectStill(bea, 1, { phone: true, colorScheme: 'dark' })
})
