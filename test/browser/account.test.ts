/**
 * The account page in a real browser: a passkey added through the page with Chromium's virtual authenticator,
 * renamed, used for a passwordless sign-in on the sign-in page and deleted; the signed-in devices named by browser and
 * system, with one revoked and "everywhere else" signed out; the name and the e-mail address changed (the new address
 * confirmed through the mailed link); the password changed; the account deleted with the password and with a
 * passkey; German; a phone screen. E-mail verification is on, its mails in the outbox.
 */
import { expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser, newToken, PASSWORD, type TestUser } from '../helpers/fixtures'
import { addVirtualAuthenticator, expectAccessible, expectCount, signInThroughPage, useBrowserApp, waitForFocus } from './harness'

const b = useBrowserApp({ EMAIL_VERIFICATION: 'true' })

const NEW_PASSWORD = 'a completely new secret'

/** Signs in through the sign-in page, which then sends the browser on to the account page. */
async function openAccount(user: TestUser, options: Parameters<typeof b.open>[1] & { authenticator?: boolean } = {}) {
  const { authenticator, ...openOptions } = options
  const watched = await b.open('/signin?next=%2Faccount', openOptions)
  // The authenticator belongs to the tab: added first, it serves every ceremony that follows on this page.
  if (authenticator) await addVirtualAuthenticator(watched.page)
  await signInThroughPage(watched.page, user.email, user.password)
  await watched.page.waitForURL(`${b.origin}/account`)
  return watched
}

const pageToken = (page: Page) => page.evaluate(() => localStorage.getItem('daybook.token'))
const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

async function addPasskey(page: Page, name: string) {
  await page.getByLabel('Name of the new passkey').fill(name)
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await status(page, `Passkey “${name}” added.`).waitFor()
}

test('a passkey is added, renamed, signs in without an e-mail, and is deleted', async () => {
  const user = await createUser(b.t, { name: 'Ada', email: 'ada@example.com' })
  const { page, expectClean } = await openAccount(user, { authenticator: true })
  const passkeys = page.getByRole('region', { name: 'Passkeys' })
  await page.getByRole('heading', { level: 1, name: 'Account & security' }).waitFor()
  await passkeys.getByText('You have no passkeys yet.').waitFor()

  // Closing the browser's prompt is said calmly, as information; nothing is added.
  await page.evaluate(() => {
    const original = navigator.credentials.create.bind(navigator.credentials)
    navigator.credentials.create = () => {
      navigator.credentials.create = original
      return Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'))
    }
  })
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await status(page, 'The passkey prompt was closed, so no passkey was added.').waitFor()
  await expectCount(page.getByRole('alert'), 0)

  await addPasskey(page, 'Laptop')
  const item = passkeys.getByRole('listitem').filter({ hasText: 'Laptop' })
  await item.getByText('Not used yet').waitFor()
  const listed = await b.t.request('GET', '/api/v1/auth/passkeys', { token: user.token })
  expect(listed.body.data).toMatchObject([{ name: 'Laptop', last_used_at: null }])

  // The same authenticator cannot hold a second passkey of the same account: told as information too.
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await status(page, 'This device already holds a passkey for your account.').waitFor()

  // Renaming in place: an empty name is refused at the field, a real one is saved.
  await item.getByRole('button', { name: 'Rename' }).click()
  const nameField = page.getByLabel('New name for “Laptop”')
  await waitForFocus(nameField)
  await nameField.fill('')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await page.getByText('New name for “Laptop” is required.').waitFor()
  expect(await nameField.getAttribute('aria-invalid')).toBe('true')
  await nameField.fill('Work laptop')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await status(page, 'Passkey renamed to “Work laptop”.').waitFor()
  const renamed = passkeys.getByRole('listitem').filter({ hasText: 'Work laptop' })
  await renamed.waitFor()
  expect((await b.t.request('GET', '/api/v1/auth/passkeys', { token: user.token })).body.data[0].name).toBe('Work laptop')

  // Sign out in the same tab (the authenticator stays), then sign in with the passkey alone.
  const passwordToken = await pageToken(page)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click()
  await page.waitForURL(`${b.origin}/signin?next=%2Faccount`)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await page.waitForURL(`${b.origin}/account`)
  const passkeyToken = await pageToken(page)
  expect(passkeyToken).toMatch(/^\d+\|/)
  expect(passkeyToken).not.toBe(passwordToken)
  const me = await b.t.request('GET', '/api/v1/users/me', { token: passkeyToken! })
  expect(me.status).toBe(200)
  expect(me.body.data.email).toBe('ada@example.com')
  expect((await b.t.request('GET', '/api/v1/users/me', { token: passwordToken! })).status).toBe(401)

  // The passkey now shows its use; the devices are the fixture's token and this one.
  await renamed.getByText('Last used').waitFor()
  await expectCount(renamed.getByText('Not used yet'), 0)
  const devices = page.getByRole('region', { name: 'Signed-in devices' }).getByRole('listitem')
  await devices.nth(1).waitFor()
  await expectCount(devices, 2)
  await b.screenshot(page, 'account-security')

  // Deleting asks first, in the page; cancelling keeps it.
  await renamed.getByRole('button', { name: 'Delete' }).click()
  const confirm = renamed.getByRole('group', { name: 'Delete the passkey “Work laptop”? You can no longer sign in with it.' })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await confirm.waitFor({ state: 'detached' })
  await renamed.getByRole('button', { name: 'Delete' }).click()
  await confirm.getByRole('button', { name: 'Yes, delete' }).click()
  await status(page, 'Passkey “Work laptop” deleted.').waitFor()
  await passkeys.getByText('You have no passkeys yet.').waitFor()
  expect((await b.t.request('GET', '/api/v1/auth/passkeys', { token: passkeyToken! })).body.data).toEqual([])
  expectClean()
})

