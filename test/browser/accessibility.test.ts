/**
 * An automated accessibility audit (axe-core: WCAG 2.0/2.1 A and AA, colour contrast among them, plus the
 * landmark and heading rules) of every page of the app with realistic data: signed out and signed in, in light
 * and dark on a desktop, the main pages on a 360 px phone with the menu open, and the states that show more UI
 * (a refused sign-in, field errors, a sent notice, in-page delete questions, quick add's detection card while
 * current and while outdated, its question before saving a guess, the history's table).
 * Each pass is in another language, since a control's name must contain its visible words in every one of them;
 * so the locators here are the pages' structure, not their English words.
 */
import { beforeAll, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser, PASSWORD, type TestUser } from '../helpers/fixtures'
import { png } from '../users/images'
import { runJob, startExport } from '../export/helpers'
import { exportAll, importArchive } from '../import/helpers'
import { backupsSettled } from '../../src/features/backups/background'
import { todayIn } from '../../src/web/lib/format'
import type { Lang } from '../../src/web/lib/i18n'
import { common } from '../../src/web/components/strings'
import { LIBRARIES, typeNames } from '../../src/web/pages/libraries/names'
import { addDays } from '../../src/web/pages/check-in/trackers'
import { expectAccessible, signInThroughPage, useBrowserApp } from './harness'

const b = useBrowserApp()
const TIMEZONE = 'Europe/Berlin'

let sam: TestUser
let bob: TestUser
/** A real link of the password-reset mail (Bob's), read once. */
let resetLink = ''

