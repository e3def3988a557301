import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { createLogger } from '../../src/lib/logger'
import { createTelegramClient, TelegramError, type TelegramClient } from '../../src/lib/telegram'
import { startFakeTelegram, type FakeTelegram } from '../helpers/telegram'

let fake: FakeTelegram
let client: TelegramClient
let slept: number[]
let logs: string[]

beforeEach(() => {
  fake = startFakeTelegram()
  slept = []
  logs = []
  client = createTelegramClient({
    token: fake.token, apiUrl: fake.apiUrl, logger: createLogger('debug', 'json', (l) => logs.push(l)),
    sleep: async (ms) => { slept.push(ms) },
  })
})
afterEach(() => fake.close())

const sends = () => fake.calls.filter((c) => c.method === 'sendMessage')
const tooMany = (retryAfter?: number) => ({
  status: 429, body: { ok: false, error_code: 429, description: 'Too Many Requests: retry later', ...(retryAfter ? { parameters: { retry_after: retryAfter } } : {}) },
})

describe('Bot API calls', () => {
  test('POST JSON to {apiUrl}/bot{token}/{method}; the result is unwrapped', async () => {
    const me = await client.call<{ username: string }>('getMe')
    expect(me.username).toBe('daybook_test_bot')
    expect(fake.calls).toEqual([{ method: 'getMe', body: {} }])
  })

  test('an error answer becomes a TelegramError with status, description and retry_after', async () => {
    const bad = createTelegramClient({ token: 'wrong', apiUrl: fake.apiUrl, logger: createLogger('error', 'json', () => {}) })
    const err = await bad.call('getMe').then(() => undefined, (e: TelegramError) => e)
    expect(err).toBeInstanceOf(TelegramError)
    expect(err!.status).toBe(404)
    expect(err!.description).toBe('Not Found')
  })
})

describe('sendMessage (docs/api/chatbot.md §5.2)', () => {
  test('plain text without parse_mode and with link previews disabled', async () => {
    expect(await client.sendMessage('77', 'hello https://example.com', { reply_markup: { remove_keyboard: true } })).toBe('sent')
    expect(fake.sent).toEqual([{
      chat_id: '77', text: 'hello https://example.com', link_preview_options: { is_disabled: true }, reply_markup: { remove_keyboard: true },
    }])
    expect(fake.sent[0]).not.toHaveProperty('parse_mode')
  })

  test('a text longer than 4096 characters is cut to 4095 plus an ellipsis', async () => {
    await client.sendMessage('77', 'a'.repeat(4096))
    await client.sendMessage('77', 'b'.repeat(5000))
    expect(fake.sent[0]!.text).toBe('a'.repeat(4096))
    expect(fake.sent[1]!.text).toBe('b'.repeat(4095) + '…')
  })

  test('429 waits retry_after seconds and retries', async () => {
    fake.scriptSend(tooMany(7))
    expect(await client.sendMessage('77', 'hi')).toBe('sent')
    expect(slept).toEqual([7000])
    expect(sends()).toHaveLength(2)
    expect(fake.sent).toHaveLength(1)
  })

  test('429 without retry_after waits 5 s; at most 3 attempts in all', async () => {
    fake.scriptSend(tooMany(), tooMany(2), tooMany(2), tooMany(2))
    expect(await client.sendMessage('77', 'hi')).toBe('failed')
    expect(slept).toEqual([5000, 2000])
    expect(sends()).toHaveLength(3)
    expect(fake.sent).toHaveLength(0)
  })

  test('5xx is retried after 1 s and 3 s, then dropped', async () => {
    const down = { status: 502, body: { ok: false, error_code: 502, description: 'Bad Gateway' } }
    fake.scriptSend(down, down)
    expect(await client.sendMessage('77', 'hi')).toBe('sent')
    expect(slept).toEqual([1000, 3000])
    fake.scriptSend(down, down, down)
    slept.length = 0
    expect(await client.sendMessage('77', 'again')).toBe('failed')
    expect(slept).toEqual([1000, 3000])
    expect(logs.some((l) => l.includes('telegram message not delivered'))).toBe(true)
  })

  test('a network error is retried like a 5xx', async () => {
    fake.close()
    expect(await client.sendMessage('77', 'hi')).toBe('failed')
    expect(slept).toEqual([1000, 3000])
  })

  test('403 and 400 "chat not found" mean the chat is gone; no retry', async () => {
    fake.scriptSend({ status: 403, body: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' } })
    expect(await client.sendMessage('77', 'hi')).toBe('chat_gone')
    fake.scriptSend({ status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: chat not found' } })
    expect(await client.sendMessage('78', 'hi')).toBe('chat_gone')
    expect(sends()).toHaveLength(2)
    expect(slept).toEqual([])
  })

  test('any other 4xx is logged and dropped', async () => {
    fake.scriptSend({ status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: message text is empty' } })
    expect(await client.sendMessage('77', 'hi')).toBe('rejected')
    expect(sends()).toHaveLength(1)
    expect(slept).toEqual([])
    expect(logs.some((l) => l.includes('telegram message rejected') && l.includes('message text is empty'))).toBe(true)
  })
})
