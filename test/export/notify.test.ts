import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { startFakeTelegram, type FakeTelegram } from '../helpers/telegram'
import { chatbotConnections } from '../../src/features/chatbot/schema'
import { runJob, startExport } from './helpers'

let fake: FakeTelegram
let t: TestApp
let alice: TestUser
beforeAll(() => { fake = startFakeTelegram() })
afterAll(() => fake.close())
beforeEach(async () => {
  fake.sent.length = 0
  t = createTestApp({ TELEGRAM_BOT_TOKEN: fake.token, TELEGRAM_API_URL: fake.apiUrl, FRONTEND_URL: 'https://app.daybook.test/' })
  alice = await createUser(t, { name: 'Alice' })
})
afterEach(() => t.close())

function linkChat(user: TestUser, chatId: string | null) {
  const now = t.clock.now()
  t.deps.db.insert(chatbotConnections).values({ userId: user.id, token: `tok-${user.id}`, tokenCreatedAt: now, chatId, createdAt: now, updatedAt: now }).run()
}

describe('export notifications', () => {
  test('a completed export tells the linked chat', async () => {
    linkChat(alice, '7001')
    await startExport(t, alice, ['profile'])
    expect((await runJob(t)).status).toBe('completed')
    expect(fake.sent.map((m) => [m.chat_id, m.text])).toEqual([
      ['7001', 'Export Ready\nYour data export is ready to download.\nDownload Export: https://app.daybook.test/settings?tab=export'],
    ])
  })

  test('a failed export tells the linked chat', async () => {
    linkChat(alice, '7001')
    mkdirSync(join(t.dataDir, 'exports'), { recursive: true })
    writeFileSync(join(t.dataDir, 'exports', alice.id), 'blocks the archive folder')
    await startExport(t, alice, ['profile'])
    expect((await runJob(t)).status).toBe('failed')
    expect(fake.sent.map((m) => [m.chat_id, m.text])).toEqual([
      ['7001', 'Export Failed\nYour data export could not be completed. Please try again.\nOpen Settings: https://app.daybook.test/settings?tab=export'],
    ])
  })

  test('nothing is sent without a confirmed connection', async () => {
    const bob = await createUser(t, { name: 'Bob' })
    linkChat(bob, null)
    await startExport(t, alice, ['profile'])
    await startExport(t, bob, ['profile'])
    await runJob(t)
    await runJob(t)
    expect(fake.sent).toEqual([])
  })
})
