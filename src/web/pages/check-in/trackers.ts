/**
 * The check-in's data as the API speaks it (docs/api/check-in.md, docs/api/users.md §7), and the calendar-date
 * arithmetic the daily pages share. Dates are `YYYY-MM-DD` strings; arithmetic runs on UTC midnights so no local
 * timezone or daylight-saving shift can move a day.
 */
import { api } from '../../lib/api'
import type { ApiData } from '../../lib/api-types'
import { PAGES } from '../../paths'

/** One day's entry and the user's check-in settings, as the API declares them. */
export type CheckIn = ApiData<'get', '/check-in'>[number]
export type CheckInSettings = ApiData<'get', '/users/me/settings/check-in'>
export type Tracker = CheckInSettings['enabled_trackers'][number]
export type Sport = CheckInSettings['selected_sports'][number]

/** The 1–5 trackers, in the order the pages show them. */
export const RATING_TRACKERS = [
  'mood', 'sleep', 'dreams', 'food_quality', 'food_amount', 'water', 'work', 'menstruation', 'alcohol', 'smoking', 'social_life',
] as const satisfies readonly Tracker[]
export type RatingTracker = (typeof RATING_TRACKERS)[number]

/** Sport names of the settings in the order of their codes in an entry (docs/api/check-in.md §4.2). */
export const SPORTS = ['dumbbell', 'bike', 'mountain', 'footprints', 'waves_ladder', 'yoga'] as const satisfies readonly Sport[]
export const sportOf = (code: number): Sport | undefined => SPORTS[code - 1]

export const isRating = (tracker: Tracker): tracker is RatingTracker => tracker !== 'sports'

/** The check-in page of one date. */
export const checkInPath = (date: string) => `${PAGES.checkIn}?date=${date}`

export const loadSettings = (signal: AbortSignal) => api.get('/users/me/settings/check-in', { signal })

/** The entries from `from` to `to` (both included), keyed by date. */
export async function loadEntries(from: string, to: string, signal: AbortSignal): Promise<Map<string, CheckIn>> {
  const list = await api.get(`/check-in?from=${from}&to=${to}`, { signal })
  return new Map(list.map((entry) => [entry.date, entry]))
}

const DAY_MS = 86_400_000
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar day in strict `YYYY-MM-DD` (the API refuses anything else). */
export function isDate(value: string | undefined): value is string {
  const match = value ? DATE_RE.exec(value) : null
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  // setUTCFullYear, not Date.UTC: the latter reads years 0–99 as 1900–1999.
  const utc = new Date(0)
  utc.setUTCFullYear(year, month - 1, day)
  return year >= 1 && utc.getUTCFullYear() === year && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === day
}

/** UTC midnight of a date, in milliseconds. */
export const dateMs = (date: string) => Date.parse(`${date}T00:00:00Z`)
export const msDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)
export const addDays = (date: string, days: number) => msDate(dateMs(date) + days * DAY_MS)

/** Every date from `from` to `to`, both included, oldest first. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = []
  for (let ms = dateMs(from); ms <= dateMs(to); ms += DAY_MS) dates.push(msDate(ms))
  return dates
}
