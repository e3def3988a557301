/**
 * The admin pages in a real browser: the user list (search, pages, role, verification, deletion, and the rules
 * the API refuses with, told next to the row), that non-admins neither see them nor their menu items, and
 * backups (start one and follow it live, download it as a ZIP, delete it). Effects are checked through the API.
 */
import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { createUser, type TestUser } from '../helpers/fixtures'
import { backupsSettled } from '../../src/features/backups/background'
import { expectCount, useBrowserApp, waitForFocus } from './harness'

const b = useBrowserApp()

async function findUsers(admin: TestUser, q: string) {
  const r = await b.t.request('GET', `/api/v1/users?q=${encodeURIComponent(q)}`, { token: admin.token })
  expect(r.status).toBe(200)
  return r.body.data as { id: string; name: string; role: string; confirmed: boolean }[]
}

// The file's only super admin: the last-super-admin rule depends on there being exactly one.
let superAdmin: TestUser
let admin: TestUser

test('an admin searches users, changes a role, marks an e-mail verified and deletes a user', async () => {
  superAdmin = await createUser(b.t, { name: 'Sam Okafor', email: 'sam@example.com', role: 'super_admin' })
  admin = await createUser(b.t, { name: 'Ada Lindqvist', email: 'ada@example.com', role: 'admin' })
  const grace = await createUser(b.t, { name: 'Grace Moreau', email: 'grace@example.com', verified: false })
  await createUser(b.t, { name: 'Linus Park', email: 'linus@example.com' })
  await createUser(b.t, { name: 'Mei Tanaka', email: 'mei.tanaka@example.org', verified: false })
  const zed = await createUser(b.t, { name: 'Zed Quinn', email: 'zed@example.com' })

  const { page, expectClean } = await b.openAs(admin, '/admin/users')
  await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor()
  await page.getByRole('row', { name: /Grace Moreau/ }).waitFor()
  await page.getByText('6 users').waitFor()
  await b.screenshot(page, 'admin-users')

  // Search as you type: only the match stays.
  await page.getByLabel('Search by name or e-mail').fill('MOREAU')
  await page.getByText('1 user', { exact: true }).waitFor()
  await expectCount(page.locator('tbody tr'), 1)
  const row = page.getByRole('row', { name: /Grace Moreau/ })

  // Role: choose, then save; the effect is in the API.
  await row.getByLabel('Role of Grace Moreau').selectOption('admin')
  await row.getByRole('button', { name: 'Save role' }).click()
  await page.getByRole('status').filter({ hasText: 'Grace Moreau is now: Admin.' }).waitFor()
  expect((await findUsers(admin, 'grace'))[0]).toMatchObject({ id: grace.id, role: 'admin', confirmed: false })

  await row.getByRole('button', { name: 'Mark verified Grace Moreau' }).click()
  await page.getByRole('status').filter({ hasText: 'The e-mail address of Grace Moreau is marked verified.' }).waitFor()
  expect((await findUsers(admin, 'grace'))[0]).toMatchObject({ role: 'admin', confirmed: true })
  await row.getByRole('button', { name: 'Mark verified Grace Moreau' }).waitFor({ state: 'detached' })

  // Deleting asks first, in the page; cancelling keeps the user.
  await page.getByLabel('Search by name or e-mail').fill('zed')
  await page.getByRole('row', { name: /Zed Quinn/ }).getByRole('button', { name: 'Delete Zed Quinn' }).click()
  await page.getByText('Delete Zed Quinn and everything they saved? This cannot be undone.').waitFor()
  // The safe answer has the focus; cancelling brings it back to the row's button.
  await waitForFocus(page.getByRole('button', { name: 'Cancel' }))
  await page.getByRole('button', { name: 'Cancel' }).click()
  await waitForFocus(page.getByRole('button', { name: 'Delete Zed Quinn' }))
  expect(await findUsers(admin, 'zed')).toHaveLength(1)
  await page.getByRole('button', { name: 'Delete Zed Quinn' }).click()
  await page.getByRole('button', { name: 'Delete for good' }).click()
  await page.getByRole('status').filter({ hasText: 'Zed Quinn was deleted.' }).waitFor()
  await page.getByText('No user matches “zed”.').waitFor()
  expect(await findUsers(admin, 'zed')).toEqual([])
  expect((await b.t.request('GET', '/api/v1/users/me', { token: zed.token })).status).toBe(401)
  expectClean()
})

test("the API's rules are told next to the row: not oneself, not a super admin, not the last super admin", async () => {
  // An admin may not delete their own account, nor change a super admin.
  const { page, expectClean } = await b.openAs(admin, '/admin/users')
  await page.getByLabel('Search by name or e-mail').fill('ada@')
  await page.getByRole('button', { name: 'Delete Ada Lindqvist' }).click()
  await page.getByRole('button', { name: 'Delete for good' }).click()
  await page.getByRole('alert').filter({ hasText: 'You cannot delete your own account.' }).waitFor()
  expect(await findUsers(admin, 'ada@')).toHaveLength(1)

  await page.getByLabel('Search by name or e-mail').fill('Okafor')
  const superRow = page.getByRole('row', { name: /Sam Okafor/ })
  await superRow.getByLabel('Role of Sam Okafor').selectOption('user')
  await superRow.getByRole('button', { name: 'Save role' }).click()
  await page.getByRole('alert').filter({ hasText: 'You cannot modify a super administrator.' }).waitFor()
  expect((await findUsers(admin, 'okafor'))[0]!.role).toBe('super_admin')
  expectClean()

  // The only super admin cannot step down.
  const own = await b.openAs(superAdmin, '/admin/users')
  await own.page.getByLabel('Search by name or e-mail').fill('sam@')
  const selfRow = own.page.getByRole('row', { name: /Sam Okafor/ })
  await selfRow.getByText('(you)').waitFor()
  await selfRow.getByLabel('Role of Sam Okafor').selectOption('admin')
  await selfRow.getByRole('button', { name: 'Save role' }).click()
  await own.page.getByRole('alert').filter({ hasText: 'The last super administrator cannot be demoted.' }).waitFor()
  expect((await findUsers(superAdmin, 'sam@'))[0]!.role).toBe('super_admin')
  own.expectClean()
})