test('devices: another one is signed out, then everywhere else; this device stays signed in', async () => {
  const user = await createUser(b.t)
  const laptop = newToken(b.t, user.id)
  const phone = newToken(b.t, user.id, 'mobile')
  const { page, expectClean } = await openAccount(user)
  const devices = page.getByRole('region', { name: 'Signed-in devices' })
  const items = devices.getByRole('listitem')

  // The fixture's token, the two extra ones and this browser; this device is first and cannot revoke itself.
  await items.nth(3).waitFor()
  await expectCount(items, 4)
  const current = items.filter({ hasText: 'This device' })
  await expectCount(current, 1)
  expect(await items.first().textContent()).toContain('This device')
  await expectCount(current.getByRole('button'), 0)
  await expectCount(items.filter({ hasText: 'Mobile app' }), 1)
  // This browser by name and system, its address and its last use in words; tokens made outside a request have neither.
  expect(await current.locator('.account-item-title').textContent()).toBe('Chrome on Linux This device')
  await current.getByText('127.0.0.1').waitFor()
  expect(await current.locator('time').nth(1).textContent()).toMatch(/^(now|\d+ seconds? ago|1 minute ago)$/)
  await expectCount(items.filter({ hasText: 'Unknown device' }), 2)
  await expectCount(items.filter({ hasText: 'Address' }).filter({ hasText: 'unknown' }), 3)

  await items.filter({ hasText: 'Mobile app' }).getByRole('button', { name: 'End session' }).click()
  await status(page, 'That session was ended; the device is signed out.').waitFor()
  await items.filter({ hasText: 'Mobile app' }).waitFor({ state: 'detached' })
  await expectCount(items, 3)
  expect((await b.t.request('GET', '/api/v1/users/me', { token: phone.token })).status).toBe(401)
  expect((await b.t.request('GET', '/api/v1/users/me', { token: laptop.token })).status).toBe(200)

  await devices.getByRole('button', { name: 'Sign out everywhere else' }).click()
  await status(page, 'Signed out 2 other sessions. This device stays signed in.').waitFor()
  await devices.getByText('No other device is signed in.').waitFor()
  await expectCount(items, 1)
  for (const token of [laptop.token, user.token]) expect((await b.t.request('GET', '/api/v1/users/me', { token })).status).toBe(401)
  // logout-all spares the calling token (docs/api/auth.md §3.9): the page is still signed in.
  expect((await b.t.request('GET', '/api/v1/users/me', { token: (await pageToken(page))! })).status).toBe(200)
  await page.reload()
  await page.getByRole('heading', { level: 1, name: 'Account & security' }).waitFor()
  expectClean()
})

