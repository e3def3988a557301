/**
 * The account pages before sign-in, in a real browser against the real server with e-mail verification on and
 * mails in the outbox: registration with the API's rules at the fields, the verification link with each of
 * its outcomes and a fresh link, forgot/reset password with a link that works once (without a mail server the page
 * sends the person to the admin; with one, on a real SMTP server on loopback, it promises the mail that arrives),
 * German, a phone, and a closed instance.
 */
import { afterAll, beforeEach, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser, PASSWORD } from '../helpers/fixtures'
import { startSmtpCapture } from '../helpers/smtp'
import { type BrowserApp, expectCount, signInThroughPage, useBrowserApp } from './harness'

const HOUR = 3600_000
const NEW_PASSWORD = 'a brand new passphrase'
const OUTBOX_INTRO = 'This server sends no e-mail, so no reset link can reach you by mail. Ask the server’s admin for a password-reset link; one you request below waits in the server’s outbox for the admin to hand over.'
const outboxSent = (email: string) =>
  `If an account exists for ${email}, its reset link is now in the server’s outbox, which only the admin can read. Ask the server’s admin for your password-reset link.`

// The mail server of the instance that has one; the app reads its environment when it starts (beforeAll), so it
// has to be listening first.
const capture = await startSmtpCapture()
afterAll(() => capture.close())

/** Waits for a mail that is not among `seen` and returns its first link containing `fragment`. */
async function newMailLink(b: BrowserApp, seen: Set<string>, fragment: string): Promise<string> {
  const deadline = Date.now() + 5000
  for (;;) {
    const link = b.outbox().filter((text) => !seen.has(text)).flatMap((text) => text.match(/https?:\/\/\S+/g) ?? []).find((l) => l.includes(fragment))
    if (link) return link
    if (Date.now() > deadline) throw new Error(`no new mail with a link containing ${fragment}`)
    await Bun.sleep(50)
  }
}

/** A watched page that gives up on a missing element well within the test's time, so a failure says what was missing. */
async function open(b: BrowserApp, path: string, options?: Parameters<BrowserApp['open']>[1]) {
  const watched = await b.open(path, options)
  watched.page.setDefaultTimeout(8000)
  return watched
}

/** The path and query of a mail link, for `b.open` and `page.goto`. */
const pathOf = (link: string) => { const url = new URL(link); return url.pathname + url.search }

/** The error shown at a field (waiting for the field to be marked invalid), read through its aria-describedby. */
async function fieldError(page: Page, label: string): Promise<string> {
  const input = page.getByLabel(label, { exact: true })
  await input.and(page.locator('[aria-invalid="true"]')).waitFor()
  const id = (await input.getAttribute('aria-describedby'))!.split(' ').find((part) => part.endsWith('-error'))!
  return (await page.locator(`[id="${id}"]`).textContent())!
}

describe('with e-mail verification on', () => {
  const b = useBrowserApp({ EMAIL_VERIFICATION: 'true' })
  const register = (name: string, email: string, language = 'en') => b.t.request('POST', '/api/v1/auth/register', {
    body: { name, email, password: PASSWORD, password_confirmation: PASSWORD, language },
  })

  // The public account routes are limited per IP and hour, and every request here comes from 127.0.0.1: each
  // test starts two hours later on the server's clock, so the tests do not use up each other's allowance.
  let offset = 0
  beforeEach(() => {
    offset += 2 * HOUR
    b.t.clock.now = () => Date.now() + offset
  })

  test('registration shows the API\'s rules at the fields, then asks to confirm the address; a new link can be sent', async () => {
    await createUser(b.t, { name: 'Taken', email: 'taken@example.com' })
    const { page, expectClean } = await open(b, '/signin')
    await page.getByRole('link', { name: 'Create an account' }).click()
    await page.getByRole('heading', { name: 'Create an account' }).waitFor()
    expect(await page.title()).toBe('Create an account · daybook')

    await page.getByLabel('Name').fill('Grace Hopper')
    await page.getByLabel('E-mail address').fill('taken@example.com')
    await page.getByLabel('Password', { exact: true }).fill('too short')
    await page.getByLabel('Repeat the password').fill('too short')
    await page.getByRole('button', { name: 'Create account' }).click()
    // The API's messages name its fields ("The password field …"); the page names them by their labels.
    await page.getByText('Password must be at least 12 characters long.').waitFor()
    expect(await fieldError(page, 'Password')).toBe('Password must be at least 12 characters long.')
    expect(await fieldError(page, 'E-mail address')).toBe('E-mail address is already taken.')
    await b.screenshot(page, 'auth-register')

    await page.getByLabel('E-mail address').fill('grace@example.com')
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Repeat the password').fill('correct horse battery stable')
    await page.getByRole('button', { name: 'Create account' }).click()
    // The API reports the mismatch on `password`; it is shown where it was typed, under the repeated password.
    expect(await fieldError(page, 'Repeat the password')).toBe('The passwords do not match.')
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBeNull()
    await expectCount(page.getByText('E-mail address is already taken.'), 0)

    const seen = new Set(b.outbox())
    await page.getByLabel('Repeat the password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByRole('heading', { name: 'Check your mail' }).waitFor()
    await page.getByRole('status').filter({ hasText: 'We sent a link to grace@example.com' }).waitFor()
    const first = await newMailLink(b, seen, '/auth/verify/')

    // Not signed in: the address is not confirmed yet.
    expect(await page.evaluate(() => localStorage.getItem('daybook.token'))).toBeNull()
    const login = await b.t.request('POST', '/api/v1/auth/login', { body: { email: 'grace@example.com', password: PASSWORD } })
    expect(login.body.code).toBe('email_not_verified')

    seen.add(b.outbox().find((text) => text.includes(first))!)
    await page.getByRole('button', { name: 'Send a new link' }).click()
    await page.getByRole('status').filter({ hasText: 'If grace@example.com belongs to an account waiting for confirmation' }).waitFor()
    const second = await newMailLink(b, seen, '/auth/verify/')
    expect(second).not.toBe(first)
    await page.getByRole('button', { name: 'Send another link' }).waitFor()
    expectClean()
  })

  test('the link in the verification mail confirms the address; the user then signs in', async () => {
    const seen = new Set(b.outbox())
    expect((await register('Ada Lovelace', 'ada@example.com')).status).toBe(201)
    const link = await newMailLink(b, seen, '/auth/verify/')
    expect(link.startsWith(`${b.origin}/auth/verify/`)).toBe(true)

    const { page, expectClean } = await open(b, pathOf(link))
    await page.getByRole('heading', { name: 'Confirm your e-mail address' }).waitFor()
    await page.getByRole('status').filter({ hasText: 'Your e-mail address is confirmed. Welcome to daybook!' }).waitFor()
    await b.screenshot(page, 'auth-verify')
    await page.getByRole('link', { name: 'Sign in' }).click()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    await signInThroughPage(page, 'ada@example.com', PASSWORD)
    expect(new URL(page.url()).pathname).toBe('/')
    await page.getByRole('button', { name: 'Sign out' }).waitFor()

    // The link again, signed in by now: already done, and the way on is the start page.
    await page.goto(link)
    await page.getByRole('status').filter({ hasText: 'This address is already confirmed' }).waitFor()
    await page.getByRole('link', { name: 'Go to the start page' }).waitFor()
    expectClean()
  })

  test('a replaced, a made-up and an expired link each say so; a fresh link asked for on the page works', async () => {
    const seen = new Set(b.outbox())
    const registered = await register('Lin', 'lin@example.com')
    expect(registered.status).toBe(201)
    const replaced = await newMailLink(b, seen, '/auth/verify/')
    seen.add(b.outbox().find((text) => text.includes(replaced))!)
    await b.t.request('POST', '/api/v1/auth/verify/resend', { body: { email: 'lin@example.com' } })
    const current = await newMailLink(b, seen, '/auth/verify/')

    const { page, expectClean } = await open(b, pathOf(replaced))
    await page.getByRole('alert').filter({ hasText: 'This link is no longer valid.' }).waitFor()
    await page.getByRole('heading', { name: 'Get a new link' }).waitFor()

    await page.goto(`${b.origin}/auth/verify/0197a1b2-6c1e-7d3a-9f42-1b2c3d4e5f60/${'x'.repeat(40)}`)
    await page.getByRole('alert').filter({ hasText: 'This link does not belong to any account waiting for confirmation.' }).waitFor()
    await page.getByRole('link', { name: 'Create one' }).waitFor()

    // A day and an hour later the newest link has run out.
    offset += 25 * HOUR
    await page.goto(current)
    await page.getByRole('alert').filter({ hasText: 'This link has expired: confirmation links are valid for 24 hours.' }).waitFor()
    await page.getByRole('button', { name: 'Send a new link' }).click()
    expect(await fieldError(page, 'E-mail address')).toBe('E-mail address is required.')
    seen.add(b.outbox().find((text) => text.includes(current))!)
    await page.getByLabel('E-mail address').fill('lin@example.com')
    await page.getByRole('button', { name: 'Send a new link' }).click()
    await page.getByRole('status').filter({ hasText: 'If lin@example.com belongs to an account waiting for confirmation' }).waitFor()
    const fresh = await newMailLink(b, seen, '/auth/verify/')

    await page.goto(fresh)
    await page.getByRole('status').filter({ hasText: 'Your e-mail address is confirmed.' }).waitFor()
    const login = await b.t.request('POST', '/api/v1/auth/login', { body: { email: 'lin@example.com', password: PASSWORD } })
    expect(login.status).toBe(200)
    expectClean()
  })

  test('without a mail server, forgot password sends the person to the admin, alike for any address; the link left in the outbox sets a new password once; a used or broken link says so', async () => {
    const user = await createUser(b.t, { name: 'Rosa', email: 'rosa@example.com' })
    const { page, expectClean } = await open(b, '/signin')
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor()
    // Before anything is asked: no mail will come, and who can help.
    await page.getByText(OUTBOX_INTRO).waitFor()
    await expectCount(page.getByText('we will send you a link', { exact: false }), 0)

    // An unknown address gets the same answer as a known one, and nothing in the outbox.
    const seen = new Set(b.outbox())
    await page.getByLabel('E-mail address').fill('nobody@example.com')
    await page.getByRole('button', { name: 'Request a link' }).click()
    await page.getByRole('status').filter({ hasText: outboxSent('nobody@example.com') }).waitFor()
    await page.getByLabel('E-mail address').fill(user.email)
    await page.getByRole('button', { name: 'Request again' }).click()
    await page.getByRole('status').filter({ hasText: outboxSent('rosa@example.com') }).waitFor()
    await expectCount(page.getByText('Check your spam folder', { exact: false }), 0)
    // The link the admin finds in the outbox, to hand over.
    const link = await newMailLink(b, seen, '/auth/reset-password')
    expect(b.outbox().filter((text) => !seen.has(text))).toHaveLength(1)

    await page.goto(link)
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor()
    await page.getByText('For the account rosa@example.com.').waitFor()
    await b.screenshot(page, 'auth-reset')
    await page.getByLabel('New password', { exact: true }).fill('short')
    await page.getByLabel('Repeat the new password').fill('short')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    expect(await fieldError(page, 'New password')).toBe('New password must be at least 12 characters long.')
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await page.getByRole('heading', { name: 'Password changed' }).waitFor()
    await page.getByRole('status').filter({ hasText: 'Your password has been changed.' }).waitFor()
    // Every earlier session ended with the reset.
    expect((await b.t.request('GET', '/api/v1/users/me', { token: user.token })).status).toBe(401)

    // The link works once.
    await page.goto(link)
    await page.getByLabel('New password', { exact: true }).fill('yet another passphrase')
    await page.getByLabel('Repeat the new password').fill('yet another passphrase')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired.' }).waitFor()
    await page.getByRole('link', { name: 'Ask for a new link' }).click()
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor()
    expect(await page.getByLabel('E-mail address').inputValue()).toBe('rosa@example.com')

    // A link without its token and address.
    await page.goto(`${b.origin}/auth/reset-password`)
    await page.getByRole('alert').filter({ hasText: 'This reset link is incomplete.' }).waitFor()

    await page.goto(`${b.origin}/signin`)
    await signInThroughPage(page, user.email, NEW_PASSWORD)
    expect(new URL(page.url()).pathname).toBe('/')
    expectClean()
  })

  test('in German, forgot password without a mail server also sends the person to the admin', async () => {
    const { page, expectClean } = await open(b, '/forgot-password', { locale: 'de-DE' })
    await page.getByRole('heading', { name: 'Passwort vergessen?' }).waitFor()
    await page.getByText('Dieser Server verschickt keine E-Mails, daher kann dich kein Link per Mail erreichen. Bitte den Admin des Servers um einen Link zum Zurücksetzen des Passworts', { exact: false }).waitFor()
    await page.getByLabel('E-Mail-Adresse').fill('niemand@example.com')
    await page.getByRole('button', { name: 'Link anfordern' }).click()
    await page.getByRole('status').filter({ hasText: 'Falls es ein Konto für niemand@example.com gibt, liegt sein Link zum Zurücksetzen jetzt im Postausgang des Servers, den nur der Admin lesen kann. Bitte den Admin des Servers um deinen Link zum Zurücksetzen des Passworts.' }).waitFor()
    expectClean()
  })

  test('in German: the rules at the fields, the mail and the confirmation are all in German', async () => {
    const { page, expectClean } = await open(b, '/register', { locale: 'de-DE' })
    await page.getByRole('heading', { name: 'Konto erstellen' }).waitFor()
    await page.getByLabel('Name').fill('Jana')
    await page.getByLabel('E-Mail-Adresse').fill('jana@example')
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Konto erstellen' }).click()
    expect(await fieldError(page, 'E-Mail-Adresse')).toBe('„E-Mail-Adresse“ muss eine gültige E-Mail-Adresse sein.')
    expect(await fieldError(page, 'Passwort wiederholen')).toBe('„Passwort wiederholen“ ist erforderlich.')

    const seen = new Set(b.outbox())
    await page.getByLabel('E-Mail-Adresse').fill('jana@example.com')
    await page.getByLabel('Passwort wiederholen').fill(PASSWORD)
    await page.getByRole('button', { name: 'Konto erstellen' }).click()
    await page.getByRole('heading', { name: 'Schau in dein Postfach' }).waitFor()
    const link = await newMailLink(b, seen, '/auth/verify/')
    // The mail is in the language the page was shown in.
    expect(b.outbox().find((text) => text.includes(link))).toContain('Hallo, Jana!')

    await page.goto(link)
    await page.getByRole('status').filter({ hasText: 'Deine E-Mail-Adresse ist bestätigt.' }).waitFor()
    await page.getByRole('link', { name: 'Anmelden' }).waitFor()
    expectClean()
  })

  test('on a phone the pages fit the screen, and a link made for the app says to go back to it', async () => {
    const seen = new Set(b.outbox())
    await b.t.request('POST', '/api/v1/auth/register', {
      body: { name: 'Mo', email: 'mo@example.com', password: PASSWORD, password_confirmation: PASSWORD, platform: 'mobile' },
    })
    const link = await newMailLink(b, seen, '/auth/verify/')
    expect(link).toEndWith('?platform=mobile')

    const { page, expectClean } = await open(b, '/register', { phone: true })
    await page.getByRole('heading', { name: 'Create an account' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await b.screenshot(page, 'auth-register-phone')

    await page.goto(link)
    await page.getByRole('status').filter({ hasText: 'Your e-mail address is confirmed.' }).waitFor()
    await page.getByText('You can go back to the daybook app on your phone and sign in there.').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    expectClean()
  })
})

describe('with a mail server', () => {
  const b = useBrowserApp({ SMTP_URL: capture.url })

  test('forgot password promises a mail, alike for any address, and the mail arrives at the mail server', async () => {
    const user = await createUser(b.t, { name: 'Mira', email: 'mira@example.com' })
    const { page, expectClean } = await open(b, '/forgot-password')
    await page.getByText('Enter the e-mail address of your account and we will send you a link to choose a new password.').waitFor()
    await expectCount(page.getByText('admin', { exact: false }), 0)

    const before = capture.messages.length
    await page.getByLabel('E-mail address').fill('nobody@example.com')
    await page.getByRole('button', { name: 'Send link' }).click()
    await page.getByRole('status').filter({ hasText: 'If an account exists for nobody@example.com, we have sent it a link' }).waitFor()
    await page.getByLabel('E-mail address').fill(user.email)
    await page.getByRole('button', { name: 'Send another link' }).click()
    await page.getByRole('status').filter({ hasText: 'If an account exists for mira@example.com, we have sent it a link' }).waitFor()
    await page.getByText('No mail after a few minutes? Check your spam folder', { exact: false }).waitFor()
    const mails = (await capture.waitFor(before + 1)).slice(before)
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[['mira@example.com'], 'Reset your daybook password']])
    expect(mails[0]!.text).toContain(`${b.origin}/auth/reset-password?token=`)
    expect(b.outbox()).toEqual([])
    expectClean()
  })
})

describe('with registration closed', () => {
  const b = useBrowserApp({ REGISTRATION_OPEN: 'false' })

  test('registering says that registration is closed', async () => {
    const { page, expectClean } = await open(b, '/register')
    await page.getByLabel('Name').fill('Eve')
    await page.getByLabel('E-mail address').fill('eve@example.com')
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Repeat the password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByRole('alert').filter({ hasText: 'Registration is closed on this server. Ask its admin for an account.' }).waitFor()
    const login = await b.t.request('POST', '/api/v1/auth/login', { body: { email: 'eve@example.com', password: PASSWORD } })
    expect(login.body.code).toBe('invalid_credentials')
    expectClean()
  })
})
