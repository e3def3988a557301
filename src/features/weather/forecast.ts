/**
 * Today's weather at the person's place (docs/api/weather.md §2): the day's lowest and highest temperature in their
 * unit and its condition, for their own calendar date, kept per place and hour; and the your-day text's one line
 * of it (docs/api/chatbot.md §6.3), left out whenever the weather cannot be had.
 */
import { HOUR, MINUTE } from '../../lib/clock'
import type { UserRow } from '../users/schema'
import { readForecast } from './answers'
import { weatherState } from './cache'
import { getJson, noAnswerUntil, type ClientDeps } from './client'
import { CONDITION_WORDS, conditionOf, type Condition } from './conditions'

export type NoWeather = 'no_place' | 'off' | 'unavailable'

export interface TodayWeather {
  date: string
  place: { name: string; latitude: number; longitude: number }
  unit: UserRow['temperatureUnit']
  min: number
  max: number
  condition: Condition
  weather_code: number | null
}

export type WeatherAnswer = { weather: TodayWeather; reason: null } | { weather: null; reason: NoWeather }

/** A day of three values is a few hundred bytes; anything near this is not the documented answer. */
const FORECAST_MAX_BYTES = 64 * 1024
/** A failed look-up is not repeated for the same place for this long (the service answered, but uselessly). */
const FAILURE_KEPT_MS = 5 * MINUTE

function forecastUrl(base: string, user: UserRow, date: string): string {
  const query = new URLSearchParams({
    latitude: String(user.weatherLatitude),
    longitude: String(user.weatherLongitude),
    daily: 'temperature_2m_max,temperature_2m_min,weather_code',
    timezone: user.timezone,
    start_date: date,
    end_date: date,
  })
  if (user.temperatureUnit === 'f') query.set('temperature_unit', 'fahrenheit')
  return `${base}/v1/forecast?${query}`
}

/** The weather of `date` (the person's calendar date) at the person's place, or why there is none. */
export async function weatherOn(deps: ClientDeps, user: UserRow, date: string): Promise<WeatherAnswer> {
  const base = deps.config.weather.forecastUrl
  if (!base) return { weather: null, reason: 'off' }
  const { weatherCity: name, weatherLatitude: latitude, weatherLongitude: longitude, temperatureUnit: unit } = user
  if (name === null || latitude === null || longitude === null) return { weather: null, reason: 'no_place' }
  const now = deps.clock.now()
  const hour = Math.floor(now / HOUR)
  // Per place and hour; the unit and the zone change what Open-Meteo answers, the date what is asked.
  const key = [latitude, longitude, unit, user.timezone, date, hour].join('|')
  const forecast = await weatherState(deps.config).forecasts.get(key, now, async () => {
    const value = readForecast(await getJson(deps, 'forecast', forecastUrl(base, user, date), FORECAST_MAX_BYTES), date)
    return { value, expiresAt: value ? (hour + 1) * HOUR : noAnswerUntil(deps, 'forecast', FAILURE_KEPT_MS) }
  })
  if (!forecast) return { weather: null, reason: 'unavailable' }
  return {
    weather: { date, place: { name, latitude, longitude }, unit, min: forecast.min, max: forecast.max, condition: conditionOf(forecast.code), weather_code: forecast.code },
    reason: null,
  }
}

/** `Weather in Berlin: light rain, 12–19 °C`, or undefined when there is no weather to tell. */
export async function weatherLine(deps: ClientDeps, user: UserRow, date: string): Promise<string | undefined> {
  const { weather } = await weatherOn(deps, user, date)
  if (!weather) return undefined
  const words = weather.condition === 'unknown' ? '' : `${CONDITION_WORDS[weather.condition]}, `
  return `Weather in ${weather.place.name}: ${words}${Math.round(weather.min)}–${Math.round(weather.max)} °${weather.unit.toUpperCase()}`
}