test('change password: a wrong current password is told at its field; then the new one works and other devices are out', async () => {
  const user = await createUser(b.t)
  const other = newToken(b.t, user.id)
  const { page, expectClean } = await openAccount(user)
  const form = page.getByRole('region', { name: 'Change password' })

  await form.getByLabel('Current password').fill('not my password at all')
  await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await form.getByLabel('Repeat the new password').fill(NEW_PASSWORD)
  await form.getByRole('button', { name: 'Change password' }).click()
  await form.getByText('The current password is incorrect.').waitFor()
  expect(await form.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true')
  const described = await form.getByLabel('Current password').getAttribute('aria-describedby')
  expect(await page.locator(`[id="${described}"]`).textContent()).toBe('The current password is incorrect.')

  await form.getByLabel('Current password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Change password' }).click()
  await status(page, 'Your password was changed. All other devices were signed out.').waitFor()
  expect(await form.getByLabel('Current password').inputValue()).toBe('')

  const login = (password: string) => b.t.request('POST', '/api/v1/auth/login', { body: { email: user.email, password } })
  expect((await login(NEW_PASSWORD)).status).toBe(200)
  expect((await login(PASSWORD)).status).toBe(401)
  expect((await b.t.request('GET', '/api/v1/users/me', { token: other.token })).status).toBe(401)
  expect((await b.t.request('GET', '/api/v1/users/me', { token: (await pageToken(page))! })).status).toBe(200)
  // The device list follows: only this one (and the API login just made) remain.
  await page.getByRole('region', { name: 'Signed-in devices' }).getByRole('listitem').filter({ hasText: 'This device' }).waitFor()
  expectClean()
})

test('in German: headings, dates in the user format, and the password errors in German', async () => {
  const user = await createUser(b.t, { timezone: 'Europe/Berlin' })
  const extra = newToken(b.t, user.id, 'desktop')
  for (const [path, body] of [['language', { language: 'de' }], ['date-format', { date_format: 'dd.mm.YYYY' }]] as const) {
    expect((await b.t.request('PUT', `/api/v1/users/me/settings/${path}`, { token: user.token, body })).status).toBe(200)
  }
  const { page, expectClean } = await openAccount(user)
  await page.getByRole('heading', { level: 1, name: 'Konto & Sicherheit' }).waitFor()
  expect(await page.title()).toBe('Konto & Sicherheit · daybook')
  const devices = page.getByRole('region', { name: 'Angemeldete Geräte' })
  await devices.getByText('Dieses Gerät').waitFor()
  await devices.getByText('Chrome unter Linux').waitFor()
  await devices.getByRole('listitem').filter({ hasText: 'Desktop-App' }).waitFor()
  expect(await devices.locator('time').first().textContent()).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/)
  await page.getByRole('region', { name: 'Passkeys' }).getByText('Du hast noch keine Passkeys.').waitFor()

  const form = page.getByRole('region', { name: 'Passwort ändern' })
  await form.getByLabel('Aktuelles Passwort').fill(PASSWORD)
  await form.getByLabel('Neues Passwort', { exact: true }).fill('zu kurz')
  await form.getByLabel('Neues Passwort wiederholen').fill('zu kurz')
  await form.getByRole('button', { name: 'Passwort ändern' }).click()
  await form.getByText('„Neues Passwort“ muss mindestens 12 Zeichen lang sein.').waitFor()

  await form.getByLabel('Aktuelles Passwort').fill('falsches Passwort hier')
  await form.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD)
  await form.getByLabel('Neues Passwort wiederholen').fill(NEW_PASSWORD)
  await form.getByRole('button', { name: 'Passwort ändern' }).click()
  await form.getByText('Das aktuelle Passwort ist falsch.').waitFor()

  await form.getByLabel('Aktuelles Passwort').fill(PASSWORD)
  await form.getByRole('button', { name: 'Passwort ändern' }).click()
  await status(page, 'Dein Passwort wurde geändert. Alle anderen Geräte wurden abgemeldet.').waitFor()
  await devices.getByText('Auf keinem anderen Gerät bist du angemeldet.').waitFor()
  expect((await b.t.request('GET', '/api/v1/users/me', { token: extra.token })).status).toBe(401)
  expectClean()
})

