import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { botDialogues } from '../../src/features/chatbot/schema'
import { MINUTE } from '../../src/lib/clock'
import { createBotWorld, linkedUser, say, startPolling, type BotWorld } from './helpers'
import type { TestUser } from '../helpers/fixtures'

let w: BotWorld
let user: TestUser
const CHAT = 8800
beforeEach(async () => {
  w = createBotWorld()
  await startPolling(w)
  user = await linkedUser(w, CHAT)
})
afterEach(() => w.close())

const PROMPT = 'What should I add this as?\n\nPick one of the options below.'
const KEYBOARD = {
  keyboard: [[{ text: 'Todo' }, { text: 'Note' }, { text: 'Quote' }], [{ text: 'Clipboard' }, { text: 'Link' }, { text: 'Recipe' }], [{ text: 'Cancel' }]],
  resize_keyboard: true, one_time_keyboard: true,
}
const REMOVE = { remove_keyboard: true }

async function library(type: string): Promise<any[]> {
  const r = await w.t.request('GET', `/api/v1/libraries/${type}`, { token: user.token })
  expect(r.status).toBe(200)
  return r.body.data
}
const dialogues = () => w.t.deps.db.select().from(botDialogues).all()

describe('confident detections are saved at once', () => {
  test('a todo text', async () => {
    const reply = await say(w, CHAT, '  Pay rent #home due:tomorrow  ')
    expect(reply.text).toBe('Got it. Added to your todos.')
    expect(reply).not.toHaveProperty('reply_markup')
    const todos = await library('todos')
    expect(todos).toHaveLength(1)
    expect(todos[0]).toMatchObject({ title: 'Pay rent', due_at: '2026-06-25', tags: ['home'], is_completed: false })
  })

  test('a link', async () => {
    const reply = await say(w, CHAT, 'http://127.0.0.1:9/some/page')
    expect(reply.text).toBe('Got it. Link added to your library.')
    const links = await library('links')
    expect(links.map((l) => l.url)).toEqual(['http://127.0.0.1:9/some/page'])
  })
})

