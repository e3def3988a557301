import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { runAlertTick } from '../notifications/alert-tick'
import { insertLibraryItem } from '../../src/features/libraries/queries'
import { MINUTE } from '../../src/lib/clock'
import { createBotWorld, directlyLinkedUser, setAlerts, type BotWorld } from './helpers'
import type { TestUser } from '../helpers/fixtures'

let w: BotWorld
let user: TestUser
beforeEach(async () => {
  w = createBotWorld()
  user = await directlyLinkedUser(w.t, 9001, { timezone: 'Asia/Kolkata' })
  await setAlerts(w.t, user, { your_day_alert: true })
})
afterEach(() => w.close())

function todo(title: string, dueAt: string | null, extra: Record<string, unknown> = {}) {
  w.t.clock.advance(MINUTE)
  insertLibraryItem(w.t.deps, user.id, 'todos', { title, due_at: dueAt, ...extra })
}

/** The your-day alert of 2026-06-25 in Kolkata (07:00 local is 01:30Z). */
async function morningText(): Promise<string> {
  w.t.clock.set('2026-06-25T01:30:00Z')
  await runAlertTick(w.t.deps)
  expect(w.fake.sent).toHaveLength(1)
  return w.fake.sent[0]!.text
}

describe('your-day text (docs/api/chatbot.md §6.3)', () => {
  test('tasks due on or before the local date, overdue marked, ordered by due date then creation; a quote', async () => {
    todo('Buy milk', '2026-06-25')
    todo('Pay rent', '2026-06-20')
    todo('Later', '2026-06-26')
    todo('Someday', null)
    todo('Done already', '2026-06-24', { is_completed: true })
    todo('Call mom', '2026-06-25')
    insertLibraryItem(w.t.deps, user.id, 'quotes', { quote: 'Stay hungry, stay foolish.', author: 'Steve Jobs' })
    expect(await morningText()).toBe([
      'Your Day Ahead',
      'Tasks (3):',
      '• Pay rent (overdue)',
      '• Buy milk',
      '• Call mom',
      '',
      'Check-in: not done yet',
      '',
      'Quote:',
      '"Stay hungry, stay foolish." — Steve Jobs',
      '',
      'Open daybook: https://app.daybook.test/',
    ].join('\n'))
  })

  test('at most 20 task lines; a long quote without author is cut to 499 characters plus an ellipsis', async () => {
    for (let i = 1; i <= 23; i++) todo(`Task ${i}`, '2026-06-25')
    insertLibraryItem(w.t.deps, user.id, 'quotes', { quote: 'q'.repeat(600) })
    const text = await morningText()
    const lines = text.split('\n')
    expect(lines[1]).toBe('Tasks (23):')
    expect(lines.slice(2, 22)).toEqual(Array.from({ length: 20 }, (_, i) => `• Task ${i + 1}`))
    expect(lines[22]).toBe('• … and 3 more')
    expect(text).toContain(`\n\nQuote:\n"${'q'.repeat(499)}…"\n\nOpen daybook:`)
  })

  test('a going check-in streak is told under the check-in line (today, not over yet, breaks nothing)', async () => {
    for (const date of ['2026-06-22', '2026-06-23', '2026-06-24']) {
      expect((await w.t.request('POST', '/api/v1/check-in', { token: user.token, body: { date, mood: 4 } })).status).toBe(201)
    }
    expect(await morningText()).toBe('Your Day Ahead\nNo tasks due today.\n\nCheck-in: not done yet\nStreak: 3 days\n\nOpen daybook: https://app.daybook.test/')
  })

  test('no quote block without quotes', async () => {
    todo('Stretch', '2026-06-25')
    expect(await morningText()).toBe('Your Day Ahead\nTasks (1):\n• Stretch\n\nCheck-in: not done yet\n\nOpen daybook: https://app.daybook.test/')
  })
})
