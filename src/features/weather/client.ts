/**
 * The one way the weather reaches Open-Meteo (docs/api/weather.md §4): a GET through the outgoing-request guard
 * (lib/safe-fetch.ts: public addresses only, unless WEATHER_ALLOW_PRIVATE), with a short deadline and a cap on the
 * answer, giving its parsed JSON or undefined. A service that did not answer (a timeout, a refused connection, a
 * 5xx) is not asked again for a minute: an outage costs one wait a minute, not one per person at 07:00.
 */
import type { Deps } from '../../lib/deps'
import { MINUTE } from '../../lib/clock'
import { safeFetch, SafeFetchError } from '../../lib/safe-fetch'
import { VERSION } from '../../version'
import { weatherState } from './cache'

export type WeatherService = 'forecast' | 'geocoding'
export type ClientDeps = Pick<Deps, 'config' | 'clock' | 'logger'>

/** Open-Meteo answers in tens of milliseconds; a page or a morning message never waits longer than this for it. */
export const WEATHER_TIMEOUT_MS = 2500
const PAUSE_MS = MINUTE

function pause(deps: ClientDeps, service: WeatherService): void {
  weatherState(deps.config).pausedUntil.set(service, deps.clock.now() + PAUSE_MS)
}

/**
 * Until when a look-up that gave nothing is not repeated: the end of its service's rest, else `keptMs` from now
 * (the service answered, but with nothing usable).
 */
export function noAnswerUntil(deps: ClientDeps, service: WeatherService, keptMs: number): number {
  const now = deps.clock.now()
  const resting = weatherState(deps.config).pausedUntil.get(service) ?? 0
  return resting > now ? resting : now + keptMs
}

/** The URL is never logged: it holds the person's place. */
export async function getJson(deps: ClientDeps, service: WeatherService, url: string, maxBytes: number): Promise<unknown> {
  if ((weatherState(deps.config).pausedUntil.get(service) ?? 0) > deps.clock.now()) return undefined
  let reason: string
  try {
    const res = await safeFetch(url, {
      allowPrivate: deps.config.weather.allowPrivate,
      headers: { 'User-Agent': `daybook/${VERSION} (+${deps.config.publicUrl})`, Accept: 'application/json' },
      timeoutMs: WEATHER_TIMEOUT_MS,
      maxBytes,
      maxRedirects: 2,
    })
    if (res.status === 200 && !res.truncated) {
      try {
        return JSON.parse(new TextDecoder().decode(res.body))
      } catch {
        reason = 'not JSON'
      }
    } else {
      reason = res.truncated ? 'too large' : `status ${res.status}`
      if (res.status >= 500) pause(deps, service)
    }
  } catch (err) {
    reason = err instanceof SafeFetchError ? err.reason : 'error'
    pause(deps, service)
  }
  deps.logger.warn('weather service gave no answer', { service, reason })
  return undefined
}