describe('the keyboard dialogue (docs/api/chatbot.md §5.7)', () => {
  test('plain text asks for the type; the answer (any case) commits the original text', async () => {
    const prompt = await say(w, CHAT, 'Stay hungry, stay foolish.')
    expect(prompt).toEqual({ chat_id: String(CHAT), text: PROMPT, link_preview_options: { is_disabled: true }, reply_markup: KEYBOARD })
    expect(dialogues()).toEqual([{ chatId: String(CHAT), userId: user.id, text: 'Stay hungry, stay foolish.', expiresAt: w.t.clock.now() + 10 * MINUTE }])
    const done = await say(w, CHAT, '  qUoTe ')
    expect(done.text).toBe('Got it. Quote saved.')
    expect(done.reply_markup).toEqual(REMOVE)
    expect((await library('quotes')).map((q) => q.quote)).toEqual(['Stay hungry, stay foolish.'])
    expect(await library('notes')).toEqual([])
    expect(dialogues()).toEqual([])
  })

  test('an answer that is not a label asks again without changing the dialogue; Cancel adds nothing', async () => {
    await say(w, CHAT, 'Ideas for the weekend')
    const before = dialogues()
    w.t.clock.advance(3 * MINUTE)
    const again = await say(w, CHAT, 'hmm, not sure')
    expect(again.text).toBe(PROMPT)
    expect(again.reply_markup).toEqual(KEYBOARD)
    expect(dialogues()).toEqual(before)
    const cancelled = await say(w, CHAT, 'Cancel')
    expect(cancelled.text).toBe('Got it. Nothing was added.')
    expect(cancelled.reply_markup).toEqual(REMOVE)
    expect(dialogues()).toEqual([])
    for (const type of ['notes', 'quotes', 'todos']) expect(await library(type)).toEqual([])
  })

  test('each keyboard choice saves into its library with its reply', async () => {
    const cases: [string, string, string, string][] = [
      ['Buy milk', 'Todo', 'Got it. Added to your todos.', 'todos'],
      ['Weekend ideas', 'Note', 'Got it. Saved as a note.', 'notes'],
      ['Pancakes', 'Recipe', 'Got it. Recipe saved.', 'recipes'],
    ]
    for (const [text, label, reply, type] of cases) {
      expect((await say(w, CHAT, text)).text).toBe(PROMPT)
      const answer = await say(w, CHAT, label)
      expect(answer.text).toBe(reply)
      expect(answer.reply_markup).toEqual(REMOVE)
      expect((await library(type)).map((i) => i.title)).toEqual([text])
    }
    expect((await say(w, CHAT, 'wifi password: hunter2')).text).toBe(PROMPT)
    expect((await say(w, CHAT, 'clipboard')).text).toBe('Got it. Added to your clipboard.')
    const clipboard = await w.t.request('GET', '/api/v1/clipboard', { token: user.token })
    expect(clipboard.body.data.map((c: any) => c.content)).toEqual(['wifi password: hunter2'])
  })

  test('a refused commit (Link for text that is no URL) ends the dialogue with the refusal', async () => {
    await say(w, CHAT, 'not a link at all')
    const refused = await say(w, CHAT, 'Link')
    expect(refused.text).toBe("I couldn't add that. Try a different link or be more specific?")
    expect(refused.reply_markup).toEqual(REMOVE)
    expect(dialogues()).toEqual([])
    expect(await library('links')).toEqual([])
  })

  test('the dialogue expires 10 minutes after it started; the next text is new input', async () => {
    await say(w, CHAT, 'Grocery thoughts')
    w.t.clock.advance(10 * MINUTE - 1000)
    expect((await say(w, CHAT, 'something else')).text).toBe(PROMPT)
    expect(dialogues()[0]!.text).toBe('Grocery thoughts')
    w.t.clock.advance(1000)
    // "Quote" is no longer an answer: it is detected as a new note and asks again
    expect((await say(w, CHAT, 'Quote')).text).toBe(PROMPT)
    expect(dialogues()[0]).toMatchObject({ text: 'Quote', expiresAt: w.t.clock.now() + 10 * MINUTE })
    expect((await say(w, CHAT, 'Note')).text).toBe('Got it. Saved as a note.')
    expect((await library('notes')).map((n) => n.title)).toEqual(['Quote'])
    expect(await library('quotes')).toEqual([])
  })

  test('a command ends a pending dialogue; its reply removes the keyboard', async () => {
    await say(w, CHAT, 'Some thought')
    const help = await say(w, CHAT, '/help')
    expect(help.text.startsWith('Here is what I can do:')).toBe(true)
    expect(help.reply_markup).toEqual(REMOVE)
    expect(dialogues()).toEqual([])
    // without a pending dialogue a command reply carries no keyboard change
    expect(await say(w, CHAT, '/help')).not.toHaveProperty('reply_markup')
    await say(w, CHAT, 'Another thought')
    w.t.clock.advance(10 * MINUTE)
    expect(await say(w, CHAT, '/todos')).toEqual({
      chat_id: String(CHAT), text: 'You have no todos. Enjoy the free time!', link_preview_options: { is_disabled: true },
    })
    expect(dialogues()).toEqual([])
    expect((await say(w, CHAT, 'Todo')).text).toBe(PROMPT)
    expect(dialogues()[0]!.text).toBe('Todo')
  })

  test('DELETE of the connection removes the pending dialogue; the chat is unlinked', async () => {
    await say(w, CHAT, 'Some thought')
    expect(dialogues()).toHaveLength(1)
    const r = await w.t.request('DELETE', '/api/v1/telegram', { token: user.token })
    expect(r.status).toBe(200)
    expect(dialogues()).toEqual([])
    expect((await say(w, CHAT, 'Note')).text).toBe('Hey! It seems you have not yet connected your Telegram Account. Please use the /connect command to do so.')
  })
})