test('on a phone the page fits the screen in every state', async () => {
  const user = await createUser(b.t, { name: 'Grace' })
  newToken(b.t, user.id, 'mobile')
  const { page, expectClean } = await openAccount(user, { phone: true, authenticator: true })
  const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await page.getByRole('heading', { level: 1, name: 'Account & security' }).waitFor()
  await addPasskey(page, 'Phone with a rather long passkey name here')
  await page.getByRole('region', { name: 'Signed-in devices' }).getByRole('listitem').nth(2).waitFor()
  await fits()
  await b.screenshot(page, 'account-security-phone')

  const item = page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem')
  await item.getByRole('button', { name: 'Rename' }).click()
  await fits()
  await page.getByRole('button', { name: 'Cancel' }).click()
  // Back in the list, the keyboard is on the button that opened the form.
  await waitForFocus(item.getByRole('button', { name: 'Rename' }))
  await item.getByRole('button', { name: 'Delete' }).click()
  await fits()

  // The profile with a long address waiting for confirmation, and the deletion's question open.
  const profile = page.getByRole('region', { name: 'Profile' })
  await profile.getByLabel('E-mail address').fill('grace.brewster.murray.hopper.rear.admiral@navy-history.example.org')
  await profile.getByRole('button', { name: 'Save profile' }).click()
  await profile.getByText('Waiting for confirmation: grace.brewster.murray.hopper.rear.admiral@navy-history.example.org').waitFor()
  await fits()
  const deletion = page.getByRole('region', { name: 'Delete account' })
  await deletion.getByRole('button', { name: 'Delete my account', exact: true }).click()
  await deletion.getByRole('group', { name: DELETE_QUESTION }).waitFor()
  await fits()
  await b.screenshot(page, 'account-profile-delete-phone')
  // The new parts pass the accessibility rules in this state, in the dark scheme too.
  await expectAccessible(page)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectAccessible(page)
  expectClean()
})

const DELETE_QUESTION = 'Delete your account and everything in it for good? This cannot be undone.'

test('profile: the name changes at once; a new address waits for the mailed link, then signs in', async () => {
  const user = await createUser(b.t, { name: 'Ada', email: 'ada.profile@example.com' })
  const { page, expectClean } = await openAccount(user)
  const profile = page.getByRole('region', { name: 'Profile' })
  const nameField = profile.getByLabel('Name')
  expect(await nameField.inputValue()).toBe('Ada')

  // An empty name is told at the field, in words with its label.
  await nameField.fill('')
  await profile.getByRole('button', { name: 'Save profile' }).click()
  await profile.getByText('Name is required.').waitFor()
  expect(await nameField.getAttribute('aria-invalid')).toBe('true')

  await nameField.fill('Ada Lovelace')
  await profile.getByRole('button', { name: 'Save profile' }).click()
  await status(page, 'Your profile was saved.').waitFor()
  expect((await b.t.request('GET', '/api/v1/users/me', { token: user.token })).body.data.name).toBe('Ada Lovelace')

  // Another member's address is refused at the field.
  await createUser(b.t, { email: 'taken.profile@example.com' })
  const emailField = profile.getByLabel('E-mail address')
  await emailField.fill('taken.profile@example.com')
  await profile.getByRole('button', { name: 'Save profile' }).click()
  await profile.getByText('E-mail address is already taken.').waitFor()

  await emailField.fill('ada.new@example.org')
  await profile.getByRole('button', { name: 'Save profile' }).click()
  await status(page, 'We sent a link to ada.new@example.org. Your address changes once you follow it.').waitFor()
  await profile.getByText('Waiting for confirmation: ada.new@example.org').waitFor()
  await profile.getByText('Until then you sign in with ada.profile@example.com.').waitFor()
  expect(await emailField.inputValue()).toBe('ada.profile@example.com')
  const login = (email: string) => b.t.request('POST', '/api/v1/auth/login', { body: { email, password: user.password } })
  expect((await login('ada.new@example.org')).status).toBe(401)

  // The link from the mail, opened in this tab, switches the address.
  await page.goto(await b.mailLink(`/auth/verify/${user.id}/`))
  await page.getByRole('status').filter({ hasText: /confirmed/i }).waitFor()
  expect((await login('ada.new@example.org')).status).toBe(200)
  expect((await login('ada.profile@example.com')).status).toBe(401)
  await page.goto(`${b.origin}/account`)
  expect(await page.getByRole('region', { name: 'Profile' }).getByLabel('E-mail address').inputValue()).toBe('ada.new@example.org')
  await expectCount(page.getByText(/Waiting for confirmation/), 0)
  expectClean()
})