const api = async (user: TestUser, method: string, path: string, body?: unknown) => {
  const response = await b.t.request(method, `/api/v1${path}`, { token: user.token, body })
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`)
  return response.body?.data
}

const commit = (user: TestUser, content: string, content_type: string, metadata?: Record<string, unknown>) =>
  api(user, 'POST', '/dashboard/quick-add/commit', { content, content_type, metadata })

async function uploadImage(user: TestUser, path: string, field: string, width: number, height: number) {
  const form = new FormData()
  form.append(field, new Blob([png(width, height)], { type: 'image/png' }), 'image.png')
  await api(user, 'POST', path, form)
}

/** Four weeks of check-ins with a few days left out, values drifting like moods do (the same on every run). */
async function seedCheckIns(user: TestUser) {
  const today = todayIn(TIMEZONE)
  let seed = 11
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
  const level = () => 1 + Math.floor(random() * 5)
  const posts: Promise<unknown>[] = []
  for (let back = 27; back >= 0; back -= 1) {
    if (random() < 0.15) continue
    posts.push(api(user, 'POST', '/check-in', {
      date: addDays(today, -back), mood: level(), sleep: level(), water: level(), food_quality: level(), food_amount: level(),
      work: level(), dreams: random() < 0.3 ? null : level(), sports: random() < 0.5 ? null : level(),
    }))
  }
  await Promise.all(posts)
}

beforeAll(async () => {
  sam = await createUser(b.t, { name: 'Sam Okafor', email: 'sam@a11y.test', role: 'super_admin', timezone: TIMEZONE })
  bob = await createUser(b.t, { name: 'Bob Babbage', email: 'bob@a11y.test', timezone: TIMEZONE })
  const carol = await createUser(b.t, { name: 'Carol Reyes', email: 'carol@a11y.test' })
  const dana = await createUser(b.t, { name: 'Dana Whitfield', email: 'dana@a11y.test' })
  await createUser(b.t, { name: 'Erin Unverified', email: 'erin@a11y.test', verified: false })

  await seedCheckIns(sam)
  for (const content of ['Door code 4711', 'Flight LH 454 departs 10:40 from gate B22', 'Shopping: oat milk, lemons, basil']) {
    await api(sam, 'POST', '/clipboard', { content })
  }
  await uploadImage(sam, '/clipboard/image', 'image', 320, 120)
  await commit(sam, 'https://www.goodreads.com/book/show/44767458', 'books', { title: 'Dune', author: 'Frank Herbert', pages: 688, publication_year: 1965 })
  await commit(sam, 'https://www.imdb.com/title/tt0133093/', 'movies', { title: 'The Matrix', publication_year: 1999 })
  await commit(sam, 'Water the plants due:tomorrow repeat:weekly #home', 'todo')
  await commit(sam, 'Renew passport due:2020-01-31', 'todo')
  await commit(sam, 'Stay hungry, stay foolish.', 'quotes', { author: 'Steve Jobs' })
  await commit(sam, 'Ideas for the weekend: lake, museum, the new bakery', 'note')
  // Titles given, so the server fetches no page for the links.
  await commit(sam, 'Kind of Blue', 'music', { artist: 'Miles Davis', publication_year: 1959 })
  await commit(sam, 'https://store.steampowered.com/app/413150/', 'games', { title: 'Stardew Valley', developer: 'ConcernedApe', publication_year: 2016 })
  await commit(sam, 'Shakshuka', 'recipes', { description: 'Eggs poached in a spiced tomato and pepper sauce.' })
  await commit(sam, 'https://example.org/garden', 'links', { title: 'Planning a vegetable garden', tags: ['garden'], is_favorite: true })
  await commit(sam, 'https://example.org/feed.xml', 'feed', { title: 'The example blog', site_url: 'https://example.org/' })
  await commit(sam, 'Monstera', 'plants', { latin_name: 'Monstera deliciosa', location: 'indoor', sunlight: 'indirect' })

  await uploadImage(bob, '/users/me/profile-image', 'image', 64, 64)
  const request = await api(bob, 'POST', '/friends/requests', { receiver_id: sam.id })
  await api(sam, 'PUT', `/friends/requests/${request.id}/accept`)
  await api(carol, 'POST', '/friends/requests', { receiver_id: sam.id })
  await api(sam, 'POST', '/friends/requests', { receiver_id: dana.id })

  await api(sam, 'POST', '/notifications/channels', { type: 'email' })
  await api(sam, 'POST', '/admin/backups')
  // Finished here, not raced: the backups page is audited with the archive listed.
  await backupsSettled(b.t.deps)
  // Carol's export imported into Sam's account (the import page shows its counts), then Sam's own export made.
  await importArchive(b.t, sam, await exportAll(b.t, carol), undefined, 'include')
  await startExport(b.t, sam)
  await runJob(b.t)
})

/** The page has drawn its data: its heading is there, nothing is loading, every image has arrived. */
async function settled(page: Page) {
  await page.locator('h1').first().waitFor()
  await page.waitForFunction(() => !document.querySelector('.loading, .boot, .detecting')
    && Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0))
}

async function audit(page: Page) {
  await settled(page)
  await expectAccessible(page)
}

/** Opens `path`, waits for what shows its data (`ready`, a selector), and audits it. */
async function visit(page: Page, path: string, ready?: string) {
  await page.goto(`${b.origin}${path}`)
  if (ready) await page.locator(ready).first().waitFor()
  await audit(page)
}

/** Opens the in-page question of the first delete button in `scope`, and audits the page with it. */
async function auditDeleteQuestion(page: Page, scope: string) {
  await page.locator(`${scope} button.danger`).first().click()
  await page.locator(`${scope} .confirm`).waitFor()
  await audit(page)
}

/** The signed-out pages and their states, then signing in on the sign-in page. */
async function signedOutPages(page: Page) {
  await audit(page)
  // A refused sign-in (an address nobody has: the attempts of Sam's account stay for the real sign-ins).
  await page.locator('input[type=email]').fill('nobody@a11y.test')
  await page.locator('input[type=password]').fill('not the password')
  await page.locator('form button[type=submit]').click()
  await page.locator('[role=alert]').waitFor()
  await audit(page)

  await visit(page, '/register')
  await page.locator('form button[type=submit]').click()
  await page.locator('.field-error').first().waitFor()
  await audit(page)

  await visit(page, '/forgot-password')
  await page.locator('input[type=email]').fill('nobody@a11y.test')
  await page.locator('form button[type=submit]').click()
  await page.locator('.notice-success').waitFor()
  await audit(page)
  await visit(page, resetLink.replace(b.origin, ''), 'input[type=password]')
  await visit(page, '/auth/verify/0197a1b2-6c1e-7d3a-9f42-1b2c3d4e5f60/made-up-token', '[role=alert]')

  await page.goto(`${b.origin}/signin`)
  await signInThroughPage(page, sam.email, PASSWORD)
}

/** Every page a signed-in super admin can open, with the states that show more UI. */
async function signedInPages(page: Page, lang: Lang) {
  await visit(page, '/', 'section[aria-labelledby=today-clipboard] li')
  await visit(page, '/check-in', 'fieldset.tracker')
  await visit(page, '/history', '.chart canvas')
  await page.locator('.data-table summary').click()
  await page.locator('.table-scroll table').waitFor()
  await audit(page)

  // Quick add: what it recognised, then the question before saving a guess it is unsure of.
  await visit(page, '/quick-add')
  const input = page.locator('textarea[name=content]')
  await input.fill('Call the plumber due:friday repeat:weekly #house')
  await page.locator('.detection:not(.detection-stale)').filter({ hasText: typeNames[lang].todo }).waitFor()
  await audit(page)
  // While a changed text is being recognised (held here), the earlier answer stays, marked as outdated.
  let release!: () => void
  const held = new Promise<void>((resolve) => { release = resolve })
  const detect = `${b.origin}/api/v1/dashboard/quick-add/detect`
  await page.route(detect, async (route) => { await held; await route.continue() })
  await input.fill('Remember the blue notebook')
  await page.locator('.detecting').waitFor()
  await expectAccessible(page)
  release()
  await page.locator('.detection:not(.detection-stale)').filter({ hasText: typeNames[lang].note }).waitFor()
  await page.unroute(detect)
  await page.locator('form.quick-add button[type=submit]').click()
  await page.locator('.confirm-type').waitFor()
  await audit(page)

  await visit(page, '/libraries', '.library-card')
  // Every library: each type shows its own fields. The last one also with its delete question open.
  for (const library of LIBRARIES) await visit(page, `/libraries/${library}`, '.library-item')
  await auditDeleteQuestion(page, '.library-item')
  await visit(page, '/libraries/stamps')
  await visit(page, '/clipboard', '.clip-image img')
  await auditDeleteQuestion(page, '.clip-entry')

  await visit(page, '/friends', `section[aria-labelledby=friends-heading] a[href="/friends/${bob.id}"]`)
  await auditDeleteQuestion(page, 'section[aria-labelledby=friends-heading]')
  await visit(page, `/friends/${bob.id}`, 'h1:text-is("Bob Babbage")')
  await visit(page, '/settings', '.channels > li')
  await visit(page, '/export', '.export-state .status-completed')
  await visit(page, '/account')
  await page.locator('section[aria-labelledby=account-password] button[type=submit]').click()
  await page.locator('.field-error').first().waitFor()
  await audit(page)
  await visit(page, '/import', '.import-counts')
  await visit(page, '/admin/users', 'tr:has-text("Carol Reyes")')
  await auditDeleteQuestion(page, 'tbody')
  await visit(page, '/admin/backups', 'tr:has-text("daybook-backup-")')

  // The app's own "not found" page: the server answers unknown paths itself, so the router is sent there.
  await page.evaluate(() => {
    history.pushState(null, '', '/no-such-page')
    dispatchEvent(new PopStateEvent('popstate'))
  })
  await page.locator('h1').filter({ hasText: common[lang].notFound }).waitFor()
  await audit(page)
}

/** The account's language (signed in) and the browser's (signed out) for a pass. */
async function speak(lang: Lang) {
  await api(sam, 'PUT', '/users/me/settings/language', { language: lang })
  return { locale: { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', es: 'es-ES' }[lang] }
}

for (const [colorScheme, lang] of [['light', 'en'], ['dark', 'de']] as const) {
  test(`every page, signed out and signed in, in ${colorScheme} on a desktop (${lang})`, async () => {
    if (!resetLink) {
      await b.t.request('POST', '/api/v1/auth/forgot-password', { body: { email: bob.email } })
      resetLink = await b.mailLink('/auth/reset-password')
    }
    const { page, expectClean } = await b.open('/signin', { colorScheme, ...(await speak(lang)) })
    await signedOutPages(page)
    await signedInPages(page, lang)
    expectClean()
  }, 60_000)
}

for (const [colorScheme, lang] of [['light', 'fr'], ['dark', 'es']] as const) {
  test(`the main pages on a 360 px phone with the menu open, in ${colorScheme} (${lang})`, async () => {
    const { page, expectClean } = await b.open('/signin', { phone: true, colorScheme, ...(await speak(lang)) })
    await audit(page)
    await signInThroughPage(page, sam.email, PASSWORD)
    const paths = ['/', '/check-in', '/history', '/quick-add', '/libraries', '/libraries/books', '/clipboard', '/friends', '/settings',
      '/account', '/admin/users', '/admin/backups']
    for (const path of paths) {
      await page.goto(`${b.origin}${path}`)
      await settled(page)
      await page.locator('.menu-toggle').click()
      await page.locator('#main-nav.open').waitFor()
      await expectAccessible(page)
    }
    expectClean()
  }, 60_000)
}