test('on a phone the user list is a readable stacked list without sideways scrolling', async () => {
  const { page, expectClean } = await b.openWithToken(admin, '/admin/users', { phone: true })
  await page.getByRole('row', { name: /Grace Moreau/ }).waitFor()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await b.screenshot(page, 'admin-users-phone')
  expectClean()
})

test('more users than one page: the pager walks through them', async () => {
  for (let i = 1; i <= 12; i++) await createUser(b.t, { name: `Pager Person ${String(i).padStart(2, '0')}` })
  const { page, expectClean } = await b.openWithToken(admin, '/admin/users')
  await page.getByLabel('Search by name or e-mail').fill('Pager Person')
  await page.getByText('12 users').waitFor()
  await page.getByLabel('Users per page').selectOption('10')
  await page.getByText('Page 1 of 2').first().waitFor()
  await expectCount(page.locator('tbody tr'), 10)
  // Newest first: the last one created leads the first page.
  await page.getByRole('row', { name: /Pager Person 12/ }).waitFor()

  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByText('Page 2 of 2').first().waitFor()
  await page.getByRole('row', { name: /Pager Person 01/ }).waitFor()
  await expectCount(page.locator('tbody tr'), 2)
  expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true)
  await page.getByRole('button', { name: 'Previous' }).click()
  await page.getByText('Page 1 of 2').first().waitFor()
  expectClean()
})

test('a non-admin sees neither the admin pages nor their menu items', async () => {
  const user = await createUser(b.t, { name: 'Nora Plain' })
  const { page, expectClean } = await b.openAs(user, '/admin/users')
  await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor()
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Import' }).waitFor()
  await expectCount(nav.getByRole('link', { name: 'Users' }), 0)
  await expectCount(nav.getByRole('link', { name: 'Backups' }), 0)
  await page.goto(`${b.origin}/admin/backups`)
  await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor()
  await expectCount(page.getByRole('table'), 0)
  expectClean()
})

test('an admin starts a backup, sees it finish and listed, downloads it and deletes it', async () => {
  const { page, expectClean } = await b.openAs(admin, '/admin/backups')
  await page.getByRole('heading', { level: 1, name: 'Backups' }).waitFor()
  await page.getByText('There are no backups yet.').waitFor()
  await page.getByText('daybook restore <file>').waitFor()
  // The menu names both admin pages for an admin.
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Users' }).waitFor()
  await nav.getByRole('link', { name: 'Backups' }).waitFor()

  await page.getByRole('button', { name: 'Start a backup' }).click()
  await page.getByRole('status').filter({ hasText: /^Backup finished: daybook-backup-\d{8}T\d{6}Z(-\d+)?\.zip/ }).waitFor()
  const listed = await b.t.request('GET', '/api/v1/admin/backups', { token: admin.token })
  const [backup] = listed.body.data.backups as { name: string; size_bytes: number }[]
  expect(backup).toBeDefined()
  expect(listed.body.data.runs[0]).toMatchObject({ trigger: 'admin', status: 'completed', file: backup!.name })

  const row = page.getByRole('row', { name: new RegExp(backup!.name.replace(/\./g, '\\.')) })
  await row.getByText('On this server').waitFor()
  await page.getByRole('table').nth(1).getByText('Completed').waitFor()
  await b.screenshot(page, 'admin-backups')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Download ${backup!.name}` }).click(),
  ])
  expect(download.suggestedFilename()).toBe(backup!.name)
  const bytes = readFileSync((await download.path())!)
  expect(bytes.length).toBe(backup!.size_bytes)
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK')

  await row.getByRole('button', { name: `Delete ${backup!.name}` }).click()
  await page.getByText(`Delete ${backup!.name} from this server? It cannot be recovered.`).waitFor()
  await page.getByRole('button', { name: 'Delete for good' }).click()
  await page.getByRole('status').filter({ hasText: `${backup!.name} was deleted.` }).waitFor()
  await page.getByText('There are no backups yet.').waitFor()
  const after = await b.t.request('GET', '/api/v1/admin/backups', { token: admin.token })
  expect(after.body.data.backups).toEqual([])
  expectClean()
})

test('on a phone the backups page fits the screen', async () => {
  expect((await b.t.request('POST', '/api/v1/admin/backups', { token: admin.token })).status).toBe(202)
  // Finished before the page opens: the page and its screenshot show a listed backup, and none runs on after the test.
  await backupsSettled(b.t.deps)
  const { page, expectClean } = await b.openWithToken(admin, '/admin/backups', { phone: true })
  await page.getByRole('row', { name: /daybook-backup-/ }).first().waitFor()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await b.screenshot(page, 'admin-backups-phone')
  expectClean()
})
