/**
 * The evening reminder answered in Telegram (docs/api/chatbot.md §6.4), against the fake Bot API over HTTP: the inline
 * keyboard, taps as callback queries, the message editing itself to the next question, the values in the same
 * check-in the app shows; forged, altered and replayed data, a second chat, and expiry by moving the clock.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { runAlertTick } from '../notifications/alert-tick'
import type { ChatMessage } from '../helpers/telegram'
import type { TestUser } from '../helpers/fixtures'
import { createBotWorld, directlyLinkedUser, handled, setAlerts, startPolling, until, type BotWorld } from './helpers'

let w: BotWorld
beforeEach(async () => {
  w = createBotWorld()
  await startPolling(w)
})
afterEach(() => w.close())

interface Button { text: string; callback_data?: string; url?: string }
const keyboardOf = (m: ChatMessage) => (m.reply_markup as { inline_keyboard: Button[][] } | undefined)?.inline_keyboard ?? []
const button = (m: ChatMessage, text: string) => keyboardOf(m).flat().find((b) => b.text === text)!.callback_data!

/** A person in UTC with mood and sleep on the check-in form and a yes/no tracker of their own, reminded at 20:00. */
async function reminded(chatId: number): Promise<{ user: TestUser; message: ChatMessage }> {
  const user = await directlyLinkedUser(w.t, chatId, { timezone: 'UTC' })
  await setAlerts(w.t, user, { check_in_alert: true })
  const settings = await w.t.request('PUT', '/api/v1/users/me/settings/check-in', {
    token: user.token, body: { enabled_trackers: ['mood', 'sports', 'sleep'], selected_sports: ['dumbbell', 'bike', 'mountain', 'footprints', 'yoga'] },
  })
  expect(settings.status).toBe(200)
  const tracker = await w.t.request('POST', '/api/v1/trackers', { token: user.token, body: { name: 'Reading', kind: 'yesno' } })
  expect(tracker.status).toBe(201)
  w.t.clock.set('2026-06-25T20:00:00Z')
  await runAlertTick(w.t.deps)
  const message = [...w.fake.messages.values()].find((m) => m.chat_id === String(chatId))!
  expect(message).toBeDefined()
  return { user, message }
}

/** Taps `data` in `chat` (from `from`), waits until the bot has handled it; returns the bot's answer to the tap. */
async function tap(message: { message_id: number; chat_id: string | number }, data: string, from?: number): Promise<string | undefined> {
  const answers = w.fake.callbackAnswers.length
  await handled(w, w.fake.pushCallback(message, data, from))
  await until(() => w.fake.callbackAnswers.length > answers)
  return w.fake.callbackAnswers[answers]!.text
}

async function entry(user: TestUser, date = '2026-06-25') {
  const r = await w.t.request('GET', `/api/v1/check-in?from=${date}&to=${date}`, { token: user.token })
  expect(r.status).toBe(200)
  return r.body.data[0]
}

describe('the reminder\'s keyboard', () => {
  test('mood 1–5 as faces, then Done and a URL button to the day\'s check-in; every callback data fits 64 bytes', async () => {
    const { message } = await reminded(8001)
    expect(message.text).toBe('Daily Check-in Reminder\nHave you completed your daily check-in yet?\nYour trackers: Reading\nCheck In: https://app.daybook.test/check-in/date/2026-06-25')
    const rows = keyboardOf(message)
    expect(rows.map((r) => r.map((b) => b.text))).toEqual([['😖 1', '🙁 2', '😐 3', '🙂 4', '😄 5'], ['Done', 'Open daybook']])
    expect(rows[1]![1]!.url).toBe('https://app.daybook.test/check-in/date/2026-06-25')
    for (const b of rows.flat().filter((b) => b.callback_data)) expect(Buffer.byteLength(b.callback_data!)).toBeLessThanOrEqual(64)
    expect(w.fake.calls.find((c) => c.method === 'getUpdates')!.body.allowed_updates).toEqual(['message', 'callback_query'])
  })
})

