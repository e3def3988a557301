/**
 * A server without TELEGRAM_BOT_TOKEN hands out no pairing code: nothing could ever read it (docs/api/chatbot.md
 * §4.1). What was linked before the bot was removed can still be seen, toggled and disconnected.
 */
import { expect, test } from 'bun:test'
import { createUser } from '../helpers/fixtures'
import { useTestApp } from '../helpers/use-test-app'
import { linkedThenBotRemoved, PREFIXES } from './helpers'

const t = useTestApp()

const noBot = {
  success: false, code: 'no_telegram_bot', timestamp: '2026-06-24T10:00:00.000Z',
  message: 'This server has no Telegram bot, so there is nothing to pair a chat with.',
}

test.each(PREFIXES)('%s/token-request is a 409 in words, and creates nothing', async (prefix) => {
  const user = await createUser(t)
  const r = await t.request('GET', `${prefix}/token-request`, { token: user.token })
  expect(r.status).toBe(409)
  expect(r.body).toEqual(noBot)
  expect((await t.request('GET', `${prefix}/request`, { token: user.token })).body.data).toBeNull()
  // Signing in still comes first.
  expect((await t.request('GET', `${prefix}/token-request`)).status).toBe(401)
  // What the pages read to know it beforehand.
  expect((await t.request('GET', '/api/v1/instance')).body.data.telegram_bot).toBeNull()
  expect((await t.request('GET', `${prefix}/bot`, { token: user.token })).body.data).toEqual({ username: null, link: null })
})

test('a chat linked before the bot was removed is still shown, its alerts toggle, and it can be disconnected', async () => {
  const { t: after, user, close } = await linkedThenBotRemoved(7001)
  try {
    const state = await after.request('GET', '/api/v1/telegram/request', { token: user.token })
    expect(state.body.data).toMatchObject({ is_confirmed: true, chat_id: '7001' })
    expect((await after.request('GET', '/api/v1/telegram/token-request', { token: user.token })).status).toBe(409)
    const toggled = await after.request('PUT', '/api/v1/telegram/your-day-alert', { token: user.token, body: { your_day_alert: true } })
    expect(toggled.body.data.your_day_alert).toBe(true)
    expect((await after.request('DELETE', '/api/v1/telegram', { token: user.token })).status).toBe(200)
    expect((await after.request('GET', '/api/v1/telegram/request', { token: user.token })).body.data).toBeNull()
  } finally {
    close()
  }
})
