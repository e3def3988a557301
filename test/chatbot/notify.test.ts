import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { notifyUser } from '../../src/features/chatbot/notify'
import { pruneExpiredDialogues, startDialogue } from '../../src/features/chatbot/dialogues'
import { botDialogues } from '../../src/features/chatbot/schema'
import { MINUTE } from '../../src/lib/clock'
import { createBotWorld, createUser, directlyLinkedUser, linkedThenBotRemoved, pairingToken, type BotWorld } from './helpers'

let w: BotWorld
beforeEach(() => { w = createBotWorld() })
afterEach(() => w.close())

const READY = 'Export Ready\nYour data export is ready to download.\nDownload Export: https://app.daybook.test/settings?tab=export'

describe('notifyUser', () => {
  test('sends to the confirmed chat whatever the alert toggles say', async () => {
    const user = await directlyLinkedUser(w.t, 9101)
    await notifyUser(w.t.deps, user.id, READY)
    expect(w.fake.sent).toEqual([{ chat_id: '9101', text: READY, link_preview_options: { is_disabled: true } }])
  })

  test('nothing without a confirmed chat', async () => {
    const pending = await createUser(w.t)
    await pairingToken(w.t, pending)
    const none = await createUser(w.t)
    await notifyUser(w.t.deps, pending.id, READY)
    await notifyUser(w.t.deps, none.id, READY)
    expect(w.fake.calls.filter((c) => c.method === 'sendMessage')).toEqual([])
  })

  test('a blocked chat is unlinked and the call does not throw', async () => {
    const user = await directlyLinkedUser(w.t, 9102)
    w.fake.scriptSend({ status: 403, body: { ok: false, error_code: 403, description: 'Forbidden: user is deactivated' } })
    await notifyUser(w.t.deps, user.id, READY)
    const state = await w.t.request('GET', '/api/v1/chatbot/request', { token: user.token })
    expect(state.body.data.is_confirmed).toBe(false)
  })

  test('a no-op without a bot', async () => {
    const { t, user, close } = await linkedThenBotRemoved(9103)
    try {
      await notifyUser(t.deps, user.id, READY)
      expect(t.deps.telegram).toBeUndefined()
    } finally {
      close()
    }
  })
})

describe('dialogue housekeeping', () => {
  test('expired dialogues are deleted, pending ones kept', async () => {
    const a = await directlyLinkedUser(w.t, 9201)
    const b = await directlyLinkedUser(w.t, 9202)
    startDialogue(w.t.deps, '9201', a.id, 'old')
    w.t.clock.advance(5 * MINUTE)
    startDialogue(w.t.deps, '9202', b.id, 'new')
    w.t.clock.advance(5 * MINUTE)
    expect(pruneExpiredDialogues(w.t.deps)).toBe(1)
    expect(w.t.deps.db.select().from(botDialogues).all().map((d) => d.text)).toEqual(['new'])
  })
})
