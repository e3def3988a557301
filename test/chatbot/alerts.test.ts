import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { chatbotConnections } from '../../src/features/chatbot/schema'
import { pruneDeliveries } from '../../src/features/notifications/deliver'
import { notificationDeliveries, TELEGRAM_CHANNEL } from '../../src/features/notifications/schema'
import { runAlertTick } from '../notifications/alert-tick'
import { DAY, MINUTE } from '../../src/lib/clock'
import { createBotWorld, createUser, directlyLinkedUser, linkedThenBotRemoved, setAlerts, type BotWorld } from './helpers'

let w: BotWorld
beforeEach(() => { w = createBotWorld() })
afterEach(() => w.close())

const EMPTY_DAY = 'Your Day Ahead\nNo tasks due today.\n\nCheck-in: not done yet\n\nOpen daybook: https://app.daybook.test/'
const reminder = (date: string) =>
  `Daily Check-in Reminder\nHave you completed your daily check-in yet?\nCheck In: https://app.daybook.test/check-in/date/${date}`

/** Moves the clock to `at` and runs one scheduler tick; returns the messages it sent. */
async function tickAt(at: string) {
  w.t.clock.set(at)
  const before = w.fake.sent.length
  await runAlertTick(w.t.deps)
  return w.fake.sent.slice(before).map((m) => ({ chat: String(m.chat_id), text: m.text }))
}

/** The delivery log's Telegram rows (the one log of every channel). */
const telegramRows = (t = w.t) => t.deps.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.channel, TELEGRAM_CHANNEL)).all()
const logRows = () => telegramRows()
  .map((r) => ({ kind: r.kind, date: r.localDate, status: r.status })).sort((a, b) => (a.date + a.kind).localeCompare(b.date + b.kind))

