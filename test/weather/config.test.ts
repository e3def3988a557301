/** The weather's configuration (docs/api/weather.md §5): Open-Meteo by default, `off` per service, a URL checked at start-up. */
import { expect, test } from 'bun:test'
import { ConfigError, loadConfig } from '../../src/config'

test('Open-Meteo by default, guarded: private addresses only with WEATHER_ALLOW_PRIVATE', () => {
  expect(loadConfig({}).weather).toEqual({
    forecastUrl: 'https://api.open-meteo.com', geocodingUrl: 'https://geocoding-api.open-meteo.com', allowPrivate: false,
  })
  expect(loadConfig({ WEATHER_ALLOW_PRIVATE: 'yes' }).weather.allowPrivate).toBe(true)
  // FETCH_ALLOW_PRIVATE is quick add's own switch: it opens nothing for the weather.
  expect(loadConfig({ FETCH_ALLOW_PRIVATE: 'true', NOTIFY_ALLOW_PRIVATE: 'true' }).weather.allowPrivate).toBe(false)
})

test('each service is switched off on its own with `off` (any letter case); a mirror keeps its path without the trailing slash', () => {
  expect(loadConfig({ WEATHER_API_URL: 'off' }).weather).toMatchObject({ forecastUrl: undefined, geocodingUrl: 'https://geocoding-api.open-meteo.com' })
  expect(loadConfig({ GEOCODING_API_URL: ' OFF ' }).weather).toMatchObject({ forecastUrl: 'https://api.open-meteo.com', geocodingUrl: undefined })
  expect(loadConfig({ WEATHER_API_URL: 'http://10.0.0.5:8080/open-meteo/' }).weather.forecastUrl).toBe('http://10.0.0.5:8080/open-meteo')
})

test('anything else that is not an http(s) URL stops start-up, naming the variable', () => {
  for (const [name, value] of [['WEATHER_API_URL', 'api.open-meteo.com'], ['GEOCODING_API_URL', 'ftp://geo.example'], ['WEATHER_ALLOW_PRIVATE', 'maybe']]) {
    expect(() => loadConfig({ [name!]: value! })).toThrow(ConfigError)
    expect(() => loadConfig({ [name!]: value! })).toThrow(name)
  }
})
