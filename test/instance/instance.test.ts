/**
 * GET /api/v1/instance: what the server can do, public and the same for everyone, so the pages offer only what
 * works — the mail server or the outbox, open registration, the Telegram bot once it has started.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { createTestApp } from '../helpers/app'
import { createUser } from '../helpers/fixtures'
import { VERSION } from '../../src/version'
import { createBotWorld, startPolling } from '../chatbot/helpers'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

describe('GET /api/v1/instance', () => {
  test('the embedded defaults: mails to the outbox, registration open, no bot; without a token and with one alike', async () => {
    const t = createTestApp()
    cleanups.push(() => t.close())
    const r = await t.request('GET', '/api/v1/instance')
    expect(r.status).toBe(200)
    expect(r.body).toEqual({
      success: true, message: 'Instance retrieved successfully.', timestamp: expect.any(String),
      data: { name: 'daybook', version: VERSION, registration_open: true, email_delivery: 'outbox', email_verification: false, passkeys: true, telegram_bot: null },
    })
    const user = await createUser(t)
    expect((await t.request('GET', '/api/v1/instance', { token: user.token })).body.data).toEqual(r.body.data)
    // an expired or wrong token does not matter on a public route
    expect((await t.request('GET', '/api/v1/instance', { token: '1|nonsense' })).status).toBe(200)
  })

  test('what the configuration says: a name, a mail server, closed registration', async () => {
    const t = createTestApp({ INSTANCE_NAME: 'Family Costa', SMTP_URL: 'smtp://127.0.0.1:2525', REGISTRATION_OPEN: 'false' })
    cleanups.push(() => t.close())
    expect((await t.request('GET', '/api/v1/instance')).body.data).toMatchObject({
      name: 'Family Costa', registration_open: false, email_delivery: 'smtp', email_verification: true,
    })
  })

  test('the Telegram bot by its user name once it has started (getMe on the Bot API peer)', async () => {
    const w = createBotWorld()
    cleanups.push(() => w.close())
    expect((await w.t.request('GET', '/api/v1/instance')).body.data.telegram_bot).toBeNull()
    await startPolling(w)
    expect((await w.t.request('GET', '/api/v1/instance')).body.data.telegram_bot).toBe('daybook_test_bot')
  })
})
