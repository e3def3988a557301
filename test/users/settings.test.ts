import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'

const t = useTestApp()
let u: TestUser
beforeEach(async () => {
  u = await createUser(t)
})

const put = (path: string, body: unknown, token = u.token) => t.request('PUT', `/api/v1/users/me/settings/${path}`, { token, body })
const settings = async () => (await t.request('GET', '/api/v1/users/me', { token: u.token })).body.data.settings
const invalid = (errors: Record<string, string[]>) => ({
  success: false, message: 'The given data was invalid.', code: 'validation_failed', timestamp: new Date(t.clock.now()).toISOString(), errors,
})

async function expectSaved(path: string, body: unknown, message: string) {
  const r = await put(path, body)
  expect(r.status).toBe(200)
  expect(r.body).toEqual({ success: true, message, data: null, timestamp: new Date(t.clock.now()).toISOString() })
}

async function expect422(path: string, body: unknown, errors: Record<string, string[]>) {
  const r = await put(path, body)
  expect(r.status).toBe(422)
  expect(r.body).toEqual(invalid(errors))
}

describe('settings need a token', () => {
  test('every settings PUT answers 401 without one', async () => {
    for (const path of ['navigation', 'timezone', 'language', 'date-format', 'time-format', 'weather-city', 'weather-temperature-unit',
      'ai-provider-api-key', 'openai-api-key', 'complete-onboarding', 'check-in']) {
      const r = await t.request('PUT', `/api/v1/users/me/settings/${path}`, { body: {} })
      expect(r.status).toBe(401)
    }
  })

  test('401 comes before body parsing; a malformed body with a token is 400', async () => {
    const noToken = await t.request('PUT', '/api/v1/users/me/settings/timezone', { body: '{oops', headers: { 'content-type': 'application/json' } })
    expect(noToken.status).toBe(401)
    const withToken = await t.request('PUT', '/api/v1/users/me/settings/timezone', { token: u.token, body: '{oops', headers: { 'content-type': 'application/json' } })
    expect(withToken.status).toBe(400)
    expect(withToken.body.code).toBe('malformed_json')
  })
})

describe('navigation', () => {
  test('a JSON string is stored as sent (trimmed) and an object as its JSON text', async () => {
    await expectSaved('navigation', { navigation: '  {"calendar":true, "todos":false}  ' }, 'Navigation updated successfully.')
    expect((await settings()).navigation).toBe('{"calendar":true, "todos":false}')
    await expectSaved('navigation', { navigation: { calendar: true, order: ['a', 'b'] } }, 'Navigation updated successfully.')
    expect((await settings()).navigation).toBe('{"calendar":true,"order":["a","b"]}')
  })

  test('required, valid JSON, at most 8 KiB of UTF-8', async () => {
    await expect422('navigation', {}, { navigation: ['The navigation field is required.'] })
    await expect422('navigation', { navigation: null }, { navigation: ['The navigation field is required.'] })
    await expect422('navigation', { navigation: '{calendar:true}' }, { navigation: ['The navigation field must be a valid JSON string.'] })
    await expect422('navigation', { navigation: 42 }, { navigation: ['The navigation field must be a valid JSON string.'] })
    await expect422('navigation', { navigation: [1, 2] }, { navigation: ['The navigation field must be a valid JSON string.'] })
    // 8192 bytes pass, one more byte fails; "é" counts two bytes
    const fits = JSON.stringify({ k: 'x'.repeat(8192 - 8) })
    expect(Buffer.byteLength(fits)).toBe(8192)
    await expectSaved('navigation', { navigation: fits }, 'Navigation updated successfully.')
    const tooBig = JSON.stringify({ k: 'é'.repeat(4090) })
    expect(Buffer.byteLength(tooBig)).toBe(8188)
    await expectSaved('navigation', { navigation: tooBig }, 'Navigation updated successfully.')
    await expect422('navigation', { navigation: { k: 'é'.repeat(4093) } }, { navigation: ['The navigation field must not be greater than 8 kilobytes.'] })
  })

  test('an object nested too deep to serialise is over the size limit, never a 500', async () => {
    const depth = 200_000
    const r = await t.request('PUT', '/api/v1/users/me/settings/navigation', {
      token: u.token, body: `{"navigation": {"a": ${'['.repeat(depth)}${']'.repeat(depth)}}}`, headers: { 'content-type': 'application/json' },
    })
    expect(r.status).toBe(422)
    expect(r.body).toEqual(invalid({ navigation: ['The navigation field must not be greater than 8 kilobytes.'] }))
    expect((await settings()).navigation).toBeNull()
  })
})

describe('timezone', () => {
  test('an IANA name round-trips', async () => {
    await expectSaved('timezone', { timezone: 'Europe/Berlin' }, 'Timezone updated successfully.')
    expect((await settings()).timezone).toBe('Europe/Berlin')
    await expectSaved('timezone', { timezone: ' America/New_York ' }, 'Timezone updated successfully.')
    expect((await settings()).timezone).toBe('America/New_York')
  })

  test('required, max 255, valid timezone (offsets refused)', async () => {
    await expect422('timezone', { timezone: '' }, { timezone: ['The timezone field is required.'] })
    await expect422('timezone', { timezone: 'Mars/Olympus' }, { timezone: ['The timezone field must be a valid timezone.'] })
    await expect422('timezone', { timezone: '+02:00' }, { timezone: ['The timezone field must be a valid timezone.'] })
    await expect422('timezone', { timezone: 'E'.repeat(256) }, { timezone: ['The timezone field must not be greater than 255 characters.'] })
    await expect422('timezone', { timezone: 5 }, { timezone: ['The timezone field must be a string.'] })
    expect((await settings()).timezone).toBe('UTC')
  })
})

