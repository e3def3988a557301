/**
 * The your-day message's weather line (docs/api/chatbot.md §6.3, docs/api/weather.md §2.1), sent through a loopback
 * Bot API by the real alert tick, with the weather from a loopback Open-Meteo: there when the person has a place
 * and the weather can be had, left out otherwise — and the message goes out either way.
 */
import { afterAll, afterEach, beforeEach, expect, test } from 'bun:test'
import { runAlertTick } from '../notifications/alert-tick'
import { createBotWorld, directlyLinkedUser, setAlerts, type BotWorld } from '../chatbot/helpers'
import type { TestUser } from '../helpers/fixtures'
import { startOpenMeteoPeer, weatherEnv } from './open-meteo-peer'

const peer = startOpenMeteoPeer()
afterAll(() => peer.stop())

let w: BotWorld
let user: TestUser
beforeEach(async () => {
  peer.requests.length = 0
  w = createBotWorld(weatherEnv(peer))
  user = await directlyLinkedUser(w.t, 9001, { timezone: 'Asia/Kolkata' })
  await setAlerts(w.t, user, { your_day_alert: true })
})
afterEach(() => w.close())

const put = async (path: string, body: object) =>
  expect((await w.t.request('PUT', `/api/v1/users/me/settings/${path}`, { token: user.token, body })).status).toBe(200)

/** The your-day alert of 2026-06-25 in Kolkata (07:00 local is 01:30Z). */
async function morningText(): Promise<string> {
  w.t.clock.set('2026-06-25T01:30:00Z')
  await runAlertTick(w.t.deps)
  expect(w.fake.sent).toHaveLength(1)
  return w.fake.sent[0]!.text
}

const WITHOUT_WEATHER = 'Your Day Ahead\nNo tasks due today.\n\nCheck-in: not done yet\n\nOpen daybook: https://app.daybook.test/'

test('with a place: one line under the heading, in the unit and for the date of the person', async () => {
  await put('weather-city', { city: 'Berlin, Germany', lat: 52.52437, lon: 13.41053 })
  expect(await morningText()).toBe(
    'Your Day Ahead\nWeather in Berlin, Germany: rain, 12–19 °C\nNo tasks due today.\n\nCheck-in: not done yet\n\nOpen daybook: https://app.daybook.test/',
  )
  const [asked] = peer.to('/v1/forecast')
  expect([asked!.query.get('timezone'), asked!.query.get('start_date')]).toEqual(['Asia/Kolkata', '2026-06-25'])
})

test('in Fahrenheit, below freezing rounded to whole degrees; a condition outside the WMO table is left unsaid', async () => {
  await put('weather-city', { city: 'München', lat: 48.13743, lon: 11.57549 })
  await put('weather-temperature-unit', { temperature_unit: 'f' })
  expect((await morningText()).split('\n')[1]).toBe('Weather in München: snow, 26–33 °F')
  w.fake.sent.length = 0
  await put('weather-temperature-unit', { temperature_unit: 'c' })
  peer.next('/v1/forecast', { kind: 'json', json: { daily: { time: ['2026-06-26'], temperature_2m_max: [0.4], temperature_2m_min: [-0.4], weather_code: [42] } } })
  w.t.clock.set('2026-06-26T01:30:00Z')
  await runAlertTick(w.t.deps)
  expect(w.fake.sent[0]!.text.split('\n')[1]).toBe('Weather in München: 0–0 °C')
})

test('without a place: no line, nothing asked', async () => {
  expect(await morningText()).toBe(WITHOUT_WEATHER)
  expect(peer.requests).toEqual([])
})

test('a failing, a malformed or a slow weather service leaves the line out; the message still goes', async () => {
  await put('weather-city', { city: 'Berlin', lat: 52.52437, lon: 13.41053 })
  peer.next('/v1/forecast', { kind: 'status', status: 503 })
  expect(await morningText()).toBe(WITHOUT_WEATHER)

  w.fake.sent.length = 0
  peer.next('/v1/forecast', { kind: 'body', body: '{"daily":' })
  w.t.clock.set('2026-06-26T01:30:00Z')
  await runAlertTick(w.t.deps)
  expect(w.fake.sent.map((m) => m.text)).toEqual([WITHOUT_WEATHER])

  w.fake.sent.length = 0
  peer.next('/v1/forecast', { kind: 'slow', ms: 4000 })
  w.t.clock.set('2026-06-27T01:30:00Z')
  await runAlertTick(w.t.deps)
  expect(w.fake.sent.map((m) => m.text)).toEqual([WITHOUT_WEATHER])
  expect(peer.to('/v1/forecast')).toHaveLength(3)
})

test("Today's look in the same hour is the morning message's: one request for both", async () => {
  await put('weather-city', { city: 'Berlin', lat: 52.52437, lon: 13.41053 })
  w.t.clock.set('2026-06-25T01:05:00Z')
  const page = await w.t.request('GET', '/api/v1/weather/today', { token: user.token })
  expect(page.body.data).toMatchObject({ date: '2026-06-25', max: 19.3 })
  expect((await morningText()).split('\n')[1]).toBe('Weather in Berlin: rain, 12–19 °C')
  expect(peer.to('/v1/forecast')).toHaveLength(1)
})

test('with the weather off, the message is as before', async () => {
  await w.close()
  w = createBotWorld({ ...weatherEnv(peer), WEATHER_API_URL: 'off' })
  user = await directlyLinkedUser(w.t, 9002, { timezone: 'Asia/Kolkata' })
  await setAlerts(w.t, user, { your_day_alert: true })
  await put('weather-city', { city: 'Berlin', lat: 52.52437, lon: 13.41053 })
  expect(await morningText()).toBe(WITHOUT_WEATHER)
  expect(peer.requests).toEqual([])
})
