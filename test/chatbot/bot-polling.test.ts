import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startBot } from '../../src/features/chatbot/bot'
import { loadUpdateOffset } from '../../src/features/chatbot/bot-state'
import { createTestApp } from '../helpers/app'
import { startFakeTelegram, type FakeTelegram } from '../helpers/telegram'
import { createBotWorld, handled, startPolling, until, type BotWorld } from './helpers'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

function world(env: Record<string, string> = {}, dataDir?: string, fake?: FakeTelegram): BotWorld {
  const w = createBotWorld(env, dataDir, fake)
  cleanups.push(() => w.close())
  return w
}

const polls = (fake: FakeTelegram) => fake.calls.filter((c) => c.method === 'getUpdates')
const HELP_START = 'Here is what I can do:'

describe('update offset', () => {
  test('persisted after each update, so a restart handles no update twice', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'daybook-bot-'))
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    const fake = startFakeTelegram()
    cleanups.push(() => fake.close())

    const first = createBotWorld({}, dataDir, fake)
    await startPolling(first)
    const ids = [fake.pushText(7001, '/help'), fake.pushText(7002, '/help'), fake.pushText(7003, 'hello')]
    await handled(first, ids[2]!)
    expect(fake.sent.map((m) => m.chat_id)).toEqual(['7001', '7002', '7003'])
    expect(loadUpdateOffset(first.t.deps)).toBe(ids[2]! + 1)
    await first.close()

    const second = world({}, dataDir, fake)
    const pollsBefore = polls(fake).length
    await startPolling(second)
    await until(() => polls(fake).length > pollsBefore)
    expect(polls(fake)[pollsBefore]!.body).toEqual({ offset: ids[2]! + 1, timeout: 25, allowed_updates: ['message', 'callback_query'] })
    const next = fake.pushText(7004, '/help')
    await handled(second, next)
    expect(fake.sent.map((m) => m.chat_id)).toEqual(['7001', '7002', '7003', '7004'])
  })

  test('each later poll asks from the last handled update on', async () => {
    const w = world()
    await startPolling(w)
    const id = w.fake.pushText(7101, '/help')
    await handled(w, id)
    await until(() => polls(w.fake).some((p) => p.body.offset === id + 1))
  })
})

describe('start-up and polling failures (docs/api/chatbot.md §5.1)', () => {
  test('no TELEGRAM_BOT_TOKEN: no bot', () => {
    const t = createTestApp()
    cleanups.push(() => t.close())
    expect(startBot(t.deps)).toBeUndefined()
  })

  test('getMe answering 401 disables the bot with an error log', async () => {
    const w = world()
    w.fake.scriptCall('getMe', { status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } })
    w.bot = startBot(w.t.deps)
    await until(() => w.t.logs.some((l) => l.includes('"level":"error"') && l.includes('telegram bot disabled')))
    await w.bot!.stop()
    expect(w.fake.calls.map((c) => c.method)).toEqual(['getMe'])
    // the endpoints keep working
    const r = await w.t.request('GET', '/api/v1/health')
    expect(r.status).toBe(200)
  })

  test('network errors and 5xx back off 1, 2, 4 s and reset after a success', async () => {
    const w = world()
    const down = { status: 502, body: { ok: false, error_code: 502, description: 'Bad Gateway' } }
    w.fake.scriptCall('getUpdates', down, down, down)
    await startPolling(w)
    const id = w.fake.pushText(7201, '/help')
    await handled(w, id)
    expect(w.slept).toEqual([1000, 2000, 4000])
    w.fake.scriptCall('getUpdates', down)
    await until(() => w.slept.length === 4)
    expect(w.slept[3]).toBe(1000)
  })

  test('the back-off is capped at 60 s', async () => {
    const w = world()
    const down = { status: 500, body: { ok: false, error_code: 500, description: 'Internal Server Error' } }
    w.fake.scriptCall('getUpdates', ...Array.from({ length: 9 }, () => down))
    await startPolling(w)
    await until(() => w.slept.length === 9)
    expect(w.slept).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000])
  })

  test('409 logs a warning, deletes the webhook and waits 30 s; 429 waits retry_after', async () => {
    const w = world()
    w.fake.scriptCall('getUpdates',
      { status: 409, body: { ok: false, error_code: 409, description: 'Conflict: terminated by other getUpdates request' } },
      { status: 429, body: { ok: false, error_code: 429, description: 'Too Many Requests', parameters: { retry_after: 11 } } })
    await startPolling(w)
    const id = w.fake.pushText(7301, '/help')
    await handled(w, id)
    expect(w.slept).toEqual([30000, 11000])
    expect(w.fake.calls.filter((c) => c.method === 'deleteWebhook')).toHaveLength(2)
    expect(w.t.logs.some((l) => l.includes('"level":"warn"') && l.includes('another getUpdates consumer'))).toBe(true)
    expect(w.fake.sent[0]!.text.startsWith(HELP_START)).toBe(true)
  })

  test('401 from getUpdates stops the bot with an error log', async () => {
    const w = world()
    w.fake.scriptCall('getUpdates', { status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } })
    await startPolling(w)
    await until(() => w.t.logs.some((l) => l.includes('"level":"error"') && l.includes('telegram bot disabled')))
    w.fake.pushText(7401, '/help')
    await Bun.sleep(50)
    expect(polls(w.fake)).toHaveLength(1)
    expect(w.fake.sent).toEqual([])
  })

  test('an unexpected failure while handling a message is answered and the update counts as handled', async () => {
    const w = world()
    await startPolling(w)
    const select = w.t.deps.db.select
    w.t.deps.db.select = (() => { throw new Error('database on fire') }) as never
    const id = w.fake.pushText(7501, '/todos')
    await w.fake.waitForSent(1)
    w.t.deps.db.select = select
    await handled(w, id)
    expect(w.fake.sent[0]!.text).toBe("Sorry, something unexpected happened. I'm trying to fix it.")
    expect(w.t.logs.some((l) => l.includes('telegram update failed') && l.includes('database on fire'))).toBe(true)
  })
})
