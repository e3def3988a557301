/**
 * GET /chatbot/bot (and /telegram/bot): the server's bot as the running bot learnt it from getMe, so the web app
 * can link to it. Null before the bot has started and on a server without one.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { createTestApp } from '../helpers/app'
import { createUser } from '../helpers/fixtures'
import { createBotWorld, startPolling, type BotWorld } from './helpers'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

describe('the bot endpoint', () => {
  test('without a bot: 200 with nulls; without a token: 401', async () => {
    const t = createTestApp()
    cleanups.push(() => t.close())
    const user = await createUser(t)
    for (const base of ['chatbot', 'telegram']) {
      const r = await t.request('GET', `/api/v1/${base}/bot`, { token: user.token })
      expect(r.status).toBe(200)
      expect(r.body).toMatchObject({ success: true, message: 'Bot retrieved successfully.', data: { username: null, link: null } })
      expect((await t.request('GET', `/api/v1/${base}/bot`)).status).toBe(401)
    }
  })

  test('once the bot has started: its user name from getMe and the t.me link, the same for every user', async () => {
    const w: BotWorld = createBotWorld()
    cleanups.push(() => w.close())
    const [ada, bob] = [await createUser(w.t, { email: 'ada@example.com' }), await createUser(w.t, { email: 'bob@example.com' })]
    expect((await w.t.request('GET', '/api/v1/chatbot/bot', { token: ada.token })).body.data.username).toBeNull()
    await startPolling(w)
    for (const user of [ada, bob]) {
      const r = await w.t.request('GET', '/api/v1/telegram/bot', { token: user.token })
      expect(r.body.data).toEqual({ username: 'daybook_test_bot', link: 'https://t.me/daybook_test_bot' })
    }
  })
})