describe('answering tap by tap', () => {
  test('each tap is answered, written into the day\'s check-in and the message moves to the next question', async () => {
    const { user, message } = await reminded(8002)
    expect(await tap(message, button(message, '🙂 4'))).toBe('Saved.')
    expect(await entry(user)).toMatchObject({ date: '2026-06-25', mood: 4, sleep: null })
    const shown = w.fake.messages.get(message.message_id)!
    expect(shown.text).toBe('Check-in for 2026-06-25\nMood: 4\n\nSleep?')
    expect(keyboardOf(shown).map((r) => r.map((b) => b.text))).toEqual([['1', '2', '3', '4', '5'], ['Done', 'Open daybook']])

    expect(await tap(message, button(shown, '3'))).toBe('Saved.')
    expect(w.fake.messages.get(message.message_id)!.text).toBe('Check-in for 2026-06-25\nMood: 4\nSleep: 3\n\nReading?')
    expect(await tap(message, button(w.fake.messages.get(message.message_id)!, 'Yes'))).toBe('Saved.')
    const last = w.fake.messages.get(message.message_id)!
    expect(last.text).toBe('Check-in for 2026-06-25 saved.\nMood: 4\nSleep: 3\nReading: Yes')
    expect(keyboardOf(last)).toEqual([[{ text: 'Open daybook', url: 'https://app.daybook.test/check-in/date/2026-06-25' }]])
    const day = await entry(user)
    expect(day).toMatchObject({ mood: 4, sleep: 3 })
    expect(Object.values(day.values)).toEqual([1])
    // one entry, the one the app shows
    expect((await w.t.request('GET', '/api/v1/check-in', { token: user.token })).body.data).toHaveLength(1)
  })

  test('Done ends the walk: the message keeps the answers and only the link', async () => {
    const { user, message } = await reminded(8003)
    await tap(message, button(message, '😄 5'))
    expect(await tap(message, button(w.fake.messages.get(message.message_id)!, 'Done'))).toBe('Saved.')
    expect(w.fake.messages.get(message.message_id)!.text).toBe('Check-in for 2026-06-25 saved.\nMood: 5')
    expect((await entry(user)).mood).toBe(5)
  })

  test('a repeated tap changes nothing: no write, no edit, the first answer stays', async () => {
    const { user, message } = await reminded(8004)
    const four = button(message, '🙂 4')
    const two = button(message, '🙁 2')
    await tap(message, four)
    const before = await entry(user)
    const edits = w.fake.edits.length
    w.t.clock.advance(60_000)
    expect(await tap(message, four)).toBe('Already saved. Change it in the app.')
    expect(await tap(message, two)).toBe('Already saved. Change it in the app.')
    expect(await entry(user)).toEqual(before)
    expect(w.fake.edits.length).toBe(edits)
  })
})

describe('refused taps', () => {
  test('forged or altered data writes nothing', async () => {
    const { user, message } = await reminded(8005)
    const good = button(message, '😐 3')
    const flipped = good.slice(0, -1) + (good.endsWith('A') ? 'B' : 'A')
    const otherValue = good.replace('.3.', '.5.')
    expect(otherValue).not.toBe(good)
    for (const data of [flipped, otherValue, 'x', good.slice(0, 40), `n${good.slice(1)}`]) {
      expect(await tap(message, data)).toBe('This button is not valid.')
    }
    expect(await entry(user)).toBeUndefined()
    expect(w.fake.edits).toEqual([])
  })

  test('a tap from another chat, or by someone else in it, writes nothing', async () => {
    const { user, message } = await reminded(8006)
    await directlyLinkedUser(w.t, 8007, { timezone: 'UTC' })
    const data = button(message, '🙂 4')
    // the data copied into another linked chat
    expect(await tap({ message_id: message.message_id, chat_id: 8007 }, data)).toBe('This button belongs to another chat.')
    // another sender on the same message
    expect(await tap(message, data, 9999)).toBe('This button belongs to another chat.')
    expect(await entry(user)).toBeUndefined()
    expect(w.fake.edits).toEqual([])
  })

  test('the buttons expire at the end of the day (the person\'s day start counts)', async () => {
    const { user, message } = await reminded(8008)
    const settings = await w.t.request('PUT', '/api/v1/notifications/settings', { token: user.token, body: { day_start: '02:00' } })
    expect(settings.status).toBe(200)
    const data = button(message, '🙂 4')
    w.t.clock.set('2026-06-26T01:59:00Z') // still the 25th for this person
    expect(await tap(message, button(message, '😐 3'))).toBe('Saved.')
    w.t.clock.set('2026-06-26T02:00:00Z')
    const sleepThree = button(w.fake.messages.get(message.message_id)!, '3')
    expect(await tap(message, sleepThree)).toBe('This reminder has expired. Check in from the app.')
    expect(await tap(message, data)).toBe('This reminder has expired. Check in from the app.')
    expect(await entry(user)).toMatchObject({ mood: 3, sleep: null })
    expect(await entry(user, '2026-06-26')).toBeUndefined()
  })
})
