/** The weather's routes (docs/api/weather.md): the places query, and the answers as the OpenAPI document shows them. */
import { t } from 'elysia'
import { Type } from '@sinclair/typebox'
import { f, queryRules } from '../../lib/validation'
import { Envelope } from '../../lib/http/schemas'
import { TEMPERATURE_UNITS } from '../users/setting-values'
import { CONDITIONS } from './conditions'

export const PlacesQuery = queryRules({
  q: f.string().required().max(100).describe('a place name or postal code, as typed'),
})

export const ServicesResponse = Envelope(t.Object({ forecast: t.Boolean(), places: t.Boolean() }))

/** The answers that hold no weather say why (§2–3): the envelope's `meta.reason`. */
const reasonMeta = <const R extends readonly [string, ...string[]]>(reasons: R) => t.Optional(t.Object({ reason: t.UnionEnum(reasons) }))

const TodayWeather = t.Object({
  date: t.String({ description: 'the person\'s date, YYYY-MM-DD' }),
  place: t.Object({ name: t.String(), latitude: t.Number(), longitude: t.Number() }),
  unit: t.UnionEnum(TEMPERATURE_UNITS),
  min: t.Number(),
  max: t.Number(),
  condition: t.UnionEnum(CONDITIONS),
  weather_code: t.Nullable(Type.Integer({ description: 'the WMO weather interpretation code Open-Meteo gave' })),
})

export const TodayResponse = t.Object({
  ...Envelope(t.Nullable(TodayWeather)).properties,
  meta: reasonMeta(['no_place', 'off', 'unavailable']),
})

const Place = t.Object({
  name: t.String(),
  admin_area: t.Nullable(t.String({ description: 'the first-level administrative area: a state, region or province' })),
  country: t.Nullable(t.String()),
  country_code: t.Nullable(t.String({ description: 'ISO 3166-1 alpha-2' })),
  latitude: t.Number(),
  longitude: t.Number(),
})

export const PlacesResponse = t.Object({
  ...Envelope(t.Array(Place)).properties,
  meta: reasonMeta(['off', 'unavailable']),
})
