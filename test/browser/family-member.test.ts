/**
 * A new family member, end to end in one browser tab, with e-mail verification on: registers on the page (the
 * API has no admin endpoint that creates accounts; admins use the CLI), confirms the address through the mailed
 * link, signs in with the password, adds a passkey, signs in with it alone, forgets the password, sets a new one
 * through the mailed reset link, and signs in with that. The household's admin sees the account throughout.
 */
import { expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser } from '../helpers/fixtures'
import { addVirtualAuthenticator, signInThroughPage, useBrowserApp } from './harness'

const b = useBrowserApp({ EMAIL_VERIFICATION: 'true' })

const EMAIL = 'lena@example.com'
const FIRST_PASSWORD = 'lenas first long password'
const NEW_PASSWORD = 'lenas brand new password'

const signOut = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click()

test('a new family member registers, confirms, adds a passkey, signs in with it, and resets the password', async () => {
  // The household's admin exists first, so the new member is an ordinary user.
  const admin = await createUser(b.t, { role: 'super_admin', name: 'Ada' })
  const memberAsAdminSees = async () =>
    (await b.t.request('GET', `/api/v1/users?q=${encodeURIComponent(EMAIL)}`, { token: admin.token })).body.data[0]

  const { page, expectClean } = await b.open('/register')
  // The authenticator belongs to the tab: added first, it serves every ceremony that follows on this page.
  await addVirtualAuthenticator(page)
  await page.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor()
  await page.getByLabel('Name').fill('Lena')
  await page.getByLabel('E-mail address').fill(EMAIL)
  await page.getByLabel('Password', { exact: true }).fill(FIRST_PASSWORD)
  await page.getByLabel('Repeat the password').fill(FIRST_PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.getByRole('heading', { level: 1, name: 'Check your mail' }).waitFor()
  expect(await memberAsAdminSees()).toMatchObject({ name: 'Lena', role: 'user', confirmed: false })

  // The address is confirmed through the mailed link.
  await page.goto(await b.mailLink('/auth/verify/'))
  await page.getByRole('status').filter({ hasText: 'Your e-mail address is confirmed.' }).waitFor()
  expect(await memberAsAdminSees()).toMatchObject({ confirmed: true })

  // Password sign-in through the page, then a passkey on the account page.
  await page.getByRole('link', { name: 'Sign in' }).click()
  await signInThroughPage(page, EMAIL, FIRST_PASSWORD)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account & security' }).click()
  await page.getByRole('heading', { level: 1, name: 'Account & security' }).waitFor()
  await page.getByLabel('Name of the new passkey').fill('Family laptop')
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await page.getByRole('status').filter({ hasText: 'Passkey “Family laptop” added.' }).waitFor()

  // Signed out, the passkey alone signs in again.
  await signOut(page)
  await page.waitForURL(`${b.origin}/signin?next=%2Faccount`)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await page.waitForURL(`${b.origin}/account`)
  await page.getByRole('region', { name: 'Passkeys' }).getByText('Last used').waitFor()
  const passkeyToken = await page.evaluate(() => localStorage.getItem('daybook.token'))
  expect((await b.t.request('GET', '/api/v1/users/me', { token: passkeyToken! })).body.data.email).toBe(EMAIL)

  // The password is forgotten: a reset link by mail, a new password on its page.
  await signOut(page)
  await page.waitForURL(`${b.origin}/signin?next=%2Faccount`)
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await page.waitForURL(`${b.origin}/forgot-password`)
  await page.getByLabel('E-mail address').fill(EMAIL)
  // No mail server here: the page asks for the link that waits in the outbox (read below, as the admin would).
  await page.getByRole('button', { name: 'Request a link' }).click()
  await page.getByRole('status').filter({ hasText: `If an account exists for ${EMAIL}` }).waitFor()
  await page.goto(await b.mailLink('/auth/reset-password'))
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Save the new password' }).click()
  await page.getByRole('heading', { level: 1, name: 'Password changed' }).waitFor()

  // The new password signs in through the page; the old one no longer works.
  await page.getByRole('link', { name: 'Sign in' }).click()
  await signInThroughPage(page, EMAIL, NEW_PASSWORD)
  await page.waitForURL(`${b.origin}/`)
  const token = await page.evaluate(() => localStorage.getItem('daybook.token'))
  expect((await b.t.request('GET', '/api/v1/users/me', { token: token! })).status).toBe(200)
  const login = (password: string) => b.t.request('POST', '/api/v1/auth/login', { body: { email: EMAIL, password } })
  expect((await login(FIRST_PASSWORD)).status).toBe(401)
  expectClean()
})
