import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { useTestApp } from '../helpers/use-test-app'
import { createUser } from '../helpers/fixtures'
import { HOUR, MINUTE } from '../../src/lib/clock'
import { chatbotConnections } from '../../src/features/chatbot/schema'
import { connectChat } from '../../src/features/chatbot/bot-connect'
import { IDLE_BOT_ENV } from '../helpers/telegram'
const PREFIXES = ['/api/v1/chatbot', '/api/v1/telegram'] as const

// A bot is configured (none runs): pairing is refused on a server without one (no-bot.test.ts).
const t = useTestApp(IDLE_BOT_ENV)

const unauthenticated = { success: false, message: 'Unauthenticated.', code: 'unauthenticated', timestamp: expect.any(String) }
const noConnection = { success: false, message: 'No chatbot connection found.', code: 'no_connection', timestamp: '2026-06-24T10:00:00.000Z' }

describe.each(PREFIXES)('%s', (prefix) => {
  test('token-request creates an unconfirmed connection with a 64-hex token valid 24 h', async () => {
    const user = await createUser(t)
    const r = await t.request('GET', `${prefix}/token-request`, { token: user.token })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({
      success: true, message: 'Token retrieved successfully.', timestamp: '2026-06-24T10:00:00.000Z',
      data: {
        token: expect.stringMatching(/^[0-9a-f]{64}$/), token_expires_at: '2026-06-25T10:00:00.000Z',
        is_confirmed: false, chat_id: null, your_day_alert: false, check_in_alert: false,
      },
    })
    const again = await t.request('GET', `${prefix}/token-request`, { token: user.token })
    expect(again.body.data).toEqual(r.body.data)
  })

  test('request returns the connection, or null with its message', async () => {
    const user = await createUser(t)
    const none = await t.request('GET', `${prefix}/request`, { token: user.token })
    expect(none.status).toBe(200)
    expect(none.body).toEqual({ success: true, message: 'No connection found.', data: null, timestamp: '2026-06-24T10:00:00.000Z' })
    const created = await t.request('GET', `${prefix}/token-request`, { token: user.token })
    const some = await t.request('GET', `${prefix}/request`, { token: user.token })
    expect(some.body.message).toBe('Token retrieved successfully.')
    expect(some.body.data).toEqual(created.body.data)
  })

  test('every route needs a bearer token', async () => {
    for (const [method, path] of [['GET', '/token-request'], ['GET', '/request'], ['PUT', '/your-day-alert'], ['PUT', '/check-in-alert'], ['DELETE', '']] as const) {
      const r = await t.request(method, `${prefix}${path}`)
      expect(r.status).toBe(401)
      expect(r.body).toEqual(unauthenticated)
    }
  })

  test('alert toggles: explicit values, toggling when absent or null', async () => {
    const user = await createUser(t)
    await t.request('GET', `${prefix}/token-request`, { token: user.token })
    const put = (path: string, body?: unknown) => t.request('PUT', `${prefix}/${path}`, { token: user.token, body })

    let r = await put('your-day-alert')
    expect(r.status).toBe(200)
    expect(r.body.message).toBe('Your day alert updated successfully.')
    expect(r.body.data.your_day_alert).toBe(true)
    expect(r.body.data.check_in_alert).toBe(false)
    r = await put('your-day-alert', { your_day_alert: null })
    expect(r.body.data.your_day_alert).toBe(false)
    r = await put('your-day-alert', { your_day_alert: true })
    expect(r.body.data.your_day_alert).toBe(true)
    r = await put('your-day-alert', { your_day_alert: true })
    expect(r.body.data.your_day_alert).toBe(true)

    r = await put('check-in-alert', { check_in_alert: true })
    expect(r.status).toBe(200)
    expect(r.body.message).toBe('Check-in alert updated successfully.')
    expect(r.body.data).toMatchObject({ your_day_alert: true, check_in_alert: true })
    r = await put('check-in-alert', {})
    expect(r.body.data.check_in_alert).toBe(false)
    r = await put('check-in-alert', { check_in_alert: false })
    expect(r.body.data.check_in_alert).toBe(false)
  })

  test('a toggle value that is not a boolean is refused with the contract message', async () => {
    const user = await createUser(t)
    await t.request('GET', `${prefix}/token-request`, { token: user.token })
    for (const value of ['true', 1, 'yes', [], {}]) {
      const r = await t.request('PUT', `${prefix}/your-day-alert`, { token: user.token, body: { your_day_alert: value } })
      expect(r.status).toBe(422)
      expect(r.body.errors).toEqual({ your_day_alert: ['The your day alert field must be true or false.'] })
    }
    const r = await t.request('PUT', `${prefix}/check-in-alert`, { token: user.token, body: { check_in_alert: 0 } })
    expect(r.status).toBe(422)
    expect(r.body.errors).toEqual({ check_in_alert: ['The check in alert field must be true or false.'] })
    const state = await t.request('GET', `${prefix}/request`, { token: user.token })
    expect(state.body.data).toMatchObject({ your_day_alert: false, check_in_alert: false })
  })

  test('toggles and disconnect without a connection: 404 no_connection, checked before the body', async () => {
    const user = await createUser(t)
    for (const path of ['your-day-alert', 'check-in-alert']) {
      const r = await t.request('PUT', `${prefix}/${path}`, { token: user.token, body: '{not json', headers: { 'content-type': 'application/json' } })
      expect(r.status).toBe(404)
      expect(r.body).toEqual(noConnection)
    }
    const r = await t.request('DELETE', prefix, { token: user.token })
    expect(r.status).toBe(404)
    expect(r.body).toEqual(noConnection)
  })

  test('with a connection a malformed body is 400', async () => {
    const user = await createUser(t)
    await t.request('GET', `${prefix}/token-request`, { token: user.token })
    const r = await t.request('PUT', `${prefix}/your-day-alert`, { token: user.token, body: '[true]' })
    expect(r.status).toBe(400)
    expect(r.body.code).toBe('malformed_json')
  })

  test('DELETE removes the connection; the next token-request starts over', async () => {
    const user = await createUser(t)
    const first = await t.request('GET', `${prefix}/token-request`, { token: user.token })
    await t.request('PUT', `${prefix}/your-day-alert`, { token: user.token, body: { your_day_alert: true } })
    const r = await t.request('DELETE', prefix, { token: user.token })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ success: true, message: 'Chatbot disconnected successfully.', data: null, timestamp: '2026-06-24T10:00:00.000Z' })
    const none = await t.request('GET', `${prefix}/request`, { token: user.token })
    expect(none.body.data).toBeNull()
    const fresh = await t.request('GET', `${prefix}/token-request`, { token: user.token })
    expect(fresh.body.data.token).not.toBe(first.body.data.token)
    expect(fresh.body.data.your_day_alert).toBe(false)
  })
})