test('delete the account with the password: a wrong one is told, then the account is gone and the page is signed out', async () => {
  const user = await createUser(b.t, { name: 'Temporary' })
  const other = newToken(b.t, user.id, 'mobile')
  const { page, expectClean } = await openAccount(user)
  const deletion = page.getByRole('region', { name: 'Delete account' })
  const question = deletion.getByRole('group', { name: DELETE_QUESTION })

  await deletion.getByLabel('Your password').fill('not my password at all')
  await deletion.getByRole('button', { name: 'Delete my account', exact: true }).click()
  // The question takes the keyboard to its safe answer; cancelling keeps everything.
  await waitForFocus(question.getByRole('button', { name: 'Cancel' }))
  await question.getByRole('button', { name: 'Yes, delete my account' }).click()
  await question.getByText('The password is incorrect.').waitFor()
  expect((await b.t.request('GET', '/api/v1/users/me', { token: user.token })).status).toBe(200)
  await question.getByRole('button', { name: 'Cancel' }).click()
  await waitForFocus(deletion.getByRole('button', { name: 'Delete my account', exact: true }))

  await deletion.getByLabel('Your password').fill(PASSWORD)
  await deletion.getByRole('button', { name: 'Delete my account', exact: true }).click()
  await question.getByRole('button', { name: 'Yes, delete my account' }).click()
  await page.waitForURL(`${b.origin}/signin`)
  await page.getByRole('heading', { level: 1 }).waitFor()
  expect(await pageToken(page)).toBeNull()
  for (const token of [user.token, other.token]) expect((await b.t.request('GET', '/api/v1/users/me', { token })).status).toBe(401)
  expect((await b.t.request('POST', '/api/v1/auth/login', { body: { email: user.email, password: PASSWORD } })).status).toBe(401)
  // Signed out for good: the account page sends the browser back to the sign-in page.
  await page.goto(`${b.origin}/account`)
  await page.waitForURL((url) => url.pathname === '/signin')
  expectClean()
})

test('delete the account with a passkey from the virtual authenticator', async () => {
  const user = await createUser(b.t, { name: 'Passkey Person' })
  const { page, expectClean } = await openAccount(user, { authenticator: true })
  await addPasskey(page, 'This laptop')
  const deletion = page.getByRole('region', { name: 'Delete account' })
  await deletion.getByRole('button', { name: 'Delete my account with a passkey' }).click()
  await deletion.getByRole('group', { name: DELETE_QUESTION }).getByRole('button', { name: 'Yes, delete my account' }).click()
  await page.waitForURL(`${b.origin}/signin`)
  expect(await pageToken(page)).toBeNull()
  expect((await b.t.request('GET', '/api/v1/users/me', { token: user.token })).status).toBe(401)
  expect((await b.t.request('GET', `/api/v1/auth/passkeys`, { token: user.token })).status).toBe(401)
  expectClean()
})
