/**
 * The weekly summary (docs/api/notifications.md §3.1): on Sunday evening in each person's timezone, across a change of
 * summer time, exactly once on every channel the person chose (the linked Telegram chat, ntfy, webhook, e-mail), also
 * after a restart; nothing where it was not chosen; its figures on constructed days, in four languages.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { runAlertTick } from './alert-tick'
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp'
import type { TestUser } from '../helpers/fixtures'
import { startPeer, type Peer } from './peers'
import { createBotWorld, createUser, directlyLinkedUser, setAlerts, type BotWorld } from '../chatbot/helpers'

const BASE = '/api/v1/notifications'
let smtp: SmtpCapture
let ntfy: Peer
let hook: Peer
let w: BotWorld
let env: Record<string, string>
beforeEach(async () => {
  smtp = await startSmtpCapture()
  ntfy = startPeer()
  hook = startPeer()
  env = { NOTIFY_ALLOW_PRIVATE: 'true', SMTP_URL: smtp.url }
  w = createBotWorld(env)
})
afterEach(async () => {
  await w.close()
  ntfy.stop()
  hook.stop()
  await smtp.close()
})

async function channel(user: TestUser, body: Record<string, unknown>) {
  const r = await w.t.request('POST', `${BASE}/channels`, { token: user.token, body })
  expect(r.status).toBe(200)
  return r.body.data
}

async function settings(user: TestUser, body: Record<string, unknown>) {
  const r = await w.t.request('PUT', `${BASE}/settings`, { token: user.token, body })
  expect(r.status).toBe(200)
  return r.body.data
}

const setLanguage = async (user: TestUser, language: string) =>
  expect((await w.t.request('PUT', '/api/v1/users/me/settings/language', { token: user.token, body: { language } })).status).toBe(200)

async function tickAt(at: string, t = w.t) {
  t.clock.set(at)
  return runAlertTick(t.deps)
}

const ONLY_WEEKLY = { your_day: false, check_in: false, weekly: true }

async function checkIn(user: TestUser, date: string, body: Record<string, unknown>) {
  const r = await w.t.request('POST', '/api/v1/check-in', { token: user.token, body: { date, ...body } })
  expect(r.status).toBe(201)
}

describe('Sunday evening in each timezone, exactly once', () => {
  test('Auckland (summer time begins that Sunday) on three channels and Los Angeles (it ends) by webhook, once each, a restart included', async () => {
    const auckland = await directlyLinkedUser(w.t, 8101, { timezone: 'Pacific/Auckland', email: 'akl@example.com' })
    expect(await settings(auckland, { weekly_telegram: true })).toMatchObject({ weekly_time: '19:00', weekly_telegram: true })
    await channel(auckland, { type: 'ntfy', url: `${ntfy.url}/week`, ...ONLY_WEEKLY })
    await channel(auckland, { type: 'email', ...ONLY_WEEKLY })
    const la = await createUser(w.t, { timezone: 'America/Los_Angeles' })
    await setLanguage(la, 'de')
    hook.secret = (await channel(la, { type: 'webhook', url: `${hook.url}/week`, ...ONLY_WEEKLY })).secret
    const sentAnywhere = () => w.fake.sent.length + ntfy.requests.length + hook.requests.length + smtp.messages.length

    expect((await tickAt('2026-09-26T07:00:00Z')).sent).toBe(0) // Saturday 19:00 in Auckland (NZST, +12)
    expect((await tickAt('2026-09-27T05:59:00Z')).sent).toBe(0) // Sunday 18:59 in Auckland, now NZDT (+13)
    expect(await tickAt('2026-09-27T06:00:00Z')).toEqual({ sent: 3, skipped: 0, failed: 0, retry: 0 })
    expect(w.fake.sent.map((m) => String(m.chat_id))).toEqual(['8101'])
    expect(w.fake.sent[0]!.text).toStartWith('Your week, September 21 to September 27\nChecked in on 0 of 7 days.')
    expect(ntfy.requests[0]!.json).toMatchObject({ topic: 'week', title: 'Your week' })
    const [mail] = await smtp.waitFor(1)
    expect(mail!).toMatchObject({ to: ['akl@example.com'], subject: 'Your week' })

    // Started again on the same data: the delivery log already holds the week, on every channel.
    const restarted = createBotWorld(env, w.t.dataDir, w.fake)
    try {
      expect((await tickAt('2026-09-27T06:01:00Z', restarted.t)).sent).toBe(0)
      expect((await tickAt('2026-09-27T07:59:00Z', restarted.t)).sent).toBe(0)
    } finally { restarted.t.deps.db.$client.close() }
    expect((await tickAt('2026-09-27T07:30:00Z')).sent).toBe(0)
    expect(sentAnywhere()).toBe(3)

    expect((await tickAt('2026-09-28T01:59:00Z')).sent).toBe(0) // Sunday 18:59 in Los Angeles (PDT, -7)
    expect((await tickAt('2026-09-28T02:00:00Z')).sent).toBe(1)
    expect(hook.requests[0]!.signatureValid).toBe(true)
    expect(hook.requests[0]!.json).toMatchObject({ kind: 'weekly', user_id: la.id, date: '2026-09-27' })
    expect(hook.requests[0]!.json.text).toStartWith('Deine Woche vom 21. September bis 27. September\nCheck-in an 0 von 7 Tagen.')
    expect((await tickAt('2026-09-28T06:00:00Z')).sent).toBe(0) // Monday in Auckland

    // 1 November: summer time ended at 02:00 in Los Angeles (PST, -8), so 19:00 is 03:00 UTC.
    expect((await tickAt('2026-11-01T06:00:00Z')).sent).toBe(3) // Auckland's Sunday 19:00 (NZDT)
    expect((await tickAt('2026-11-02T02:00:00Z')).sent).toBe(0)
    expect((await tickAt('2026-11-02T03:00:00Z')).sent).toBe(1)
    expect(hook.requests.map((r) => r.json.date)).toEqual(['2026-09-27', '2026-11-01'])
    await smtp.waitFor(2)
    expect(sentAnywhere()).toBe(8)
  })

  test('the time is the person\'s own, and a late tick inside two hours still sends it; after them it is gone', async () => {
    const u = await createUser(w.t, { timezone: 'Europe/Berlin' })
    await channel(u, { type: 'ntfy', url: `${ntfy.url}/t`, ...ONLY_WEEKLY })
    expect(await settings(u, { weekly_time: '08:30' })).toMatchObject({ weekly_time: '08:30', weekly_telegram: false })
    expect((await w.t.request('PUT', `${BASE}/settings`, { token: u.token, body: { weekly_time: '25:00' } })).status).toBe(422)
    expect((await tickAt('2026-11-22T18:00:00Z')).sent).toBe(0) // 19:00 is no longer the time
    expect((await tickAt('2026-11-29T09:29:00Z')).sent).toBe(1) // 10:29 CET: 1 h 59 late
    expect((await tickAt('2026-12-06T09:30:00Z')).sent).toBe(0) // two hours late: that week's is dropped
    expect(ntfy.requests.map((r) => r.json.message.split('\n')[0])).toEqual(['Your week, November 23 to November 29'])
  })
})

describe('opt-in per channel', () => {
  test('channels and a chat that take the daily alerts get no weekly summary until it is chosen, and then only there', async () => {
    // An app's sign-in (90 days), made the week before, lasts through the weeks below.
    w.t.clock.set('2026-11-22T10:00:00Z')
    const u = await directlyLinkedUser(w.t, 8201, { timezone: 'UTC', platform: 'mobile' })
    await setAlerts(w.t, u, { your_day_alert: true, check_in_alert: true })
    const n = await channel(u, { type: 'ntfy', url: `${ntfy.url}/t` })
    await channel(u, { type: 'webhook', url: `${hook.url}/h` })
    await channel(u, { type: 'email' })
    expect(n).toMatchObject({ your_day: true, check_in: true, weekly: false })
    expect((await w.t.request('GET', `${BASE}/settings`, { token: u.token })).body.data).toMatchObject({ weekly_time: '19:00', weekly_telegram: false })

    expect(await tickAt('2026-11-22T19:00:00Z')).toEqual({ sent: 0, skipped: 0, failed: 0, retry: 0 })
    expect(w.fake.sent.length + ntfy.requests.length + hook.requests.length + smtp.messages.length).toBe(0)

    const chosen = await w.t.request('PUT', `${BASE}/channels/${n.id}`, { token: u.token, body: { weekly: true } })
    expect(chosen.body.data).toMatchObject({ your_day: true, check_in: true, weekly: true })
    expect((await tickAt('2026-11-29T19:00:00Z')).sent).toBe(1)
    expect(ntfy.requests.map((r) => r.json.title)).toEqual(['Your week'])

    await settings(u, { weekly_telegram: true })
    await w.t.request('PUT', `${BASE}/channels/${n.id}`, { token: u.token, body: { weekly: false } })
    expect((await tickAt('2026-12-06T19:00:00Z')).sent).toBe(1)
    expect(w.fake.sent.map((m) => m.text.split('\n')[0])).toEqual(['Your week, November 30 to December 6'])
    expect(ntfy.requests).toHaveLength(1)
    expect(hook.requests.length + smtp.messages.length).toBe(0)
  })

  test('a linked chat with no daily alert on still takes the weekly summary when it is chosen', async () => {
    const u = await directlyLinkedUser(w.t, 8301, { timezone: 'UTC' })
    await settings(u, { weekly_telegram: true })
    expect((await tickAt('2026-11-22T19:00:00Z')).sent).toBe(1)
    expect(w.fake.sent.map((m) => String(m.chat_id))).toEqual(['8301'])
  })
})

describe('what it says', () => {
  test('the week\'s means against the 8 weeks before, the days checked in and the streaks, on constructed days', async () => {
    const u = await createUser(w.t, { timezone: 'UTC' })
    await channel(u, { type: 'webhook', url: `${hook.url}/h`, ...ONLY_WEEKLY })
    const tracker = async (body: Record<string, unknown>) => (await w.t.request('POST', '/api/v1/trackers', { token: u.token, body })).body.data.id as number
    const steps = await tracker({ name: 'Steps', kind: 'number', unit: 'steps' })
    const meditated = await tracker({ name: 'Meditated', kind: 'yesno' })
    await tracker({ name: 'Unused scale', kind: 'scale', min: 1, max: 10 })

    // The ninth week back (outside the usual): a mood of 1 that must not count (2.4 if it did).
    for (let day = 14; day <= 20; day++) await checkIn(u, `2026-09-${day}`, { mood: 1 })
    // The 8 weeks before: mood 2 for four weeks, then 3 (usual 2.5), every day, and steps once.
    for (let day = 0; day < 56; day++) {
      const date = new Date(Date.parse('2026-09-21T00:00:00Z') + day * 86_400_000).toISOString().slice(0, 10)
      await checkIn(u, date, { mood: day < 28 ? 2 : 3, ...(day === 10 ? { values: { [steps]: 7000 } } : {}) })
    }
    // The week of 16–22 November: no check-in on Saturday.
    const week: [string, Record<string, unknown>][] = [
      ['2026-11-16', { mood: 4, sleep: 3, values: { [steps]: 8000 } }],
      ['2026-11-17', { mood: 4 }],
      ['2026-11-18', { mood: 5, values: { [steps]: 9000 } }],
      ['2026-11-19', { mood: 3, values: { [meditated]: 1 } }],
      ['2026-11-20', { mood: 4, values: { [meditated]: 1 } }],
      ['2026-11-22', { mood: 5, values: { [meditated]: 1 } }],
    ]
    for (const [date, body] of week) await checkIn(u, date, body)

    expect((await tickAt('2026-11-22T19:00:00Z')).sent).toBe(1)
    expect(hook.requests[0]!.json.text).toBe([
      'Your week, November 16 to November 22',
      'Checked in on 6 of 7 days.',
      '',
      'This week\'s averages (usual: the mean of the 8 weeks before):',
      '• Mood: 4.2 (usual 2.5)',
      '• Sleep: 3.0 (no usual yet)',
      '• Steps: 8500.0\u00a0steps (usual 7000.0\u00a0steps)',
      '',
      'Check-in streak: 1 day (longest 68)',
      '• Meditated: 1 day in a row',
      '',
      'Open daybook: https://app.daybook.test/',
    ].join('\n'))
  })

  test('German, French and Spanish, with their numbers and plurals; an empty week says so', async () => {
    const texts: Record<string, string> = {}
    for (const language of ['de', 'fr', 'es']) {
      const u = await createUser(w.t, { timezone: 'UTC', email: `${language}@example.com` })
      await setLanguage(u, language)
      await channel(u, { type: 'webhook', url: `${hook.url}/${language}`, ...ONLY_WEEKLY })
      await checkIn(u, '2026-11-15', { mood: 3 })
      await checkIn(u, '2026-11-16', { mood: 4 })
      await checkIn(u, '2026-11-17', { mood: 5, water: 2 })
    }
    const empty = await createUser(w.t, { timezone: 'UTC' })
    await channel(empty, { type: 'webhook', url: `${hook.url}/empty`, ...ONLY_WEEKLY })
    expect((await tickAt('2026-11-22T19:00:00Z')).sent).toBe(4)
    for (const r of hook.requests) texts[r.path.slice(1)] = r.json.text
    expect(texts.de).toBe([
      'Deine Woche vom 16. November bis 22. November', 'Check-in an 2 von 7 Tagen.', '',
      'Durchschnitte dieser Woche (üblich: der Durchschnitt der 8 Wochen davor):',
      '• Stimmung: 4,5 (üblich 3,0)', '• Wasser: 2,0 (noch kein Vergleich)', '',
      'Gerade läuft keine Check-in-Serie.', '', 'daybook öffnen: https://app.daybook.test/',
    ].join('\n'))
    expect(texts.fr).toBe([
      'Votre semaine du 16 novembre au 22 novembre', 'Check-in fait 2 jours sur 7.', '',
      'Moyennes de la semaine (habituel : la moyenne des 8 semaines précédentes) :',
      '• Humeur : 4,5 (habituel 3,0)', '• Eau : 2,0 (pas encore d\'habitude)', '',
      'Aucune série de check-in en cours.', '', 'Ouvrir daybook : https://app.daybook.test/',
    ].join('\n'))
    expect(texts.es).toBe([
      'Tu semana del 16 de noviembre al 22 de noviembre', 'Check-in hecho 2 de 7 días.', '',
      'Promedios de la semana (habitual: el promedio de las 8 semanas anteriores):',
      '• Estado de ánimo: 4,5 (habitual 3,0)', '• Agua: 2,0 (aún sin habitual)', '',
      'No hay ninguna racha de check-in en curso.', '', 'Abrir daybook: https://app.daybook.test/',
    ].join('\n'))
    expect(texts.empty).toBe([
      'Your week, November 16 to November 22', 'Checked in on 0 of 7 days.', '', 'No tracker values this week.', '',
      'No check-in streak is going.', '', 'Open daybook: https://app.daybook.test/',
    ].join('\n'))
  })

  test('the two strongest insights of the 90 days ending that Sunday close it, worded as GET /insights words them', async () => {
    w.t.clock.set('2026-11-22T10:00:00Z')
    const u = await createUser(w.t, { timezone: 'UTC' })
    await channel(u, { type: 'webhook', url: `${hook.url}/h`, ...ONLY_WEEKLY })
    // Forty days: mood follows sleep (but on every seventh day), work goes against sleep, water is a pseudo-random
    // sequence of its own: three strong pairs at least.
    let seed = 7
    for (let day = 0; day < 40; day++) {
      const date = new Date(Date.parse('2026-10-14T00:00:00Z') + day * 86_400_000).toISOString().slice(0, 10)
      seed = (seed * 48271) % 2147483647
      const sleep = 1 + (day % 5)
      await checkIn(u, date, { sleep, mood: day % 7 === 0 ? 3 : sleep, work: 6 - sleep, water: 1 + (seed % 5) })
    }
    const insights = await w.t.request('GET', '/api/v1/insights?from=2026-08-25&to=2026-11-22', { token: u.token })
    expect(insights.status).toBe(200)
    const pairs: { text: string }[] = insights.body.data.pairs
    expect(pairs.length).toBeGreaterThan(2)

    expect((await tickAt('2026-11-22T19:00:00Z')).sent).toBe(1)
    const text: string = hook.requests[0]!.json.text
    const patterns = text.split('\n\n').find((block) => block.startsWith('Patterns'))
    expect(patterns).toBe(['Patterns (associations, not causes):', `• ${pairs[0]!.text}`, `• ${pairs[1]!.text}`].join('\n'))
  })
})