describe('your-day alert at 07:00 local time', () => {
  test('users in UTC, +05:30 and +05:45 each get exactly one message when 07:00 comes', async () => {
    const utc = await directlyLinkedUser(w.t, 1001, { timezone: 'UTC' })
    const kolkata = await directlyLinkedUser(w.t, 1002, { timezone: 'Asia/Kolkata' })
    const kathmandu = await directlyLinkedUser(w.t, 1003, { timezone: 'Asia/Kathmandu' })
    for (const u of [utc, kolkata, kathmandu]) await setAlerts(w.t, u, { your_day_alert: true })

    expect(await tickAt('2026-06-25T01:14:00Z')).toEqual([]) // 06:59 in Kathmandu
    expect(await tickAt('2026-06-25T01:15:00Z')).toEqual([{ chat: '1003', text: EMPTY_DAY }])
    expect(await tickAt('2026-06-25T01:16:00Z')).toEqual([])
    expect(await tickAt('2026-06-25T01:29:59Z')).toEqual([]) // 06:59 in Kolkata
    expect(await tickAt('2026-06-25T01:30:00Z')).toEqual([{ chat: '1002', text: EMPTY_DAY }])
    expect(await tickAt('2026-06-25T06:59:00Z')).toEqual([])
    expect(await tickAt('2026-06-25T07:00:00Z')).toEqual([{ chat: '1001', text: EMPTY_DAY }])
    for (const at of ['2026-06-25T07:01:00Z', '2026-06-25T08:30:00Z', '2026-06-25T08:59:00Z']) expect(await tickAt(at)).toEqual([])

    const rows = telegramRows()
    expect(rows.map((r) => [r.userId, r.kind, r.localDate, r.status]).sort()).toEqual([
      [utc.id, 'your_day', '2026-06-25', 'sent'], [kolkata.id, 'your_day', '2026-06-25', 'sent'], [kathmandu.id, 'your_day', '2026-06-25', 'sent'],
    ].sort())
    // the next local day brings the next alert
    expect(await tickAt('2026-06-26T07:00:00Z')).toEqual([{ chat: '1001', text: EMPTY_DAY }])
  })

  test('America/New_York across the DST change: 07:00 local is 12:00Z, then 11:00Z', async () => {
    const ny = await directlyLinkedUser(w.t, 2001, { timezone: 'America/New_York' })
    await setAlerts(w.t, ny, { your_day_alert: true, check_in_alert: true })
    expect(await tickAt('2026-03-07T11:59:00Z')).toEqual([])
    expect(await tickAt('2026-03-07T12:00:00Z')).toEqual([{ chat: '2001', text: EMPTY_DAY }])
    // Sunday 2026-03-08: clocks go forward at 02:00, so 07:00 EDT is 11:00Z
    expect(await tickAt('2026-03-08T10:59:00Z')).toEqual([])
    expect(await tickAt('2026-03-08T11:00:00Z')).toEqual([{ chat: '2001', text: EMPTY_DAY }])
    // 20:00 EDT on the 8th is already the 9th in UTC: the reminder names the local date
    expect(await tickAt('2026-03-08T23:59:00Z')).toEqual([])
    expect(await tickAt('2026-03-09T00:00:00Z')).toEqual([{ chat: '2001', text: reminder('2026-03-08') }])
    expect(await tickAt('2026-03-09T00:01:00Z')).toEqual([])
    expect(logRows()).toEqual([
      { kind: 'your_day', date: '2026-03-07', status: 'sent' },
      { kind: 'check_in', date: '2026-03-08', status: 'sent' },
      { kind: 'your_day', date: '2026-03-08', status: 'sent' },
    ])
  })

  test('America/New_York when clocks go back: 07:00 EST on 2026-11-01 is 12:00Z; the repeated hour sends nothing twice', async () => {
    const ny = await directlyLinkedUser(w.t, 2002, { timezone: 'America/New_York' })
    await setAlerts(w.t, ny, { your_day_alert: true, check_in_alert: true })
    expect(await tickAt('2026-10-31T11:00:00Z')).toEqual([{ chat: '2002', text: EMPTY_DAY }]) // 07:00 EDT
    expect(await tickAt('2026-11-01T11:00:00Z')).toEqual([]) // 06:00 EST
    expect(await tickAt('2026-11-01T11:59:00Z')).toEqual([])
    expect(await tickAt('2026-11-01T12:00:00Z')).toEqual([{ chat: '2002', text: EMPTY_DAY }])
    expect(await tickAt('2026-11-02T01:00:00Z')).toEqual([{ chat: '2002', text: reminder('2026-11-01') }]) // 20:00 EST
    expect(await tickAt('2026-11-02T02:59:00Z')).toEqual([])
    expect(await tickAt('2026-11-02T03:00:00Z')).toEqual([]) // 22:00 EST
  })

  test('catch-up inside the window; nothing from 09:00 on', async () => {
    const late = await directlyLinkedUser(w.t, 3001, { timezone: 'Asia/Kolkata' })
    const missed = await directlyLinkedUser(w.t, 3002, { timezone: 'UTC' })
    for (const u of [late, missed]) await setAlerts(w.t, u, { your_day_alert: true })
    // downtime until 08:59 Kolkata (03:29Z): still sent
    expect(await tickAt('2026-06-25T03:29:00Z')).toEqual([{ chat: '3001', text: EMPTY_DAY }])
    // the UTC user's server was down until 09:00 UTC: that day's alert is dropped
    expect(await tickAt('2026-06-25T09:00:00Z')).toEqual([])
    expect(await tickAt('2026-06-25T12:00:00Z')).toEqual([])
    expect(await tickAt('2026-06-25T23:59:00Z')).toEqual([])
  })

  test('no alert when toggled off or not confirmed; a toggle switched on inside the window makes it due', async () => {
    const off = await directlyLinkedUser(w.t, 4001, { timezone: 'UTC' })
    const pending = await createUser(w.t, { timezone: 'UTC' })
    await w.t.request('GET', '/api/v1/chatbot/token-request', { token: pending.token })
    await setAlerts(w.t, pending, { your_day_alert: true, check_in_alert: true })
    await setAlerts(w.t, off, { your_day_alert: true, check_in_alert: true })
    await setAlerts(w.t, off, { your_day_alert: false, check_in_alert: false })

    expect(await tickAt('2026-06-25T07:00:00Z')).toEqual([])
    expect(await tickAt('2026-06-25T20:00:00Z')).toEqual([])
    expect(logRows()).toEqual([])

    w.t.clock.set('2026-06-25T20:30:00Z')
    await setAlerts(w.t, off, { check_in_alert: true })
    expect(await tickAt('2026-06-25T20:31:00Z')).toEqual([{ chat: '4001', text: reminder('2026-06-25') }])
  })
})