describe('token lifecycle', () => {
  test('an unconfirmed token is renewed once it is 24 h old, keeping the toggles', async () => {
    const user = await createUser(t)
    const first = (await t.request('GET', '/api/v1/chatbot/token-request', { token: user.token })).body.data
    await t.request('PUT', '/api/v1/chatbot/check-in-alert', { token: user.token, body: { check_in_alert: true } })
    t.clock.advance(24 * HOUR - MINUTE)
    const same = (await t.request('GET', '/api/v1/telegram/token-request', { token: user.token })).body.data
    expect(same.token).toBe(first.token)
    t.clock.advance(MINUTE)
    // /request only reports; it never renews
    const reported = (await t.request('GET', '/api/v1/chatbot/request', { token: user.token })).body.data
    expect(reported.token).toBe(first.token)
    const renewed = (await t.request('GET', '/api/v1/chatbot/token-request', { token: user.token })).body.data
    expect(renewed.token).toMatch(/^[0-9a-f]{64}$/)
    expect(renewed.token).not.toBe(first.token)
    expect(renewed.token_expires_at).toBe('2026-06-26T10:00:00.000Z')
    expect(renewed.check_in_alert).toBe(true)
  })

  test('a confirmed connection is returned unchanged and never dropped, however old its token', async () => {
    const user = await createUser(t, { platform: 'mobile' })
    const { token } = (await t.request('GET', '/api/v1/chatbot/token-request', { token: user.token })).body.data
    expect(connectChat(t.deps, '555', token)).toBe('Your token was accepted. The app is now connected to your Telegram Account.')
    t.clock.advance(30 * 24 * HOUR)
    const r = await t.request('GET', '/api/v1/chatbot/token-request', { token: user.token })
    expect(r.body.data).toEqual({
      token, token_expires_at: '2026-06-25T10:00:00.000Z', is_confirmed: true, chat_id: '555', your_day_alert: false, check_in_alert: false,
    })
  })

  test('each user sees only their own connection', async () => {
    const a = await createUser(t)
    const b = await createUser(t)
    const tokenA = (await t.request('GET', '/api/v1/chatbot/token-request', { token: a.token })).body.data.token
    expect((await t.request('GET', '/api/v1/chatbot/request', { token: b.token })).body.data).toBeNull()
    expect((await t.request('PUT', '/api/v1/chatbot/your-day-alert', { token: b.token })).status).toBe(404)
    expect((await t.request('DELETE', '/api/v1/chatbot', { token: b.token })).status).toBe(404)
    const tokenB = (await t.request('GET', '/api/v1/chatbot/token-request', { token: b.token })).body.data.token
    expect(tokenB).not.toBe(tokenA)
    const rows = t.deps.db.select().from(chatbotConnections).where(eq(chatbotConnections.userId, a.id)).all()
    expect(rows.map((r) => r.token)).toEqual([tokenA])
  })
})
