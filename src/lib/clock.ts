/** Time is injected so tests can move it; services never read the wall clock directly. */
export interface Clock {
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }

export function iso(ms: number): string {
  return new Date(ms).toISOString()
}

export function isoOrNull(ms: number | null | undefined): string | null {
  return ms === null || ms === undefined ? null : new Date(ms).toISOString()
}

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR
