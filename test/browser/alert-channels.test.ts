/**
 * The alert settings on what the server can actually do (GET /instance), in a real browser: on a server without a
 * mail server the e-mail channel's test says the mail only reached the outbox, and with a real SMTP server on
 * loopback that the mail server took it (and it arrives there); without a Telegram bot the section says so and hands
 * out no code; a channel the person already has is refused next to the form, and a private address is refused in
 * words the person can act on, in their language (axe finds nothing to fault in either section); all of it on a
 * 360 px phone.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import type { Locator, Page } from 'playwright-core'
import { createUser, type TestUser } from '../helpers/fixtures'
import { startSmtpCapture } from '../helpers/smtp'
import { chatbotConnections } from '../../src/features/chatbot/schema'
import { testMessage } from '../../src/features/notifications/texts'
import { expectAccessible, expectCount, useBrowserApp, type BrowserApp } from './harness'

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

/** The error tied to a form control (its aria-describedby), once the control is marked invalid. */
async function errorOf(control: Locator): Promise<string> {
  await control.and(control.page().locator('[aria-invalid="true"]')).waitFor()
  const id = (await control.getAttribute('aria-describedby'))!.split(' ').find((part) => part.endsWith('-error'))!
  return (await control.page().locator(`[id="${id}"]`).textContent())!
}

async function speaks(b: BrowserApp, user: TestUser, language: string) {
  expect((await b.api('PUT', '/users/me/settings/language', user, { language })).status).toBe(200)
}

describe('a server without a mail server, a Telegram bot or private addresses for notifications', () => {
  const b = useBrowserApp()

  test('the e-mail channel says before and after its test that mails stay in the server\'s outbox', async () => {
    const user = await createUser(b.t, { name: 'Olga', email: 'olga@alerts.test' })
    const { page, expectClean } = await b.openAs(user, '/settings')
    const channels = section(page, 'Notification channels')
    await channels.getByText('This server has no mail server yet: its e-mails stay in an outbox for the admin', { exact: false }).waitFor()
    await channels.getByRole('button', { name: 'Add channel' }).click()
    await channels.getByRole('button', { name: 'Send a test to E-mail to olga@alerts.test' }).click()
    const row = channels.getByRole('listitem').filter({ hasText: 'olga@alerts.test' })
    await row.getByRole('status').filter({ hasText: 'This server has no mail server: the test was written to its outbox, which only the server’s admin can read. No e-mail reaches olga@alerts.test until the admin sets one up.' }).waitFor()
    await expectCount(row.getByText('The test was delivered.'), 0)
    expect(b.outbox().filter((text) => text.includes(testMessage('en')))).toHaveLength(1)

    await speaks(b, user, 'de')
    await page.reload()
    const kanäle = section(page, 'Benachrichtigungskanäle')
    await kanäle.getByRole('button', { name: 'Test senden: E-Mail an olga@alerts.test' }).click()
    await kanäle.getByRole('status').filter({ hasText: 'Dieser Server hat keinen Mailserver: Der Test wurde in seinen Postausgang geschrieben' }).waitFor()
    expectClean()
  })

  test('the Telegram section says the server has no bot and what its admin would do, and hands out no code', async () => {
    const user = await createUser(b.t, { name: 'Theo', email: 'theo@alerts.test' })
    const { page, expectClean } = await b.openAs(user, '/settings')
    const telegram = section(page, 'Telegram')
    await telegram.getByText('This server has no Telegram bot, so no chat can be linked here.').waitFor()
    await telegram.getByText('To offer one, the server’s admin creates a bot with Telegram’s @BotFather and gives the server that bot’s token.').waitFor()
    await expectCount(telegram.getByRole('button'), 0)
    await expectCount(telegram.locator('code'), 0)
    expect((await b.api('GET', '/telegram/request', user)).body.data).toBeNull()
    await expectAccessible(page, '#telegram')

    await speaks(b, user, 'fr')
    await page.reload()
    await section(page, 'Telegram').getByText('Ce serveur n’a pas de bot Telegram : aucune discussion ne peut être liée ici.').waitFor()
    await expectCount(section(page, 'Telegram').locator('code'), 0)
    expectClean()
  })

  test('a chat linked before the bot was removed is shown with the news that no alerts reach it, and can be disconnected', async () => {
    const user = await createUser(b.t, { name: 'Ines', email: 'ines@alerts.test' })
    // Linked while the server had a bot (pairing itself is refused now: test/chatbot/no-bot.test.ts).
    const now = Date.now()
    b.t.deps.db.insert(chatbotConnections).values({ userId: user.id, token: 'a'.repeat(64), tokenCreatedAt: now, chatId: '3141', createdAt: now, updatedAt: now }).run()
    const { page, expectClean } = await b.openAs(user, '/settings')
    const telegram = section(page, 'Telegram')
    await telegram.getByText('Linked to the Telegram chat 3141.').waitFor()
    await telegram.getByRole('status').filter({ hasText: 'The server’s Telegram bot is not running, so no alerts reach this chat until its admin starts it again.' }).waitFor()
    await telegram.getByRole('button', { name: 'Disconnect Telegram' }).click()
    await telegram.getByRole('group', { name: 'Disconnect Telegram' }).getByRole('button', { name: 'Yes, disconnect' }).click()
    await telegram.getByRole('status').filter({ hasText: 'Telegram was disconnected.' }).waitFor()
    await telegram.getByText('This server has no Telegram bot, so no chat can be linked here.').waitFor()
    expect((await b.api('GET', '/telegram/request', user)).body.data).toBeNull()
    expectClean()
  })

  test('a channel the person already has is refused at the field that names it; a private address says who can allow it', async () => {
    const user = await createUser(b.t, { name: 'Dana', email: 'dana@alerts.test' })
    // A public address, saved without being contacted (nothing here sends a test to it).
    expect((await b.api('POST', '/notifications/channels', user, { type: 'ntfy', url: 'https://1.1.1.1/dana-family' })).status).toBe(200)
    expect((await b.api('POST', '/notifications/channels', user, { type: 'email' })).status).toBe(200)
    const { page, expectClean } = await b.openAs(user, '/settings')
    const channels = section(page, 'Notification channels')
    await expectCount(channels.getByRole('listitem'), 2)

    await channels.getByRole('button', { name: 'Add channel' }).click()
    expect(await errorOf(channels.getByLabel('Type'))).toBe('You already have an e-mail channel; it goes to your account’s address.')

    await channels.getByLabel('Type').selectOption('ntfy')
    await channels.getByLabel('Topic URL').fill('https://1.1.1.1/dana-family/')
    await channels.getByRole('button', { name: 'Add channel' }).click()
    expect(await errorOf(channels.getByLabel('Topic URL'))).toBe('You already have a channel for this ntfy topic.')

    await channels.getByLabel('Topic URL').fill('http://192.168.1.20/dana-family')
    await channels.getByRole('button', { name: 'Add channel' }).click()
    expect(await errorOf(channels.getByLabel('Topic URL'))).toBe('This address is in a private or local network. The server’s admin must allow private addresses for notifications before a channel can use it.')
    await expectCount(channels.getByText('NOTIFY_ALLOW_PRIVATE', { exact: false }), 0)
    await expectCount(channels.getByRole('listitem'), 2)
    await expectAccessible(page, '#channels')

    await speaks(b, user, 'de')
    await page.reload()
    const kanäle = section(page, 'Benachrichtigungskanäle')
    await kanäle.getByLabel('Art').selectOption('ntfy')
    await kanäle.getByLabel('Topic-URL').fill('http://192.168.1.20/dana-family')
    await kanäle.getByRole('button', { name: 'Kanal hinzufügen' }).click()
    expect(await errorOf(kanäle.getByLabel('Topic-URL'))).toBe('Diese Adresse liegt in einem privaten oder lokalen Netz. Der Admin des Servers muss private Adressen für Benachrichtigungen erst erlauben, bevor ein Kanal sie nutzen kann.')
    await kanäle.getByLabel('Topic-URL').fill('https://1.1.1.1/dana-family')
    await kanäle.getByRole('button', { name: 'Kanal hinzufügen' }).click()
    expect(await errorOf(kanäle.getByLabel('Topic-URL'))).toBe('Du hast schon einen Kanal für dieses ntfy-Topic.')
    expectClean()
  })

  test('on a 360 px phone: the refusals, the outbox words and the Telegram section fit the screen', async () => {
    const user = await createUser(b.t, { name: 'Pia', email: 'pia@alerts.test' })
    expect((await b.api('POST', '/notifications/channels', user, { type: 'email' })).status).toBe(200)
    const { page, expectClean } = await b.openAs(user, '/settings', { phone: true })
    const channels = section(page, 'Notification channels')
    await channels.getByRole('button', { name: 'Send a test to E-mail to pia@alerts.test' }).click()
    await channels.getByRole('status').filter({ hasText: 'the test was written to its outbox' }).waitFor()
    await channels.getByLabel('Type').selectOption('webhook')
    await channels.getByLabel('Webhook URL').fill('http://10.0.0.7/a-rather-long-path/to/the/family-webhook-receiver')
    await channels.getByRole('button', { name: 'Add channel' }).click()
    await errorOf(channels.getByLabel('Webhook URL'))
    await section(page, 'Telegram').getByText('This server has no Telegram bot', { exact: false }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await b.screenshot(page, 'alert-channels-phone')
    expectClean()
  })
})

// The app reads its environment when it starts (beforeAll), so the SMTP server has to be listening first.
const capture = await startSmtpCapture()
afterAll(() => capture.close())

describe('a server with a mail server', () => {
  const b = useBrowserApp({ SMTP_URL: capture.url })

  test('the e-mail channel\'s test says the mail server took it, and the mail arrives there', async () => {
    const user = await createUser(b.t, { name: 'Sven', email: 'sven@alerts.test' })
    const { page, expectClean } = await b.openAs(user, '/settings')
    const channels = section(page, 'Notification channels')
    await channels.getByText('Sent to your account’s address, sven@alerts.test.').waitFor()
    await expectCount(channels.getByText('no mail server', { exact: false }), 0)
    await channels.getByRole('button', { name: 'Add channel' }).click()
    const delivered = capture.messages.length
    await channels.getByRole('button', { name: 'Send a test to E-mail to sven@alerts.test' }).click()
    await channels.getByRole('status').filter({ hasText: 'The mail server took the test for sven@alerts.test; it should be in the inbox shortly.' }).waitFor()
    const mail = (await capture.waitFor(delivered + 1)).at(-1)!
    expect(mail.to).toEqual(['sven@alerts.test'])
    expect(mail.subject).toBe('daybook test notification')
    expect(b.outbox()).toEqual([])
    expectClean()
  })
})
