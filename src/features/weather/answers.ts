/**
 * Open-Meteo's answers as documented (docs/api/weather.md §4), checked before anything is read from them: a
 * shape that differs, a day that is not the one asked for, or a temperature that is missing or absurd makes the
 * answer unusable (no weather), never an exception that reaches a person.
 */
import { Type, type Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

const Reading = Type.Union([Type.Number(), Type.Null()])

/** `/v1/forecast?daily=temperature_2m_max,temperature_2m_min,weather_code`: one value per day, in `time`'s order. */
const ForecastAnswer = Type.Object({
  daily: Type.Object({
    time: Type.Array(Type.String()),
    temperature_2m_max: Type.Array(Reading),
    temperature_2m_min: Type.Array(Reading),
    weather_code: Type.Array(Reading),
  }),
})

/** `/v1/search`: `results` is left out when nothing matched. */
const SearchAnswer = Type.Object({ results: Type.Optional(Type.Array(Type.Unknown())) })

const SearchResult = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  latitude: Type.Number({ minimum: -90, maximum: 90 }),
  longitude: Type.Number({ minimum: -180, maximum: 180 }),
  admin1: Type.Optional(Type.String({ maxLength: 200 })),
  country: Type.Optional(Type.String({ maxLength: 200 })),
  country_code: Type.Optional(Type.String({ maxLength: 2 })),
})

export interface DailyForecast { min: number; max: number; code: number | null }

export interface FoundPlace {
  name: string
  admin_area: string | null
  country: string | null
  country_code: string | null
  latitude: number
  longitude: number
}

/** Colder or hotter than anything measured on Earth, in either unit: not a reading. */
const plausible = (value: number | null | undefined): value is number => typeof value === 'number' && value > -150 && value < 200

/** The forecast of `date`, or undefined when the answer does not hold a usable one. */
export function readForecast(json: unknown, date: string): DailyForecast | undefined {
  if (!Value.Check(ForecastAnswer, json)) return undefined
  const daily = (json as Static<typeof ForecastAnswer>).daily
  const day = daily.time.indexOf(date)
  if (day < 0) return undefined
  const max = daily.temperature_2m_max[day]
  const min = daily.temperature_2m_min[day]
  const code = daily.weather_code[day]
  if (!plausible(min) || !plausible(max) || min > max) return undefined
  return { min, max, code: typeof code === 'number' && Number.isInteger(code) ? code : null }
}

const text = (value: string | undefined) => value?.trim() || null

/** The usable places of a search answer (a result of another shape is left out), or undefined when it has none of the shape. */
export function readPlaces(json: unknown): FoundPlace[] | undefined {
  if (!Value.Check(SearchAnswer, json)) return undefined
  return ((json as Static<typeof SearchAnswer>).results ?? [])
    .filter((result): result is Static<typeof SearchResult> => Value.Check(SearchResult, result) && result.name.trim() !== '')
    .map((result) => ({
      name: result.name.trim(),
      admin_area: text(result.admin1),
      country: text(result.country),
      country_code: text(result.country_code)?.toUpperCase() ?? null,
      latitude: result.latitude,
      longitude: result.longitude,
    }))
}
