/**
 * The account security page in a real browser: a passkey added through the page with Chromium's virtual
 * authenticator, renamed, used for a passwordless sign-in on the sign-in page and deleted; the signed-in devices
 * with one revoked and "everywhere else" signed out; the password changed; German; a phone screen.
 */
import { expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser, newToken, PASSWORD, type TestUser } from '../helpers/fixtures'
import { addVirtualAuthenticator, expectCount, signInThroughPage, useBrowserApp, waitForFocus } from './harness'

const b = useBrowserApp()

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
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByText('New name for “Laptop” is required.').waitFor()
  expect(await nameField.getAttribute('aria-invalid')).toBe('true')
  await nameField.fill('Work laptop')
  await page.getByRole('button', { name: 'Save' }).click()
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
  expectClean()
})
