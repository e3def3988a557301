/**
 * The account pages on an instance that sends its mail through SMTP (a real SMTP server on loopback) and does
 * not ask new accounts to confirm their address: registering signs the user in at once, and the reset link
 * from the delivered mail sets a password that works while the old one no longer does.
 */
import { afterAll, expect, test } from 'bun:test'
import { createUser, PASSWORD } from '../helpers/fixtures'
import { startSmtpCapture } from '../helpers/smtp'
import { signInThroughPage, skipWelcome, useBrowserApp } from './harness'

// The app reads its environment when it starts (beforeAll), so the SMTP server has to be listening first.
const capture = await startSmtpCapture()
afterAll(() => capture.close())
const b = useBrowserApp({ SMTP_URL: capture.url, EMAIL_VERIFICATION: 'false' })

test('without verification, registering signs the new user in and sends no mail', async () => {
  const { page, expectClean } = await b.open('/register')
  page.setDefaultTimeout(8000)
  await page.getByLabel('Name').fill('Ken')
  await page.getByLabel('E-mail address').fill('ken@example.com')
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Repeat the password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  // A new account's first page is the welcome; skipped, it goes on to today.
  await skipWelcome(page)
  await page.waitForURL(`${b.origin}/`)
  await page.getByRole('button', { name: 'Sign out' }).waitFor()
  const token = await page.evaluate(() => localStorage.getItem('daybook.token'))
  const me = await b.t.request('GET', '/api/v1/users/me', { token: token! })
  expect(me.body.data).toMatchObject({ email: 'ken@example.com', confirmed: true, settings: { language: 'en' } })
  expect(capture.messages.filter((mail) => mail.to.includes('ken@example.com'))).toEqual([])
  expectClean()
})

test('the reset link from the delivered mail sets a new password; the old one stops working', async () => {
  const user = await createUser(b.t, { name: 'Nia', email: 'nia@example.com' })
  const { page, expectClean } = await b.open('/forgot-password')
  page.setDefaultTimeout(8000)
  await page.getByLabel('E-mail address').fill(user.email)
  const delivered = capture.messages.length
  await page.getByRole('button', { name: 'Send link' }).click()
  await page.getByRole('status').filter({ hasText: 'If an account exists for nia@example.com' }).waitFor()

  await capture.waitFor(delivered + 1)
  const mail = capture.messages.findLast((m) => m.to.includes(user.email))!
  expect(mail.subject).toBe('Reset your daybook password')
  const link = mail.text.match(/https?:\/\/\S+/)![0]
  expect(link).toStartWith(`${b.origin}/auth/reset-password?token=`)
  expect(link).toEndWith('&email=nia%40example.com')

  await page.goto(link)
  await page.getByLabel('New password', { exact: true }).fill('the river runs north tonight')
  await page.getByLabel('Repeat the new password').fill('the river runs north tonight')
  await page.getByRole('button', { name: 'Save the new password' }).click()
  await page.getByRole('status').filter({ hasText: 'Your password has been changed.' }).waitFor()

  await page.getByRole('link', { name: 'Sign in' }).click()
  await page.getByLabel('E-mail address').fill(user.email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.getByRole('alert').filter({ hasText: 'The e-mail address or password is wrong.' }).waitFor()
  await signInThroughPage(page, user.email, 'the river runs north tonight')
  expect(new URL(page.url()).pathname).toBe('/')
  expectClean()
})
