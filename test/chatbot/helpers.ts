import { expect } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { IDLE_BOT_ENV, startFakeTelegram, type FakeTelegram, type SentMessage } from '../helpers/telegram'
import { createTelegramClient } from '../../src/lib/telegram'
import { startBot, type BotHandle } from '../../src/features/chatbot/bot'
import { loadUpdateOffset } from '../../src/features/chatbot/bot-state'
import { connectChat } from '../../src/features/chatbot/bot-connect'
import { until } from '../helpers/until'

export { until }

export const PREFIXES = ['/api/v1/chatbot', '/api/v1/telegram'] as const

export interface BotWorld {
  t: TestApp
  fake: FakeTelegram
  /** every wait the client asked for (retries, back-off), in ms; the waits themselves are instant */
  slept: number[]
  bot?: BotHandle
  close(): Promise<void>
}

/** A test app wired to a fake Bot API server, with instant retry waits. */
export function createBotWorld(env: Record<string, string> = {}, dataDir?: string, sharedFake?: FakeTelegram): BotWorld {
  const fake = sharedFake ?? startFakeTelegram()
  const t = createTestApp({ TELEGRAM_BOT_TOKEN: fake.token, TELEGRAM_API_URL: fake.apiUrl, FRONTEND_URL: 'https://app.daybook.test', ...env }, dataDir)
  const world: BotWorld = {
    t, fake, slept: [],
    async close() {
      await world.bot?.stop()
      t.close()
      if (!sharedFake) fake.close()
    },
  }
  t.deps.telegram = createTelegramClient({ token: fake.token, apiUrl: fake.apiUrl, logger: t.deps.logger, sleep: async (ms) => { world.slept.push(ms) } })
  return world
}

/** Starts the bot and waits until it is long polling. */
export async function startPolling(world: BotWorld): Promise<void> {
  world.bot = startBot(world.t.deps)
  await until(() => world.fake.calls.some((c) => c.method === 'getUpdates'))
}

/** Sends a text from a private chat and waits for the bot's next reply. */
export async function say(world: BotWorld, chatId: number, text: string): Promise<SentMessage> {
  const before = world.fake.sent.length
  world.fake.pushText(chatId, text)
  const sent = await world.fake.waitForSent(before + 1)
  expect(sent.length).toBeGreaterThan(before)
  return sent[before]!
}

/** Waits until the bot has persisted the offset past `updateId` (the update is fully handled). */
export async function handled(world: BotWorld, updateId: number): Promise<void> {
  await until(() => (loadUpdateOffset(world.t.deps) ?? 0) > updateId)
}

export async function pairingToken(t: TestApp, user: TestUser): Promise<string> {
  const r = await t.request('GET', '/api/v1/chatbot/token-request', { token: user.token })
  expect(r.status).toBe(200)
  return r.body.data.token
}

/** A user whose account is linked to `chatId` through /connect. */
export async function linkedUser(world: BotWorld, chatId: number, opts: Parameters<typeof createUser>[1] = {}): Promise<TestUser> {
  const user = await createUser(world.t, opts)
  const token = await pairingToken(world.t, user)
  const reply = await say(world, chatId, `/connect ${token}`)
  expect(reply.text).toBe('Your token was accepted. The app is now connected to your Telegram Account.')
  return user
}

/** A user linked to `chatId` without going through the bot (the bot's /connect code path, called directly). */
export async function directlyLinkedUser(t: TestApp, chatId: number, opts: Parameters<typeof createUser>[1] = {}): Promise<TestUser> {
  const user = await createUser(t, opts)
  expect(connectChat(t.deps, String(chatId), await pairingToken(t, user))).toContain('accepted')
  return user
}

export async function setAlerts(t: TestApp, user: TestUser, alerts: { your_day_alert?: boolean; check_in_alert?: boolean }): Promise<void> {
  for (const [field, value] of Object.entries(alerts)) {
    const r = await t.request('PUT', `/api/v1/chatbot/${field.replace(/_/g, '-')}`, { token: user.token, body: { [field]: value } })
    expect(r.status).toBe(200)
  }
}

export { createUser }

/**
 * A server whose admin removed TELEGRAM_BOT_TOKEN after `chatId` was linked: paired while the bot was configured,
 * then started again on the same data folder without one (where pairing is refused, docs/api/chatbot.md §4.1).
 */
export async function linkedThenBotRemoved(chatId: number, opts: Parameters<typeof createUser>[1] = {}): Promise<{ t: TestApp; user: TestUser; close(): void }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'daybook-test-'))
  const before = createTestApp(IDLE_BOT_ENV, dataDir)
  let user: TestUser
  try {
    user = await directlyLinkedUser(before, chatId, opts)
  } finally {
    before.close()
  }
  const t = createTestApp({}, dataDir)
  return { t, user, close() { t.close(); rmSync(dataDir, { recursive: true, force: true }) } }
}
