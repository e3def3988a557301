/**
 * The admin pages in a real browser: the user list (search, pages, role, verification, deletion; rows offering only
 * what the API allows, and a change refused meanwhile told next to the row), adding a member whose one-time link opens
 * in a fresh browser to set a password or add a passkey, a password-reset link and a resent verification mail; that
 * non-admins neither see the admin pages nor their menu items, and backups (start one and follow it live, download it
 * as a ZIP, delete it). Effects are checked through the API.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { createUser, type TestUser } from '../helpers/fixtures'
import { backupsSettled } from '../../src/features/backups/background'
import { addVirtualAuthenticator, expectAccessible, expectCount, skipWelcome, useBrowserApp, waitForFocus } from './harness'

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

test('rows offer only what the API allows, saying why; a role change refused meanwhile puts the select back', async () => {
  const { page, expectClean } = await b.openWithToken(admin, '/admin/users')
  // One's own row: no role to change, no delete, and the reason.
  await page.getByLabel('Search by name or e-mail').fill('ada@')
  const selfRow = page.getByRole('row', { name: /Ada Lindqvist/ })
  await selfRow.getByText('(you)').waitFor()
  await selfRow.getByText('You cannot change your own role or delete yourself here.').waitFor()
  await expectCount(selfRow.getByRole('combobox'), 0)
  await expectCount(selfRow.getByRole('button'), 0)
  await selfRow.getByText('Admin', { exact: true }).waitFor()

  // A super admin's row, seen by an admin: nothing to act on, and why.
  await page.getByLabel('Search by name or e-mail').fill('Okafor')
  const superRow = page.getByRole('row', { name: /Sam Okafor/ })
  await superRow.getByText('Only a super admin can change a super admin.').waitFor()
  await expectCount(superRow.getByRole('combobox'), 0)
  await expectCount(superRow.getByRole('button'), 0)

  // Grace is an admin on this page; meanwhile the super admin makes her a super admin. The admin's change is refused,
  // said next to the row, and the select shows her role as the page knew it again, not the refused choice.
  await page.getByLabel('Search by name or e-mail').fill('grace@')
  const graceRow = page.getByRole('row', { name: /Grace Moreau/ })
  const select = graceRow.getByLabel('Role of Grace Moreau')
  expect(await select.inputValue()).toBe('admin')
  const grace = (await findUsers(admin, 'grace@'))[0]!
  expect((await b.api('PUT', `/users/${grace.id}`, superAdmin, { role: 'super_admin' })).status).toBe(200)
  await select.selectOption('user')
  await graceRow.getByRole('button', { name: 'Save role' }).click()
  await page.getByRole('alert').filter({ hasText: 'You cannot modify a super administrator.' }).waitFor()
  expect(await select.inputValue()).toBe('admin')
  await expectCount(graceRow.getByRole('button', { name: 'Save role' }), 0)
  expect((await findUsers(admin, 'grace@'))[0]!.role).toBe('super_admin')
  expect((await b.api('PUT', `/users/${grace.id}`, superAdmin, { role: 'admin' })).status).toBe(200)
  expectClean()

  // The only super admin's own row offers no demotion either (the API would refuse the last super admin).
  const own = await b.openWithToken(superAdmin, '/admin/users')
  await own.page.getByLabel('Search by name or e-mail').fill('sam@')
  const ownRow = own.page.getByRole('row', { name: /Sam Okafor/ })
  await ownRow.getByText('You cannot change your own role or delete yourself here.').waitFor()
  await expectCount(ownRow.getByRole('combobox'), 0)
  await expectCount(ownRow.getByRole('button'), 0)
  // A super admin may act on another super admin's row, and may give every role.
  await createUser(b.t, { name: 'Rosa Second', email: 'rosa@example.com', role: 'super_admin' })
  await own.page.getByLabel('Search by name or e-mail').fill('rosa@')
  const rosaRow = own.page.getByRole('row', { name: /Rosa Second/ })
  await rosaRow.getByLabel('Role of Rosa Second').waitFor()
  expect(await rosaRow.getByLabel('Role of Rosa Second').locator('option').allTextContents()).toEqual(['User', 'Admin', 'Super admin'])
  await rosaRow.getByRole('button', { name: 'Delete Rosa Second' }).waitFor()
  await rosaRow.getByRole('button', { name: 'Password reset link Rosa Second' }).waitFor()
  own.expectClean()
})

test('an admin adds a member and copies the link; the member opens it in a fresh browser, sets a password and is signed in', async () => {
  const { page, expectClean } = await b.openWithToken(admin, '/admin/users', { permissions: ['clipboard-read', 'clipboard-write'] })
  const form = page.getByRole('region', { name: 'Add a member' })
  // The API's refusal, in words at the field: the address is taken.
  await form.getByLabel('Name').fill('Another Grace')
  await form.getByLabel('E-mail address').fill('GRACE@example.com')
  await form.getByRole('button', { name: 'Add member' }).click()
  await form.getByText('E-mail address is already taken.').waitFor()

  await form.getByLabel('Name').fill('Noah Berger')
  await form.getByLabel('E-mail address').fill('noah@example.com')
  await form.getByLabel('Role').selectOption('user')
  await form.getByRole('button', { name: 'Add member' }).click()
  await form.getByRole('status').filter({ hasText: 'Noah Berger was added. Give them this link to set up their sign-in:' }).waitFor()
  await form.getByText(/^It works once, until .+ \(in 3 days\)\./).waitFor()
  await form.getByRole('button', { name: 'Copy the link for Noah Berger' }).click()
  await form.getByText('Copied.').waitFor()
  const url = await page.evaluate(() => navigator.clipboard.readText())
  expect(url).toMatch(new RegExp(`^${b.origin}/auth/account-link\\?token=[0-9a-f]{64}$`))
  await form.getByText(url, { exact: true }).waitFor()
  // The list shows the new member, verified (the admin vouched for the address).
  const noah = (await findUsers(admin, 'noah@'))[0]!
  expect(noah).toMatchObject({ name: 'Noah Berger', role: 'user', confirmed: true })
  await page.getByLabel('Search by name or e-mail').fill('noah@')
  await page.getByRole('row', { name: /Noah Berger/ }).waitFor()
  await b.screenshot(page, 'admin-users-add-member')
  await expectAccessible(page)
  expectClean()

  const member = await b.open(new URL(url).pathname + new URL(url).search)
  await member.page.getByRole('heading', { level: 1, name: 'Welcome, Noah Berger' }).waitFor()
  await member.page.getByText('Your admin made an account for you (noah@example.com).', { exact: false }).waitFor()
  const password = member.page.getByRole('form', { name: 'Set a password' })
  // The API's rule, at the field, in the page's words; the link is not used up by a refused attempt.
  await password.getByLabel('Password', { exact: true }).fill('too short')
  await password.getByLabel('Repeat the password').fill('too short')
  await password.getByRole('button', { name: 'Save password and sign in' }).click()
  await password.getByText('Password must be at least 12 characters long.').waitFor()
  await password.getByLabel('Password', { exact: true }).fill('my own family password')
  await password.getByLabel('Repeat the password').fill('my own family password')
  await b.screenshot(member.page, 'account-link')
  await expectAccessible(member.page)
  await password.getByRole('button', { name: 'Save password and sign in' }).click()
  await member.page.waitForURL((u) => u.pathname !== '/auth/account-link')
  const token = await member.page.evaluate(() => localStorage.getItem('daybook.token'))
  expect((await b.t.request('GET', '/api/v1/users/me', { token: token! })).body.data.id).toBe(noah.id)
  if (new URL(member.page.url()).pathname === '/welcome') await skipWelcome(member.page)
  await member.page.getByRole('navigation', { name: 'Main' }).waitFor()
  // The password signs in from now on; the link is used up.
  expect((await b.t.request('POST', '/api/v1/auth/login', { body: { email: 'noah@example.com', password: 'my own family password' } })).status).toBe(200)
  const again = await b.open(new URL(url).pathname + new URL(url).search)
  await again.page.getByText('This link is not valid any more: it was used already, or your admin made a newer one.', { exact: false }).waitFor()
  member.expectClean()
  again.expectClean()
})

test('another member opens their link in a German browser and adds a passkey (virtual authenticator) instead of a password', async () => {
  const created = await b.api('POST', '/users', admin, { name: 'Ida Passkey', email: 'ida@example.com' })
  expect(created.status).toBe(201)
  const url = new URL(created.body.data.link.url)
  // A German browser in dark mode: the page speaks the browser's language before anyone is signed in.
  const member = await b.open('/signin', { locale: 'de-DE', colorScheme: 'dark' })
  await addVirtualAuthenticator(member.page)
  await member.page.goto(`${b.origin}${url.pathname}${url.search}`)
  await member.page.getByRole('heading', { level: 1, name: 'Willkommen, Ida Passkey' }).waitFor()
  await member.page.getByText('Dieser Link funktioniert einmal, bis', { exact: false }).waitFor()
  await expectAccessible(member.page)
  await member.page.getByRole('button', { name: 'Passkey hinzufügen und anmelden' }).click()
  await member.page.waitForURL((u) => u.pathname !== '/auth/account-link')
  const token = await member.page.evaluate(() => localStorage.getItem('daybook.token'))
  const passkeys = await b.t.request('GET', '/api/v1/auth/passkeys', { token: token! })
  expect(passkeys.body.data).toHaveLength(1)
  expect((await b.t.request('GET', '/api/v1/users/me', { token: token! })).body.data.email).toBe('ida@example.com')
  if (new URL(member.page.url()).pathname === '/welcome') await skipWelcome(member.page)
  // Signed in, in the browser's language, which the account took at its first visit.
  await member.page.locator('#main-nav').waitFor()
  expect((await b.t.request('GET', '/api/v1/users/me', { token: token! })).body.data.settings.language).toBe('de')
  member.expectClean()
})

test('a password-reset link from a row: the member sets a new password, their old sessions end', async () => {
  const linus = await createUser(b.t, { name: 'Linus Reset', email: 'linus.reset@example.com' })
  const { page, expectClean } = await b.openWithToken(admin, '/admin/users')
  await page.getByLabel('Search by name or e-mail').fill('linus.reset@')
  const row = page.getByRole('row', { name: /Linus Reset/ })
  await row.getByRole('button', { name: 'Password reset link Linus Reset' }).click()
  const extra = page.locator('.admin-row-extra')
  await extra.getByText('A new sign-in link for Linus Reset.', { exact: false }).waitFor()
  const url = new URL((await extra.locator('.link-url code').textContent())!)
  expect(url.pathname).toBe('/auth/account-link')
  expectClean()

  const member = await b.open(`${url.pathname}${url.search}`, { phone: true })
  await member.page.getByRole('heading', { level: 1, name: 'Sign in again, Linus Reset' }).waitFor()
  expect(await member.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await member.page.getByLabel('Password', { exact: true }).fill('a new password for linus')
  await member.page.getByLabel('Repeat the password').fill('a new password for linus')
  await member.page.getByRole('button', { name: 'Save password and sign in' }).click()
  await member.page.waitForURL((u) => u.pathname !== '/auth/account-link')
  expect((await b.t.request('GET', '/api/v1/users/me', { token: linus.token })).status).toBe(401)
  member.expectClean()
})

test('an unverified row offers "Mark verified" but no resend while the server does not verify addresses', async () => {
  await createUser(b.t, { name: 'Uma Unverified', email: 'uma@example.com', verified: false })
  const { page, expectClean } = await b.openWithToken(admin, '/admin/users')
  await page.getByLabel('Search by name or e-mail').fill('uma@')
  const row = page.getByRole('row', { name: /Uma Unverified/ })
  await row.getByRole('button', { name: 'Mark verified Uma Unverified' }).waitFor()
  await expectCount(row.getByRole('button', { name: /Resend verification/ }), 0)
  expectClean()
})

describe('with e-mail verification on', () => {
  const v = useBrowserApp({ EMAIL_VERIFICATION: 'true' })

  test('an admin resends the verification mail from the row; once verified, the row offers neither', async () => {
    const root = await createUser(v.t, { name: 'Vera Root', email: 'vera@example.com', role: 'super_admin' })
    const member = await createUser(v.t, { name: 'Mei Mail', email: 'mei@example.com', verified: false })
    const { page, expectClean } = await v.openWithToken(root, '/admin/users')
    const row = page.getByRole('row', { name: /Mei Mail/ })
    await row.getByRole('button', { name: 'Resend verification Mei Mail' }).click()
    await page.getByRole('status').filter({ hasText: 'A new verification mail went to mei@example.com.' }).waitFor()
    const link = new URL(await v.mailLink(`/auth/verify/${member.id}/`))
    const parts = link.pathname.split('/')
    expect((await v.t.request('POST', '/api/v1/auth/verify', { body: { user_id: parts[3], token: parts[4] } })).status).toBe(201)
    // The page still shows the row as unverified: a second resend is refused and said in words.
    await row.getByRole('button', { name: 'Resend verification Mei Mail' }).click()
    await page.getByRole('alert').filter({ hasText: 'This address is already verified.' }).waitFor()
    await page.reload()
    await page.getByRole('row', { name: /Mei Mail/ }).getByText('Yes', { exact: true }).waitFor()
    await expectCount(page.getByRole('row', { name: /Mei Mail/ }).getByRole('button', { name: /verif/i }), 0)
    expectClean()
  })
})

test('on a phone the user list is a readable stacked list without sideways scrolling, a new link included', async () => {
  const { page, expectClean } = await b.openWithToken(admin, '/admin/users', { phone: true })
  await page.getByRole('row', { name: /Grace Moreau/ }).waitFor()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await b.screenshot(page, 'admin-users-phone')
  // The longest things the page shows: a one-time link after adding a member, and one in a row.
  const form = page.getByRole('region', { name: 'Add a member' })
  await form.getByLabel('Name').fill('Pia Phone')
  await form.getByLabel('E-mail address').fill('pia.phone.with.a.rather.long.address@example.com')
  await form.getByRole('button', { name: 'Add member' }).click()
  await form.locator('.link-url code').waitFor()
  await page.getByLabel('Search by name or e-mail').fill('pia.phone')
  await page.getByRole('button', { name: 'Password reset link Pia Phone' }).click()
  await page.locator('.admin-row-extra .link-url code').waitFor()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  expectClean()
})

test('more users than one page: the pager walks through them', async () => {
  // Newest first orders by creation time, and the server's clock is the real one here: each person gets their own
  // millisecond, so two made in one cannot swap places across the page break.
  for (let i = 1; i <= 12; i++) {
    await createUser(b.t, { name: `Pager Person ${String(i).padStart(2, '0')}` })
    const made = Date.now()
    while (Date.now() <= made) await Bun.sleep(1)
  }
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
  // With the token, marked onboarded: a first visit would be led to the welcome, which is not what this test is about.
  const { page, expectClean } = await b.openWithToken(user, '/admin/users')
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