describe('check-in reminder at 20:00 local time', () => {
  test('sent once at 20:00; skipped when the day already has a check-in; none after 22:00', async () => {
    const kathmandu = await directlyLinkedUser(w.t, 5001, { timezone: 'Asia/Kathmandu' })
    const utc = await directlyLinkedUser(w.t, 5002, { timezone: 'UTC' })
    const lazy = await directlyLinkedUser(w.t, 5003, { timezone: 'UTC' })
    for (const u of [kathmandu, utc, lazy]) await setAlerts(w.t, u, { check_in_alert: true })
    w.t.clock.set('2026-06-25T12:00:00Z')
    const done = await w.t.request('POST', '/api/v1/check-in', { token: utc.token, body: { date: '2026-06-25', mood: 4 } })
    expect(done.status).toBe(201)

    expect(await tickAt('2026-06-25T14:14:00Z')).toEqual([])
    expect(await tickAt('2026-06-25T14:15:00Z')).toEqual([{ chat: '5001', text: reminder('2026-06-25') }])
    expect(await tickAt('2026-06-25T14:16:00Z')).toEqual([])
    // 21:59 UTC: the UTC user checked in (skipped), the other one is caught up
    expect(await tickAt('2026-06-25T21:59:00Z')).toEqual([{ chat: '5003', text: reminder('2026-06-25') }])
    expect(await tickAt('2026-06-25T22:00:00Z')).toEqual([])
    const statuses = Object.fromEntries(telegramRows().map((r) => [r.userId, r.status]))
    expect(statuses).toEqual({ [kathmandu.id]: 'sent', [utc.id]: 'skipped', [lazy.id]: 'sent' })
  })

  test('the reminder names the person\'s own trackers, not archived ones, in their order', async () => {
    const user = await directlyLinkedUser(w.t, 5102, { timezone: 'UTC' })
    await setAlerts(w.t, user, { check_in_alert: true })
    for (const body of [{ name: 'Gym', kind: 'yesno' }, { name: 'Old', kind: 'yesno', archived: true }, { name: 'Weight', kind: 'number' }]) {
      expect((await w.t.request('POST', '/api/v1/trackers', { token: user.token, body })).status).toBe(201)
    }
    expect(await tickAt('2026-06-25T21:00:00Z')).toEqual([{
      chat: '5102',
      text: 'Daily Check-in Reminder\nHave you completed your daily check-in yet?\nYour trackers: Gym, Weight\nCheck In: https://app.daybook.test/check-in/date/2026-06-25',
    }])
  })

  test('a check-in entry shows as done in the your-day text', async () => {
    const user = await directlyLinkedUser(w.t, 5101, { timezone: 'UTC' })
    await setAlerts(w.t, user, { your_day_alert: true })
    await w.t.request('POST', '/api/v1/check-in', { token: user.token, body: { date: '2026-06-25', mood: 4 } })
    const [msg] = await tickAt('2026-06-25T07:00:00Z')
    expect(msg!.text).toContain('\n\nCheck-in: done\nStreak: 1 day\n\n')
    expect((await w.t.request('POST', '/api/v1/trackers', { token: user.token, body: { name: 'Gym', kind: 'yesno' } })).status).toBe(201)
    const [next] = await tickAt('2026-06-26T07:00:00Z')
    expect(next!.text).toContain('\n\nCheck-in: not done yet\nYour trackers: Gym\nStreak: 1 day\n\n')
  })
})

