/**
 * A small Open-Meteo on loopback that speaks the documented JSON of its forecast (`/v1/forecast` with `daily`,
 * `timezone`, `start_date`/`end_date`, `temperature_unit`) and geocoding (`/v1/search` with `name`, `count`,
 * `language`) APIs, from a table of a few places. It records every request, and a test can make its next answers
 * slow, failing, oversized or malformed.
 */
export interface PeerRequest { path: string; query: URLSearchParams }

/** What the next answer of a path is instead of the normal one (each used once, in order). */
export type Misbehaviour =
  | { kind: 'slow'; ms: number }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'body'; body: string }
  | { kind: 'json'; json: unknown }

export interface OpenMeteoPeer {
  url: string
  requests: PeerRequest[]
  /** the requests to one path */
  to(path: '/v1/forecast' | '/v1/search'): PeerRequest[]
  next(path: '/v1/forecast' | '/v1/search', ...answers: Misbehaviour[]): void
  stop(): void
}

/** The day's weather at each place of the gazetteer, in °C; keyed by the coordinates the search gives. */
interface Town { id: number; name: Record<string, string>; admin1: string; country: Record<string, string>; code: string; latitude: number; longitude: number; day: { min: number; max: number; weather: number } }

export const TOWNS: Town[] = [
  { id: 2950159, name: { en: 'Berlin' }, admin1: 'Land Berlin', country: { en: 'Germany', de: 'Deutschland', fr: 'Allemagne', es: 'Alemania' }, code: 'DE',
    latitude: 52.52437, longitude: 13.41053, day: { min: 12.1, max: 19.3, weather: 61 } },
  { id: 2988507, name: { en: 'Paris' }, admin1: 'Île-de-France', country: { en: 'France', de: 'Frankreich', fr: 'France', es: 'Francia' }, code: 'FR',
    latitude: 48.85341, longitude: 2.3488, day: { min: 14.6, max: 24.8, weather: 2 } },
  { id: 4717560, name: { en: 'Paris' }, admin1: 'Texas', country: { en: 'United States', de: 'Vereinigte Staaten', fr: 'États-Unis', es: 'Estados Unidos' }, code: 'US',
    latitude: 33.66094, longitude: -95.55551, day: { min: 22.4, max: 35.1, weather: 95 } },
  { id: 2867714, name: { en: 'Munich', de: 'München', fr: 'Munich', es: 'Múnich' }, admin1: 'Bavaria', country: { en: 'Germany', de: 'Deutschland', fr: 'Allemagne', es: 'Alemania' }, code: 'DE',
    latitude: 48.13743, longitude: 11.57549, day: { min: -3.4, max: 0.4, weather: 73 } },
]

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } })
const error = (reason: string) => json({ error: true, reason }, 400)
const fahrenheit = (celsius: number) => Math.round((celsius * 9 / 5 + 32) * 10) / 10

function forecast(query: URLSearchParams): Response {
  const latitude = Number(query.get('latitude'))
  const longitude = Number(query.get('longitude'))
  const daily = (query.get('daily') ?? '').split(',')
  const date = query.get('start_date')
  if (!query.has('latitude') || !query.has('longitude')) return error('Parameter latitude and longitude must be set')
  if (!query.get('timezone')) return error('Timezone is required for daily data')
  if (!date || query.get('end_date') !== date) return error('Parameter start_date and end_date must both be set')
  const town = TOWNS.find((t) => Math.abs(t.latitude - latitude) < 0.01 && Math.abs(t.longitude - longitude) < 0.01)
  // Somewhere else on Earth: a mild, overcast day.
  const day = town?.day ?? { min: 9.5, max: 15.5, weather: 3 }
  const f = query.get('temperature_unit') === 'fahrenheit'
  const unit = f ? '°F' : '°C'
  const values: Record<string, unknown[]> = {
    temperature_2m_max: [f ? fahrenheit(day.max) : day.max],
    temperature_2m_min: [f ? fahrenheit(day.min) : day.min],
    weather_code: [day.weather],
  }
  return json({
    latitude: Math.round(latitude * 100) / 100, longitude: Math.round(longitude * 100) / 100, generationtime_ms: 0.04,
    utc_offset_seconds: 0, timezone: query.get('timezone'), timezone_abbreviation: 'GMT', elevation: 38,
    daily_units: { time: 'iso8601', ...Object.fromEntries(daily.map((v) => [v, v === 'weather_code' ? 'wmo code' : unit])) },
    daily: { time: [date], ...Object.fromEntries(daily.map((v) => [v, values[v]])) },
  })
}

function search(query: URLSearchParams): Response {
  const name = (query.get('name') ?? '').trim().toLowerCase()
  const language = query.get('language') ?? 'en'
  const count = Number(query.get('count') ?? '10')
  // Open-Meteo answers without `results` when nothing matches (and for names under two letters).
  if (name.length < 2) return json({ generationtime_ms: 0.1 })
  const found = TOWNS.filter((t) => Object.values(t.name).some((n) => n.toLowerCase().startsWith(name)))
  if (found.length === 0) return json({ generationtime_ms: 0.2 })
  return json({
    results: found.slice(0, count).map((t) => ({
      id: t.id, name: t.name[language] ?? t.name.en, latitude: t.latitude, longitude: t.longitude, elevation: 74, feature_code: 'PPLA',
      country_code: t.code, admin1_id: 1, timezone: 'Europe/Berlin', population: 100000, postcodes: ['10115', '10117'], country_id: 2,
      country: t.country[language] ?? t.country.en, admin1: t.admin1,
    })),
    generationtime_ms: 0.8,
  })
}

export function startOpenMeteoPeer(): OpenMeteoPeer {
  const queued = new Map<string, Misbehaviour[]>()
  const peer: OpenMeteoPeer = {
    url: '',
    requests: [],
    to: (path) => peer.requests.filter((r) => r.path === path),
    next: (path, ...answers) => queued.set(path, [...(queued.get(path) ?? []), ...answers]),
    stop: () => server.stop(true),
  }
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url)
      peer.requests.push({ path: url.pathname, query: url.searchParams })
      const odd = queued.get(url.pathname)?.shift()
      if (odd?.kind === 'slow') await Bun.sleep(odd.ms)
      if (odd?.kind === 'status') return new Response(odd.body ?? 'upstream trouble', { status: odd.status })
      if (odd?.kind === 'body') return new Response(odd.body, { headers: { 'content-type': 'application/json' } })
      if (odd?.kind === 'json') return json(odd.json)
      if (url.pathname === '/v1/forecast') return forecast(url.searchParams)
      if (url.pathname === '/v1/search') return search(url.searchParams)
      return json({ error: true, reason: 'Not Found' }, 404)
    },
  })
  peer.url = `http://127.0.0.1:${server.port}`
  return peer
}

/** The environment of a test app whose weather is this peer (loopback needs WEATHER_ALLOW_PRIVATE). */
export const weatherEnv = (peer: OpenMeteoPeer): Record<string, string> =>
  ({ WEATHER_API_URL: peer.url, GEOCODING_API_URL: peer.url, WEATHER_ALLOW_PRIVATE: 'true' })
