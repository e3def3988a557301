import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { chatbotConnections } from '../../src/features/chatbot/schema'
import { HOUR, MINUTE } from '../../src/lib/clock'
import { createBotWorld, createUser, handled, linkedUser, pairingToken, say, startPolling, type BotWorld } from './helpers'

let w: BotWorld
beforeEach(async () => {
  w = createBotWorld()
  await startPolling(w)
})
afterEach(() => w.close())

const UNLINKED = 'Hey! It seems you have not yet connected your Telegram Account. Please use the /connect command to do so.'
const ACCEPTED = 'Your token was accepted. The app is now connected to your Telegram Account.'
const UNKNOWN_TOKEN = 'Sorry, I could not correctly identify your token. Check with the App again?'
const HELP = [
  'Here is what I can do:',
  '/connect <token> - link this chat to your daybook account',
  '/day - show your day',
  '/todos - list your open todos',
  '/disconnect - unlink this chat',
  '/help - show this message',
  'Send me any text or link and I will add it for you.',
].join('\n')

const connectionOf = (userId: string) => w.t.deps.db.select().from(chatbotConnections).where(eq(chatbotConnections.userId, userId)).get()

describe('start-up', () => {
  test('getMe, deleteWebhook, setMyCommands, then long polling for messages', async () => {
    expect(w.fake.calls.slice(0, 4)).toEqual([
      { method: 'getMe', body: {} },
      { method: 'deleteWebhook', body: { drop_pending_updates: false } },
      {
        method: 'setMyCommands', body: {
          commands: [
            { command: 'connect', description: 'Connect your daybook account' },
            { command: 'day', description: 'Summarize my day' },
            { command: 'todos', description: 'List todos' },
            { command: 'help', description: 'Show help' },
            { command: 'disconnect', description: 'Disconnect this chat' },
          ],
        },
      },
      { method: 'getUpdates', body: { timeout: 25, allowed_updates: ['message', 'callback_query'] } },
    ])
    expect(w.t.logs.some((l) => l.includes('telegram bot started') && l.includes('daybook_test_bot'))).toBe(true)
  })
})

describe('pairing (docs/api/chatbot.md §5.5)', () => {
  test('/connect <token> links the private chat; the connection becomes confirmed', async () => {
    const user = await createUser(w.t)
    const token = await pairingToken(w.t, user)
    const reply = await say(w, 4242, `/connect ${token}`)
    expect(reply).toEqual({ chat_id: '4242', text: ACCEPTED, link_preview_options: { is_disabled: true } })
    const state = await w.t.request('GET', '/api/v1/telegram/request', { token: user.token })
    expect(state.body.data).toMatchObject({ token, is_confirmed: true, chat_id: '4242' })
  })

  test('/start <token> (deep link) links too, and the token is compared case-insensitively', async () => {
    const user = await createUser(w.t)
    const token = await pairingToken(w.t, user)
    expect((await say(w, 4243, `/start ${token.toUpperCase()}`)).text).toBe(ACCEPTED)
    expect(connectionOf(user.id)!.chatId).toBe('4243')
  })

  test('no argument, a wrong token, and an expired token', async () => {
    const user = await createUser(w.t)
    const token = await pairingToken(w.t, user)
    expect((await say(w, 4244, '/connect')).text).toBe('Please send your token like this: /connect <token>')
    expect((await say(w, 4244, `/connect ${'0'.repeat(64)}`)).text).toBe(UNKNOWN_TOKEN)
    expect((await say(w, 4244, `/connect ${token} extra`)).text).toBe(UNKNOWN_TOKEN)
    w.t.clock.advance(24 * HOUR)
    expect((await say(w, 4244, `/connect ${token}`)).text).toBe('This token has expired. Please request a new one in the app.')
    expect(connectionOf(user.id)!.chatId).toBeNull()
    // token-request renews it and the new one works
    const renewed = await pairingToken(w.t, user)
    expect(renewed).not.toBe(token)
    expect((await say(w, 4244, `/connect ${token}`)).text).toBe(UNKNOWN_TOKEN)
    expect((await say(w, 4244, `/start ${renewed}`)).text).toBe(ACCEPTED)
  })

  test('already registered for this chat; confirmed for another chat counts as unknown', async () => {
    const user = await linkedUser(w, 4245)
    const token = connectionOf(user.id)!.token
    expect((await say(w, 4245, `/connect ${token}`)).text).toBe('Your token was already registered. Everything is already great! Feel free to have a chat :)')
    expect((await say(w, 4246, `/connect ${token}`)).text).toBe(UNKNOWN_TOKEN)
    expect(connectionOf(user.id)!.chatId).toBe('4245')
  })

  test('one account per chat: linking a second account unlinks the first', async () => {
    const first = await linkedUser(w, 4247)
    const second = await linkedUser(w, 4247)
    expect(connectionOf(first.id)!.chatId).toBeNull()
    expect(connectionOf(second.id)!.chatId).toBe('4247')
  })
})

