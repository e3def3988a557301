/**
 * Finding a place by name (docs/api/weather.md §3): Open-Meteo's geocoding search in the person's language, kept
 * for an hour per language and text, so a name typed letter by letter or again later costs one request.
 */
import { HOUR, MINUTE } from '../../lib/clock'
import type { Unchecked } from '../../lib/validation'
import type { UserRow } from '../users/schema'
import { readPlaces, type FoundPlace } from './answers'
import { weatherState } from './cache'
import { getJson, noAnswerUntil, type ClientDeps } from './client'
import { PlacesQuery } from './model'

export type PlacesAnswer = { places: FoundPlace[]; reason: null } | { places: []; reason: 'off' | 'unavailable' }

/** Ten results: the list a person picks from (Open-Meteo's default). */
const RESULTS = 10
/** Ten results with their postcodes are a few kilobytes. */
const SEARCH_MAX_BYTES = 256 * 1024
const FAILURE_KEPT_MS = MINUTE

export async function searchPlaces(deps: ClientDeps, user: UserRow, query: Unchecked<typeof PlacesQuery>): Promise<PlacesAnswer> {
  const { q } = PlacesQuery.validate(query)
  const base = deps.config.weather.geocodingUrl
  if (!base) return { places: [], reason: 'off' }
  const now = deps.clock.now()
  const url = `${base}/v1/search?${new URLSearchParams({ name: q, count: String(RESULTS), language: user.language, format: 'json' })}`
  const places = await weatherState(deps.config).places.get(`${user.language}|${q.toLowerCase()}`, now, async () => {
    const value = readPlaces(await getJson(deps, 'geocoding', url, SEARCH_MAX_BYTES))?.slice(0, RESULTS)
    return { value, expiresAt: value ? now + HOUR : noAnswerUntil(deps, 'geocoding', FAILURE_KEPT_MS) }
  })
  return places ? { places, reason: null } : { places: [], reason: 'unavailable' }
}
