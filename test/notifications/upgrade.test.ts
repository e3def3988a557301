/**
 * The upgrade to one delivery log (migrations 0005 and 0006): a database written by the previous release, with
 * the chat bot's alert_log and the channels' old notification_deliveries, is opened by this one; what was
 * delivered or claimed before is not sent again, a pending retry keeps its time, and the day's start moves to
 * the users row.
 */
import { afterEach, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/lib/db/client'
import { migrate } from '../../src/lib/db/migrate'
import { migrations } from '../../src/lib/db/migrations.generated'
import { notificationDeliveries } from '../../src/features/notifications/schema'
import { createBotWorld, type BotWorld } from '../chatbot/helpers'
import { newToken } from '../helpers/fixtures'
import { runAlertTick } from './alert-tick'
import { startPeer, type Peer } from './peers'

const PREVIOUS = migrations.slice(0, migrations.findIndex((m) => m.tag === '0004_import_undo') + 1)
const USER = '0197a1b2-9a00-7c44-8d55-2e3f4a5b6c7d'
const T = Date.parse('2026-06-25T06:00:00Z')

let dataDir: string
let ntfy: Peer
let w: BotWorld | undefined
afterEach(async () => {
  await w?.close()
  ntfy.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** A data folder as the previous release left it: one user with a linked chat, an ntfy channel and both logs. */
function previousRelease(ntfyUrl: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'daybook-upgrade-'))
  const db = openDatabase(join(dir, 'daybook.db'))
  expect(migrate(db.$client, PREVIOUS).at(-1)).toBe('0004_import_undo')
  const sql = db.$client
  sql.query(`INSERT INTO users (id, name, email, email_key, password_hash, created_at, updated_at, timezone)
    VALUES (?, 'Old', 'old@example.com', 'old@example.com', 'x', ?, ?, 'UTC')`).run(USER, T, T)
  sql.query(`INSERT INTO notification_settings (user_id, day_start, updated_at) VALUES (?, '01:00', ?)`).run(USER, T)
  sql.query(`INSERT INTO chatbot_connections (user_id, token, token_created_at, chat_id, your_day_alert, check_in_alert, created_at, updated_at)
    VALUES (?, 'tok', ?, '7001', 1, 1, ?, ?)`).run(USER, T, T, T)
  const channel = sql.query(`INSERT INTO notification_channels (user_id, type, url, priority, your_day, check_in, created_at, updated_at)
    VALUES (?, 'ntfy', ?, 3, 1, 1, ?, ?) RETURNING id`).get(USER, `${ntfyUrl}/alerts`, T, T) as { id: number }
  // Telegram: the day's your-day went out; the reminder was claimed when the old server stopped.
  sql.query(`INSERT INTO alert_log (user_id, kind, local_date, status, created_at) VALUES (?, 'your_day', '2026-06-25', 'sent', ?)`).run(USER, T)
  sql.query(`INSERT INTO alert_log (user_id, kind, local_date, status, created_at) VALUES (?, 'check_in', '2026-06-25', 'sending', ?)`).run(USER, T)
  // ntfy: the your-day went out; the reminder failed once and waits until 20:05.
  sql.query(`INSERT INTO notification_deliveries (channel_id, kind, local_date, status, attempts, created_at) VALUES (?, 'your_day', '2026-06-25', 'sent', 1, ?)`)
    .run(channel.id, T)
  sql.query(`INSERT INTO notification_deliveries (channel_id, kind, local_date, status, attempts, next_attempt_at, last_error, created_at)
    VALUES (?, 'check_in', '2026-06-25', 'retry', 1, ?, 'answered 503', ?)`).run(channel.id, Date.parse('2026-06-25T20:05:00Z'), T)
  sql.close()
  return dir
}

test('alerts delivered or claimed under the old tables are not sent again after the upgrade', async () => {
  ntfy = startPeer()
  dataDir = previousRelease(ntfy.url)
  w = createBotWorld({ NOTIFY_ALLOW_PRIVATE: 'true' }, dataDir)
  const world = w
  const tickAt = async (at: string) => {
    world.t.clock.set(at)
    return runAlertTick(world.t.deps)
  }

  for (const at of ['2026-06-25T07:00:00Z', '2026-06-25T08:59:00Z', '2026-06-25T20:00:00Z', '2026-06-25T20:04:00Z']) {
    expect(await tickAt(at)).toEqual({ sent: 0, skipped: 0, failed: 0, retry: 0 })
  }
  expect(world.fake.sent).toEqual([])
  expect(ntfy.requests).toEqual([])
  // Both logs were carried over into the one log, under the user and the channel's name in it.
  const rows = world.t.deps.db.select().from(notificationDeliveries).all()
    .map((r) => `${r.userId === USER} ${r.channel} ${r.kind} ${r.localDate} ${r.status} ${r.attempts}`).sort()
  expect(rows).toEqual([
    'true 1 check_in 2026-06-25 retry 1', 'true 1 your_day 2026-06-25 sent 1',
    'true telegram check_in 2026-06-25 sending 0', 'true telegram your_day 2026-06-25 sent 1',
  ])
  // The channel's retry comes at its time, and only there.
  expect(await tickAt('2026-06-25T20:05:00Z')).toMatchObject({ sent: 1 })
  expect(ntfy.requests.map((r) => r.json.message)).toEqual([expect.stringContaining('/check-in/date/2026-06-25')])
  expect(world.fake.sent).toEqual([])

  // The next day is a day like any other, on both.
  expect(await tickAt('2026-06-26T07:00:00Z')).toMatchObject({ sent: 2 })
  expect(world.fake.sent.map((m) => m.text)).toEqual([expect.stringMatching(/^Your Day Ahead\n/)])

  // The day's start moved to the users row and is still what the settings show.
  const token = newToken(world.t, USER).token
  const settings = await world.t.request('GET', '/api/v1/notifications/settings', { token })
  expect(settings.body.data).toEqual({ your_day_time: '07:00', check_in_time: '20:00', weekly_time: '19:00', weekly_telegram: false, day_start: '01:00' })
})
