/**
 * What the weather keeps in memory (docs/api/weather.md §4): answers by key until they expire, at most a bounded
 * number of them (the oldest go first), and a look-up in flight shared by everyone who asks for the same key
 * meanwhile, so a family in one town at 07:00 costs Open-Meteo one request. Nothing is written to disk: a restart
 * only asks again.
 */
import type { Config } from '../../config'
import type { DailyForecast, FoundPlace } from './answers'

interface Kept<T> { value: T; expiresAt: number }

export class AnswerCache<T> {
  private readonly entries = new Map<string, Kept<T>>()
  private readonly pending = new Map<string, Promise<T>>()

  constructor(private readonly maxEntries: number) {}

  /** The kept answer for `key` while it lasts, else `load`'s (which must not throw), kept until the time it gives. */
  async get(key: string, now: number, load: () => Promise<Kept<T>>): Promise<T> {
    const kept = this.entries.get(key)
    if (kept && kept.expiresAt > now) return kept.value
    this.entries.delete(key)
    const running = this.pending.get(key)
    if (running) return running
    const loading = load()
      .then(({ value, expiresAt }) => {
        this.keep(key, value, expiresAt)
        return value
      })
      .finally(() => this.pending.delete(key))
    this.pending.set(key, loading)
    return loading
  }

  private keep(key: string, value: T, expiresAt: number): void {
    this.entries.set(key, { value, expiresAt })
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
  }
}

/** An answer that could not be had (undefined) is kept too, for a short while: see WeatherState. */
export interface WeatherState {
  forecasts: AnswerCache<DailyForecast | undefined>
  places: AnswerCache<FoundPlace[] | undefined>
  /** per service, until when it is not asked after it failed to answer (a timeout, a refused connection, a 5xx) */
  pausedUntil: Map<string, number>
}

/** A few thousand places and searches: well under a megabyte. */
const MAX_FORECASTS = 2000
const MAX_SEARCHES = 500

/** One state per running server (its Config): test apps in one process never share answers. */
const states = new WeakMap<Config, WeatherState>()

export function weatherState(config: Config): WeatherState {
  let state = states.get(config)
  if (!state) {
    state = { forecasts: new AnswerCache(MAX_FORECASTS), places: new AnswerCache(MAX_SEARCHES), pausedUntil: new Map() }
    states.set(config, state)
  }
  return state
}
