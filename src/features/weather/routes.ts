import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { MINUTE } from '../../lib/clock'
import type { Limiter } from '../../lib/http/rate-limit'
import { guard } from '../../lib/http/guard'
import { ok } from '../../lib/http/envelope'
import { API } from '../../lib/http/schemas'
import { localDate } from '../../lib/local-time'
import { PlacesQuery, PlacesResponse, ServicesResponse, TodayResponse } from './model'
import { weatherOn } from './forecast'
import { searchPlaces } from './places'

const tags = ['weather']

/** Every search may reach Open-Meteo: a person typing a name needs a few a minute, never hundreds. */
const placesLimit = (ip: string): Limiter[] => [{ name: 'weather-places', limit: 30, windowMs: MINUTE, key: ip }]
/**
 * A page load asks once; a new place between two asks reaches Open-Meteo again, so a script changing places in a
 * loop could spend the server's share of Open-Meteo's free use for everyone on it.
 */
const todayLimit = (ip: string): Limiter[] => [{ name: 'weather-today', limit: 60, windowMs: MINUTE, key: ip }]

/** An answer without weather says why, in `meta.reason` (docs/api/weather.md §2–3). */
const withReason = <T extends object>(answer: T, reason: string | null) => (reason === null ? answer : { ...answer, meta: { reason } })

/** docs/api/weather.md */
export function weatherRoutes(deps: Deps) {
  return new Elysia({ name: 'weather', prefix: `${API}/weather` })
    .use(guard(deps))
    .get('', () => ok(deps.clock, 'Weather services retrieved successfully.', {
      forecast: deps.config.weather.forecastUrl !== undefined,
      places: deps.config.weather.geocodingUrl !== undefined,
    }), { auth: 'user', response: { 200: ServicesResponse }, detail: { tags, summary: 'Which weather services this server uses' } })
    .get('/today', async ({ actor }) => {
      const { weather, reason } = await weatherOn(deps, actor.user, localDate(deps.clock.now(), actor.user.timezone))
      return withReason(ok(deps.clock, 'Weather retrieved successfully.', weather), reason)
    }, { auth: 'user', rateLimit: todayLimit, response: { 200: TodayResponse }, detail: { tags, summary: "Today's forecast at the caller's place, or null and why" } })
    .get('/places', async ({ actor, query }) => {
      const { places, reason } = await searchPlaces(deps, actor.user, query)
      return withReason(ok(deps.clock, 'Places retrieved successfully.', places), reason)
    }, { auth: 'user', rateLimit: placesLimit, query: PlacesQuery.checkedByVerb, response: { 200: PlacesResponse },
      detail: { tags, summary: 'Find places by name (for the weather location)' } })
}
