/**
 * No check-in reminder once the day's check-in exists, on every channel at once (the linked Telegram chat, ntfy,
 * webhook, e-mail), with the day counted by the person's own "my day starts at" and a moved clock.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { runAlertTick } from './alert-tick'
import { notificationDeliveries } from '../../src/features/notifications/schema'
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp'
import type { TestUser } from '../helpers/fixtures'
import { startPeer, type Peer } from './peers'
import { createBotWorld, directlyLinkedUser, setAlerts, type BotWorld } from '../chatbot/helpers'

const BASE = '/api/v1/notifications'
let smtp: SmtpCapture
let ntfy: Peer
let hook: Peer
let w: BotWorld
beforeEach(async () => {
  smtp = await startSmtpCapture()
  ntfy = startPeer()
  hook = startPeer()
  w = createBotWorld({ NOTIFY_ALLOW_PRIVATE: 'true', SMTP_URL: smtp.url })
})
afterEach(async () => {
  await w.close()
  ntfy.stop()
  hook.stop()
  await smtp.close()
})

/** A person reminded on all four channels, with the check-in reminder at `time` and the day starting at `dayStart`. */
async function everywhere(chatId: number, time: string, dayStart: string): Promise<TestUser> {
  const u = await directlyLinkedUser(w.t, chatId, { timezone: 'Europe/Berlin', email: `p${chatId}@example.com` })
  await setAlerts(w.t, u, { check_in_alert: true })
  expect((await w.t.request('PUT', `${BASE}/settings`, { token: u.token, body: { check_in_time: time, day_start: dayStart } })).status).toBe(200)
  for (const body of [{ type: 'ntfy', url: `${ntfy.url}/t${chatId}` }, { type: 'webhook', url: `${hook.url}/h${chatId}` }, { type: 'email' }]) {
    expect((await w.t.request('POST', `${BASE}/channels`, { token: u.token, body: { ...body, your_day: false } })).status).toBe(200)
  }
  return u
}

const statuses = (userId: string) => w.t.deps.db.select().from(notificationDeliveries)
  .where(eq(notificationDeliveries.userId, userId)).all().map((r) => `${r.localDate} ${r.status}`)

const sentAnywhere = () => w.fake.sent.length + ntfy.requests.length + hook.requests.length + smtp.messages.length

async function tickAt(at: string) {
  w.t.clock.set(at)
  return runAlertTick(w.t.deps)
}

describe('no reminder once the day has its check-in', () => {
  test('a check-in made after midnight but before the day starts counts for the day before: nothing on any channel', async () => {
    // Berlin is UTC+2 in June. The day starts at 03:00, the reminder is at 00:30: at 00:30 on the 26th it is for the 25th.
    const u = await everywhere(7001, '00:30', '03:00')
    w.t.clock.set('2026-06-25T22:10:00Z') // 00:10 on the 26th in Berlin, still the 25th for this person
    const made = await w.t.request('POST', '/api/v1/check-in', { token: u.token, body: { date: '2026-06-25', mood: 3 } })
    expect(made.status).toBe(201)
    expect(await tickAt('2026-06-25T22:30:00Z')).toEqual({ sent: 0, skipped: 4, failed: 0, retry: 0 })
    expect(await tickAt('2026-06-25T23:45:00Z')).toEqual({ sent: 0, skipped: 0, failed: 0, retry: 0 })
    expect(sentAnywhere()).toBe(0)
    expect(statuses(u.id)).toEqual(Array(4).fill('2026-06-25 skipped'))
  })

  test('without the check-in every channel gets it; the next day, checked in before the time, none does', async () => {
    const u = await everywhere(7002, '21:00', '00:00')
    expect((await tickAt('2026-06-25T19:00:00Z')).sent).toBe(4)
    expect(sentAnywhere()).toBe(4)
    w.t.clock.set('2026-06-26T08:00:00Z')
    expect((await w.t.request('POST', '/api/v1/check-in', { token: u.token, body: { date: '2026-06-26', sleep: 4 } })).status).toBe(201)
    expect(await tickAt('2026-06-26T19:00:00Z')).toEqual({ sent: 0, skipped: 4, failed: 0, retry: 0 })
    expect(sentAnywhere()).toBe(4)
  })

  test('a reminder waiting for its retry is dropped when the check-in comes in meanwhile', async () => {
    const u = await everywhere(7003, '21:00', '00:00')
    hook.answers.push({ status: 503 })
    expect(await tickAt('2026-06-25T19:00:00Z')).toEqual({ sent: 3, skipped: 0, failed: 0, retry: 1 })
    w.t.clock.set('2026-06-25T19:01:00Z')
    expect((await w.t.request('POST', '/api/v1/check-in', { token: u.token, body: { date: '2026-06-25', mood: 5 } })).status).toBe(201)
    expect(await tickAt('2026-06-25T19:30:00Z')).toEqual({ sent: 0, skipped: 1, failed: 0, retry: 0 })
    expect(hook.requests).toHaveLength(1)
  })
})