describe('unlinked and linked chats (docs/api/chatbot.md §5.3–5.4)', () => {
  test('an unlinked chat gets the unlinked reply for text, photos and linked-only commands', async () => {
    expect((await say(w, 5001, 'hello there')).text).toBe(UNLINKED)
    const before = w.fake.sent.length
    w.fake.pushUpdate({ message: { message_id: 1, chat: { id: 5001, type: 'private' }, from: { id: 5001, is_bot: false }, photo: [{ file_id: 'x' }] } })
    expect((await w.fake.waitForSent(before + 1))[before]!.text).toBe(UNLINKED)
    for (const command of ['/day', '/todos', '/disconnect', '/start']) expect((await say(w, 5001, command)).text).toBe(UNLINKED)
    expect((await say(w, 5001, '/help')).text).toBe(HELP)
    expect((await say(w, 5001, '/whatever now')).text).toBe('Unknown command. Send /help to see what I can do.')
    expect((await say(w, 5001, '  /HELP@daybook_test_bot  ')).text).toBe(HELP)
  })

  test('group chats and messages from bots are ignored', async () => {
    const group = w.fake.pushText(-100123, '/help', { chat: { id: -100123, type: 'group' } })
    const channel = w.fake.pushText(-100124, '/help', { chat: { id: -100124, type: 'supergroup' } })
    const fromBot = w.fake.pushText(5002, '/help', { from: { id: 99, is_bot: true, first_name: 'other bot' } })
    await handled(w, fromBot)
    expect(group < channel && channel < fromBot).toBe(true)
    expect(w.fake.sent).toEqual([])
    expect((await say(w, 5002, '/help')).text).toBe(HELP)
    expect(w.fake.sent).toHaveLength(1)
  })

  test('a linked chat: non-text messages, /start, /disconnect', async () => {
    const user = await linkedUser(w, 5003)
    const before = w.fake.sent.length
    w.fake.pushUpdate({ message: { message_id: 1, chat: { id: 5003, type: 'private' }, from: { id: 5003, is_bot: false }, sticker: { file_id: 'x' } } })
    expect((await w.fake.waitForSent(before + 1))[before]!.text).toBe('Sorry, I can only handle text messages.')
    expect((await say(w, 5003, '/start')).text).toBe(HELP)
    expect((await say(w, 5003, '/disconnect')).text).toBe('This chat is no longer connected to your account.')
    expect(connectionOf(user.id)).toMatchObject({ chatId: null })
    expect((await say(w, 5003, 'hello')).text).toBe(UNLINKED)
  })

  test('/day answers with the your-day text of the local date', async () => {
    await linkedUser(w, 5004, { timezone: 'Asia/Kathmandu' })
    expect((await say(w, 5004, '/day')).text).toBe(
      'Your Day Ahead\nNo tasks due today.\n\nCheck-in: not done yet\n\nOpen daybook: https://app.daybook.test/')
  })

  test('/day follows the start of the user\'s day, as quick add and the alerts do', async () => {
    const user = await linkedUser(w, 5006, { timezone: 'UTC' })
    const r = await w.t.request('PUT', '/api/v1/notifications/settings', { token: user.token, body: { day_start: '01:00' } })
    expect(r.status).toBe(200)
    const { insertLibraryItem } = await import('../../src/features/libraries/queries')
    insertLibraryItem(w.t.deps, user.id, 'todos', { title: 'Pay rent', due_at: '2026-06-25' })
    w.t.clock.set('2026-06-26T00:30:00Z') // still the 25th until 01:00
    expect((await say(w, 5006, '/day')).text).toStartWith('Your Day Ahead\nTasks (1):\n• Pay rent\n\n')
    w.t.clock.set('2026-06-26T01:00:00Z')
    expect((await say(w, 5006, '/day')).text).toStartWith('Your Day Ahead\nTasks (1):\n• Pay rent (overdue)\n\n')
  })

  test('/todos lists open todos, due date first, undated last, at most 50 lines', async () => {
    const user = await linkedUser(w, 5005)
    expect((await say(w, 5005, '/todos')).text).toBe('You have no todos. Enjoy the free time!')
    const { insertLibraryItem } = await import('../../src/features/libraries/queries')
    const add = (title: string, due_at: string | null, extra: Record<string, unknown> = {}) => {
      w.t.clock.advance(MINUTE)
      insertLibraryItem(w.t.deps, user.id, 'todos', { title, due_at, ...extra })
    }
    add('Undated', null)
    add('Later', '2026-07-01')
    add('Soon', '2026-06-25')
    add('Finished', '2026-06-20', { is_completed: true })
    expect((await say(w, 5005, '/todos')).text).toBe('- Soon\n- Later\n- Undated')
    for (let i = 0; i < 50; i++) add(`Bulk ${i}`, '2026-08-01')
    const lines = (await say(w, 5005, '/todos')).text.split('\n')
    expect(lines).toHaveLength(51)
    expect(lines.slice(0, 3)).toEqual(['- Soon', '- Later', '- Bulk 0'])
    expect(lines[49]).toBe('- Bulk 47')
    expect(lines[50]).toBe('- … and 3 more')
  })
})

describe('sending errors while answering', () => {
  test('403 on a reply unlinks the chat', async () => {
    const user = await linkedUser(w, 6001)
    w.fake.scriptSend({ status: 403, body: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' } })
    const update = w.fake.pushText(6001, '/help')
    await handled(w, update)
    expect(connectionOf(user.id)!.chatId).toBeNull()
    const state = await w.t.request('GET', '/api/v1/chatbot/request', { token: user.token })
    expect(state.body.data).toMatchObject({ is_confirmed: false, chat_id: null })
  })

  test('429 on a reply is retried after retry_after', async () => {
    w.fake.scriptSend({ status: 429, body: { ok: false, error_code: 429, description: 'Too Many Requests', parameters: { retry_after: 4 } } })
    expect((await say(w, 6002, '/help')).text).toBe(HELP)
    expect(w.slept).toEqual([4000])
    expect(w.fake.calls.filter((c) => c.method === 'sendMessage')).toHaveLength(2)
  })
})
