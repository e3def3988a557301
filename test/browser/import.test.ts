/**
 * The import page in a real browser: a file that is no ZIP is refused in words at the field; a real export of
 * another account is uploaded, its job followed live until it completed, the counts shown, and the data is
 * then the importer's (checked through the API).
 */
import { expect, test } from 'bun:test'
import { createUser, PASSWORD, type TestUser } from '../helpers/fixtures'
import { insertLibraryItem } from '../export/helpers'
import { exportAll } from '../import/helpers'
import { runNextImportJob } from '../../src/features/import/run-job'
import { signInThroughPage, useBrowserApp } from './harness'

const b = useBrowserApp()
// The harness sets this when its module loads, which is once per process: a run of several files needs it here too.

/** An account with a little of everything an export carries. */
async function fillAccount(user: TestUser): Promise<void> {
  const auth = { token: user.token }
  for (const [i, date] of ['2026-05-01', '2026-05-02', '2026-05-03'].entries()) {
    const r = await b.t.request('POST', '/api/v1/check-in', { ...auth, body: { date, mood: 2 + i, sports: 6, social_life: 4 } })
    expect(r.status).toBeLessThan(300)
  }
  for (const content of ['Call the plumber on Monday', 'https://example.com/recipe']) {
    expect((await b.t.request('POST', '/api/v1/clipboard', { ...auth, body: { content } })).status).toBe(200)
  }
  insertLibraryItem(b.t, user, 'books', { title: 'The Left Hand of Darkness', author: 'Ursula K. Le Guin', pages: 304, publication_year: 1969, wishlist: false })
  insertLibraryItem(b.t, user, 'notes', { title: 'Garden', content: 'Plant tomatoes after the last frost.\n' })
}

test('a file that is no ZIP is refused in words; an export is imported, followed live, and its data is there', async () => {
  const alice = await createUser(b.t, { name: 'Alice Brandt' })
  await fillAccount(alice)
  expect((await b.t.request('PUT', '/api/v1/users/me/settings/timezone', { token: alice.token, body: { timezone: 'Asia/Tokyo' } })).status).toBe(200)
  const archive = await exportAll(b.t, alice)
  const bob = await createUser(b.t, { name: 'Bruno Costa' })
  await b.onboard(bob) // signing in would skip the welcome; what the import must leave alone is the rest
  const bobsOwn = (await b.t.request('GET', '/api/v1/users/me', { token: bob.token })).body.data.settings

  const { page, expectClean } = await b.open(`/signin?next=${encodeURIComponent('/import')}`)
  await signInThroughPage(page, bob.email, PASSWORD)
  await page.getByRole('heading', { level: 1, name: 'Import' }).waitFor()
  await page.getByText('You have not imported anything yet.').waitFor()

  const file = page.getByLabel('Export file (ZIP)')
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some text, not an archive') })
  await page.getByRole('button', { name: 'Import' }).click()
  await page.getByRole('alert').filter({ hasText: 'This file is not a ZIP archive. Choose the ZIP file of a daybook export.' }).waitFor()
  expect(await file.getAttribute('aria-invalid')).toBe('true')
  expect((await b.t.request('GET', '/api/v1/import/status', { token: bob.token })).body.data).toBeNull()

  await file.setInputFiles({ name: 'daybook-export.zip', mimeType: 'application/zip', buffer: Buffer.from(archive) })
  // Taking the file's settings and picture is a choice, off until ticked.
  expect(await page.getByLabel("Also take the file's settings and profile image").isChecked()).toBe(false)
  await page.getByRole('button', { name: 'Import' }).click()
  await page.getByRole('status').filter({ hasText: 'The file was accepted: its import is shown below.' }).waitFor()
  // The browser tests run no job loop: the page shows the job waiting until this test runs it.
  await page.getByRole('status').filter({ hasText: 'Waiting to start…' }).waitFor()
  // One import at a time: a second upload while this one waits is refused in words.
  await page.getByRole('button', { name: 'Import' }).click()
  await page.getByRole('alert').filter({ hasText: 'An import is already running. Wait until it has finished, then try again.' }).waitFor()
  expect((await runNextImportJob(b.t.deps))?.status).toBe('completed')

  await page.getByRole('status').filter({ hasText: 'Import completed.' }).waitFor()
  const counts = page.getByRole('table')
  await counts.getByRole('row', { name: /Check-ins/ }).getByRole('cell', { name: '3', exact: true }).first().waitFor()
  await counts.getByRole('row', { name: /Clipboard/ }).waitFor()
  await counts.getByRole('row', { name: /Books/ }).waitFor()
  await page.getByText('kept yours').waitFor()
  await b.screenshot(page, 'import')
  expect((await b.t.request('GET', '/api/v1/users/me', { token: bob.token })).body.data.settings).toEqual(bobsOwn)

  const checkIns = await b.t.request('GET', '/api/v1/check-in', { token: bob.token })
  expect(checkIns.body.data.map((c: { date: string }) => c.date)).toEqual(['2026-05-03', '2026-05-02', '2026-05-01'])
  const clips = await b.t.request('GET', '/api/v1/clipboard', { token: bob.token })
  expect(clips.body.data.map((c: { content: string }) => c.content).sort()).toEqual(['Call the plumber on Monday', 'https://example.com/recipe'])
  const books = await b.t.request('GET', '/api/v1/libraries/books', { token: bob.token })
  expect(books.status).toBe(200)
  expect(JSON.stringify(books.body.data)).toContain('The Left Hand of Darkness')
  expectClean()
})

test('on a phone the import page fits the screen', async () => {
  const carla = await createUser(b.t, { name: 'Carla Nunes' })
  const { page, expectClean } = await b.open(`/signin?next=${encodeURIComponent('/import')}`, { phone: true })
  await signInThroughPage(page, carla.email, PASSWORD)
  await page.getByText('You have not imported anything yet.').waitFor()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await b.screenshot(page, 'import-phone')
  expectClean()
})