describe('language, date format, time format, temperature unit', () => {
  const cases = [
    { path: 'language', field: 'language', attr: 'language', values: ['en', 'de', 'fr', 'es'], bad: 'it', message: 'Language updated successfully.', setting: 'language' },
    { path: 'date-format', field: 'date_format', attr: 'date format', values: ['dd.mm.YYYY', 'dd.mm.YY', 'YYYY/mm/dd', 'YY/mm/dd', 'YYYY-mm-dd', 'YY-mm-dd'], bad: 'mm/dd/YYYY', message: 'Date format updated successfully.', setting: 'date_format' },
    { path: 'time-format', field: 'time_format', attr: 'time format', values: ['H:i', 'g:i A', 'g:i a'], bad: 'h:i', message: 'Time format updated successfully.', setting: 'time_format' },
    { path: 'weather-temperature-unit', field: 'temperature_unit', attr: 'temperature unit', values: ['c', 'f'], bad: 'k', message: 'Temperature unit updated successfully.', setting: 'temperature_unit' },
  ]
  for (const c of cases) {
    test(`${c.path}: every allowed value round-trips`, async () => {
      for (const value of [...c.values].reverse()) {
        await expectSaved(c.path, { [c.field]: value }, c.message)
        expect((await settings())[c.setting]).toBe(value)
      }
    })

    test(`${c.path}: required and one of the list`, async () => {
      await expect422(c.path, {}, { [c.field]: [`The ${c.attr} field is required.`] })
      await expect422(c.path, { [c.field]: c.bad }, { [c.field]: [`The selected ${c.attr} is invalid.`] })
      await expect422(c.path, { [c.field]: c.values[0]!.toUpperCase() + 'x' }, { [c.field]: [`The selected ${c.attr} is invalid.`] })
    })
  }
})

describe('weather city', () => {
  test('lat/lon round-trip; decimal strings are numbers', async () => {
    await expectSaved('weather-city', { city: 'Berlin', lat: 52.52, lon: '13.405' }, 'Weather city updated successfully.')
    const s = await settings()
    expect([s.weather_city, s.weather_latitude, s.weather_longitude]).toEqual(['Berlin', 52.52, 13.405])
  })

  test('latitude/longitude aliases are read when the short names are absent', async () => {
    await expectSaved('weather-city', { city: 'Sydney', latitude: '-33.8688', longitude: 151.2093 }, 'Weather city updated successfully.')
    const s = await settings()
    expect([s.weather_city, s.weather_latitude, s.weather_longitude]).toEqual(['Sydney', -33.8688, 151.2093])
    // the short name wins when both are sent
    await expectSaved('weather-city', { city: 'Quito', lat: -0.18, latitude: 10, lon: -78.47, longitude: 20 }, 'Weather city updated successfully.')
    expect((await settings()).weather_latitude).toBe(-0.18)
  })

  test('errors are keyed by the name read, or the short name when neither was sent', async () => {
    await expect422('weather-city', {}, {
      city: ['The city field is required.'], lat: ['The lat field is required.'], lon: ['The lon field is required.'],
    })
    await expect422('weather-city', { city: 'X', lat: 91, lon: -180.5 }, {
      lat: ['The lat field must be between -90 and 90.'], lon: ['The lon field must be between -180 and 180.'],
    })
    await expect422('weather-city', { city: 'X', latitude: -90.01, longitude: 'east' }, {
      latitude: ['The latitude field must be between -90 and 90.'], longitude: ['The longitude field must be a number.'],
    })
    await expect422('weather-city', { city: 'C'.repeat(256), lat: 90, lon: 180 }, { city: ['The city field must not be greater than 255 characters.'] })
    expect((await settings()).weather_city).toBeNull()
  })

  test('boundaries are inclusive', async () => {
    await expectSaved('weather-city', { city: 'Pole', lat: -90, lon: 180 }, 'Weather city updated successfully.')
    expect((await settings()).weather_longitude).toBe(180)
  })
})

describe('complete onboarding', () => {
  test('sets first_visit false and ignores any body, even a malformed one', async () => {
    expect((await settings()).first_visit).toBe(true)
    const r = await t.request('PUT', '/api/v1/users/me/settings/complete-onboarding', { token: u.token, body: '{not json', headers: { 'content-type': 'application/json' } })
    expect(r.status).toBe(200)
    expect(r.body.message).toBe('Onboarding completed.')
    expect(r.body.data).toBeNull()
    expect((await settings()).first_visit).toBe(false)
  })
})

describe('settings are per user', () => {
  test("one user's change does not touch another's settings; updated_at moves", async () => {
    const other = await createUser(t)
    t.clock.advance(5000)
    await expectSaved('language', { language: 'de' }, 'Language updated successfully.')
    const mine = (await t.request('GET', '/api/v1/users/me', { token: u.token })).body.data
    const theirs = (await t.request('GET', '/api/v1/users/me', { token: other.token })).body.data
    expect(mine.settings.language).toBe('de')
    expect(mine.updated_at).toBe('2026-06-24T10:00:05.000Z')
    expect(theirs.settings.language).toBe('en')
  })
})