describe('delivery failures', () => {
  test('403 marks the alert failed and unlinks the chat', async () => {
    const user = await directlyLinkedUser(w.t, 6001, { timezone: 'UTC' })
    await setAlerts(w.t, user, { your_day_alert: true })
    w.fake.scriptSend({ status: 403, body: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' } })
    expect(await tickAt('2026-06-25T07:00:00Z')).toEqual([])
    expect(logRows()).toEqual([{ kind: 'your_day', date: '2026-06-25', status: 'failed' }])
    const connection = w.t.deps.db.select().from(chatbotConnections).where(eq(chatbotConnections.userId, user.id)).get()!
    expect(connection.chatId).toBeNull()
    const state = await w.t.request('GET', '/api/v1/chatbot/request', { token: user.token })
    expect(state.body.data).toMatchObject({ is_confirmed: false, chat_id: null, your_day_alert: true })
    expect(await tickAt('2026-06-25T07:01:00Z')).toEqual([])
  })

  test('400 "chat not found" also marks the alert failed and unlinks the chat', async () => {
    const user = await directlyLinkedUser(w.t, 6011, { timezone: 'UTC' })
    await setAlerts(w.t, user, { check_in_alert: true })
    w.fake.scriptSend({ status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: chat not found' } })
    expect(await tickAt('2026-06-25T20:00:00Z')).toEqual([])
    expect(logRows()).toEqual([{ kind: 'check_in', date: '2026-06-25', status: 'failed' }])
    const state = await w.t.request('GET', '/api/v1/chatbot/request', { token: user.token })
    expect(state.body.data).toMatchObject({ is_confirmed: false, chat_id: null, check_in_alert: true })
    expect(w.slept).toEqual([])
  })

  test('another 4xx is dropped: the alert is failed for the day, the chat stays linked', async () => {
    const user = await directlyLinkedUser(w.t, 6021, { timezone: 'UTC' })
    await setAlerts(w.t, user, { your_day_alert: true })
    w.fake.scriptSend({ status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: message is too long' } })
    expect(await tickAt('2026-06-25T07:00:00Z')).toEqual([])
    expect(logRows()).toEqual([{ kind: 'your_day', date: '2026-06-25', status: 'failed' }])
    expect(await tickAt('2026-06-25T07:01:00Z')).toEqual([])
    const state = await w.t.request('GET', '/api/v1/chatbot/request', { token: user.token })
    expect(state.body.data).toMatchObject({ is_confirmed: true, chat_id: '6021' })
    expect(w.fake.calls.filter((c) => c.method === 'sendMessage')).toHaveLength(1)
  })

  test('a transient failure waits for a later tick inside the window, which sends it', async () => {
    const user = await directlyLinkedUser(w.t, 6101, { timezone: 'UTC' })
    await setAlerts(w.t, user, { check_in_alert: true })
    const down = { status: 500, body: { ok: false, error_code: 500, description: 'Internal Server Error' } }
    w.fake.scriptSend(down, down, down)
    expect(await tickAt('2026-06-25T20:00:00Z')).toEqual([])
    expect(w.slept).toEqual([1000, 3000])
    expect(logRows()).toEqual([{ kind: 'check_in', date: '2026-06-25', status: 'retry' }])
    expect(await tickAt('2026-06-25T20:01:00Z')).toEqual([{ chat: '6101', text: reminder('2026-06-25') }])
    expect(logRows()).toEqual([{ kind: 'check_in', date: '2026-06-25', status: 'sent' }])
  })

  test('429 is waited out and the alert is sent once', async () => {
    const user = await directlyLinkedUser(w.t, 6201, { timezone: 'UTC' })
    await setAlerts(w.t, user, { your_day_alert: true })
    w.fake.scriptSend({ status: 429, body: { ok: false, error_code: 429, description: 'Too Many Requests', parameters: { retry_after: 3 } } })
    expect(await tickAt('2026-06-25T07:00:00Z')).toEqual([{ chat: '6201', text: EMPTY_DAY }])
    expect(w.slept).toEqual([3000])
    expect(await tickAt('2026-06-25T07:01:00Z')).toEqual([])
  })

  test('a failure after the message went out never leads to a second message', async () => {
    const user = await directlyLinkedUser(w.t, 6401, { timezone: 'UTC' })
    await setAlerts(w.t, user, { your_day_alert: true })
    const update = w.t.deps.db.update
    w.t.deps.db.update = (() => { throw new Error('database is locked') }) as never
    try {
      expect(await tickAt('2026-06-25T07:00:00Z')).toEqual([{ chat: '6401', text: EMPTY_DAY }])
    } finally {
      w.t.deps.db.update = update
    }
    expect(w.t.logs.some((l) => l.includes('database is locked'))).toBe(true)
    expect(await tickAt('2026-06-25T07:01:00Z')).toEqual([])
    expect(logRows()).toEqual([{ kind: 'your_day', date: '2026-06-25', status: 'sending' }])
  })

  // The tick's selects: the linked chats, the candidate users, the user's alert times, their channels, the
  // chat's row in the delivery log (5, before the claim), the user's own trackers the reminder names (6, before the
  // claim), the chat's connection (7, after the claim, before sending).
  for (const [failing, left] of [[5, []], [6, []], [7, [{ kind: 'check_in', date: '2026-06-25', status: 'retry' }]]] as const) {
    test(`a failure before anything went out (select ${failing}) leaves the alert to the next tick`, async () => {
      const user = await directlyLinkedUser(w.t, 6501, { timezone: 'UTC' })
      await setAlerts(w.t, user, { check_in_alert: true })
      const select = w.t.deps.db.select
      let calls = 0
      w.t.deps.db.select = ((...args: never[]) => {
        calls += 1
        if (calls === failing) throw new Error('database is locked')
        return (select as (...a: never[]) => unknown).apply(w.t.deps.db, args)
      }) as never
      try {
        expect(await tickAt('2026-06-25T20:00:00Z')).toEqual([])
      } finally {
        w.t.deps.db.select = select
      }
      expect(w.t.logs.some((l) => l.includes('database is locked'))).toBe(true)
      expect(logRows()).toEqual([...left])
      expect(await tickAt('2026-06-25T20:01:00Z')).toEqual([{ chat: '6501', text: reminder('2026-06-25') }])
    })
  }

  test('an alert claimed by another tick (a row in the log) is never sent again', async () => {
    const user = await directlyLinkedUser(w.t, 6301, { timezone: 'UTC' })
    await setAlerts(w.t, user, { your_day_alert: true })
    w.t.deps.db.insert(notificationDeliveries)
      .values({ userId: user.id, channel: TELEGRAM_CHANNEL, kind: 'your_day', localDate: '2026-06-25', status: 'sending', createdAt: w.t.clock.now() }).run()
    expect(await tickAt('2026-06-25T07:00:00Z')).toEqual([])
  })
})

describe('housekeeping and no bot', () => {
  test('log rows older than 30 days are deleted', async () => {
    const user = await directlyLinkedUser(w.t, 7001, { timezone: 'UTC' })
    await setAlerts(w.t, user, { your_day_alert: true })
    await tickAt('2026-06-25T07:00:00Z')
    await tickAt('2026-07-20T07:00:00Z')
    w.t.clock.set(Date.parse('2026-06-25T07:00:00Z') + 30 * DAY + MINUTE)
    expect(pruneDeliveries(w.t.deps)).toBe(1)
    expect(logRows()).toEqual([{ kind: 'your_day', date: '2026-07-20', status: 'sent' }])
  })

  test('without TELEGRAM_BOT_TOKEN the tick sends nothing and claims nothing', async () => {
    const { t, user, close } = await linkedThenBotRemoved(8001, { timezone: 'UTC' })
    try {
      await setAlerts(t, user, { your_day_alert: true })
      t.clock.set('2026-06-25T07:00:00Z')
      expect(t.deps.telegram).toBeUndefined()
      expect(await runAlertTick(t.deps)).toEqual({ sent: 0, skipped: 0, failed: 0, retry: 0 })
      expect(telegramRows(t)).toEqual([])
    } finally {
      close()
    }
  })
})
