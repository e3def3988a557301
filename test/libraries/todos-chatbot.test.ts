/**
 * docs/api/quick-add.md §11.1 with docs/api/chatbot.md §5.6 and §6.3: a to-do completed through the API leaves the
 * bot's /todos and the "your day" message (/day and the morning alert); reopened, it comes back. The bot talks to a
 * Bot API server on loopback.
 */
import { afterEach, beforeEach, expect, test } from 'bun:test'
import { runAlertTick } from '../notifications/alert-tick'
import { createBotWorld, linkedUser, say, setAlerts, startPolling, type BotWorld } from '../chatbot/helpers'
import type { TestUser } from '../helpers/fixtures'
import { commitOk } from '../quick-add/helpers'

const CHAT = 6101
let w: BotWorld
let user: TestUser
beforeEach(async () => {
  w = createBotWorld()
  await startPolling(w)
  user = await linkedUser(w, CHAT, { timezone: 'UTC' })
})
afterEach(() => w.close())

const todo = (content: string) => commitOk(w.t, user, { content, content_type: 'todo' })
const setDone = async (id: string, done: boolean) => {
  const r = await w.t.request('PATCH', `/api/v1/libraries/todos/${id}`, { token: user.token, body: { is_completed: done } })
  expect(r.status).toBe(200)
  return r.body.data
}
const tasks = async () => (await say(w, CHAT, '/day')).text.split('\n\n')[0]

test('a completed to-do leaves /todos and /day; reopened, it is back', async () => {
  const milk = await todo('Buy milk due:today')
  await todo('Call mom due:2026-06-20')
  expect((await say(w, CHAT, '/todos')).text).toBe('- Call mom\n- Buy milk')
  expect(await tasks()).toBe('Your Day Ahead\nTasks (2):\n• Call mom (overdue)\n• Buy milk')

  await setDone(milk.id, true)
  expect((await say(w, CHAT, '/todos')).text).toBe('- Call mom')
  expect(await tasks()).toBe('Your Day Ahead\nTasks (1):\n• Call mom (overdue)')

  await setDone(milk.id, false)
  expect((await say(w, CHAT, '/todos')).text).toBe('- Call mom\n- Buy milk')
})

test('a completed repeating to-do leaves today\'s list; its next occurrence waits in /todos', async () => {
  await todo('Water plants due:today repeat:weekly').then((item) => setDone(item.id, true))
  expect(await tasks()).toBe('Your Day Ahead\nNo tasks due today.')
  expect((await say(w, CHAT, '/todos')).text).toBe('- Water plants')
  const open = (await w.t.request('GET', '/api/v1/libraries/todos?status=open', { token: user.token })).body.data
  expect(open.map((i: any) => i.due_at)).toEqual(['2026-07-01'])
})

test('the morning alert lists only what is still open', async () => {
  await setAlerts(w.t, user, { your_day_alert: true })
  const rent = await todo('Pay rent due:2026-06-25')
  await todo('Buy milk due:2026-06-25')
  await setDone(rent.id, true)
  const before = w.fake.sent.length
  // 07:00 UTC on the 25th: the user's your-day alert.
  w.t.clock.set('2026-06-25T07:00:00Z')
  await runAlertTick(w.t.deps)
  const sent = await w.fake.waitForSent(before + 1)
  expect(sent[before]!.text).toStartWith('Your Day Ahead\nTasks (1):\n• Buy milk\n\n')
})
