import { afterEach, describe, expect, test } from 'bun:test'
import { createBotWorld, handled, startPolling, until, type BotWorld } from './helpers'

const worlds: BotWorld[] = []
afterEach(async () => {
  for (const w of worlds.splice(0)) await w.close()
})

function world(): BotWorld {
  const w = createBotWorld()
  worlds.push(w)
  return w
}

const down = { status: 502, body: { ok: false, error_code: 502, description: 'Bad Gateway' } }

describe('polling keeps going (docs/api/chatbot.md §5.1)', () => {
  test('the network/5xx back-off counts only those failures: after a 429 or 409 it starts again at 1 s', async () => {
    const w = world()
    w.fake.scriptCall('getUpdates',
      { status: 429, body: { ok: false, error_code: 429, description: 'Too Many Requests', parameters: { retry_after: 3 } } },
      down, down,
      { status: 409, body: { ok: false, error_code: 409, description: 'Conflict: terminated by other getUpdates request' } },
      down)
    await startPolling(w)
    const id = w.fake.pushText(7601, '/help')
    await handled(w, id)
    expect(w.slept).toEqual([3000, 1000, 2000, 30000, 1000])
  })

  test('an answer whose result is not a list of updates does not stop the bot', async () => {
    const w = world()
    w.fake.scriptCall('getUpdates', { status: 200, body: { ok: true, result: { unexpected: true } } }, { status: 200, body: { ok: true, result: [null, 7, { update_id: 'x' }] } })
    await startPolling(w)
    const id = w.fake.pushText(7602, '/help')
    await handled(w, id)
    expect(w.fake.sent.map((m) => m.chat_id)).toEqual(['7602'])
  })

  test('an update whose handling cannot be recorded is retried after a pause, not the end of the bot', async () => {
    const w = world()
    await startPolling(w)
    const insert = w.t.deps.db.insert
    let broken = true
    w.t.deps.db.insert = ((table: unknown) => {
      if (broken) throw new Error('disk I/O error')
      return insert.call(w.t.deps.db, table as never)
    }) as never
    const id = w.fake.pushText(7603, '/help')
    await until(() => w.t.logs.some((l) => l.includes('disk I/O error')))
    broken = false
    await handled(w, id)
    expect(w.slept).toContain(1000)
    const next = w.fake.pushText(7604, '/help')
    await handled(w, next)
    expect(w.fake.sent.at(-1)!.chat_id).toBe('7604')
  })
})
