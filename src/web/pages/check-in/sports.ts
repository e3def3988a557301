/**
 * The person's sport list as the API speaks it (docs/api/trackers.md §7): the six built-in sports (ids 1–6, the
 * codes of docs/api/check-in.md §4.2, named by the app in the person's language) and their own (ids from 101, named
 * by them). A day holds any of them in its `sport_ids` (docs/api/check-in.md §6). Shared by the check-in, the My
 * trackers page, Today and the history.
 */
import { api } from '../../lib/api'
import type { ApiData } from '../../lib/api-types'
import { sportName, type TrackerT } from './tracker-strings'
import { sportOf, type CheckIn, type Tracker } from './trackers'

export type ListedSport = ApiData<'get', '/sports'>[number]
export type SportId = CheckIn['sport_ids'][number]

/** The most sports one day can have (docs/api/check-in.md §6). */
export const DAY_SPORTS_MAX = 12

export const loadSports = (signal: AbortSignal) => api.get('/sports', { signal })

/** A built-in sport's settings name, undefined for one's own. */
export const builtinOf = (sport: ListedSport) => (sport.builtin ? sportOf(sport.id) : undefined)

/** A sport's name: a built-in one's in the page's language, one's own as the person named it. */
export function sportLabel(t: TrackerT, sport: ListedSport): string {
  const builtin = builtinOf(sport)
  return builtin ? sportName(t, builtin) : sport.name
}

/**
 * The sports a day's check-in shows: those offered (the built-in ones the settings select, then one's own not
 * archived), then any the day has that no longer is — an archived own one, a built-in one deselected — so nothing
 * the day holds is hidden.
 */
export function sportsToShow(list: ListedSport[], dayIds: SportId[]): ListedSport[] {
  const offered = list.filter((sport) => sport.offered)
  const kept = list.filter((sport) => !sport.offered && dayIds.includes(sport.id))
  return [...offered, ...kept.sort((a, b) => dayIds.indexOf(a.id) - dayIds.indexOf(b.id))]
}

/** The day's sports by name in the day's order ("Cycling, Climbing"), or null for a day without any. */
export function daySportsText(t: TrackerT, list: ListedSport[], entry: Pick<CheckIn, 'sport_ids'>): string | null {
  const names = entry.sport_ids.flatMap((id) => {
    const sport = list.find((s) => s.id === id)
    return sport ? [sportLabel(t, sport)] : []
  })
  return names.length > 0 ? names.join(', ') : null
}

/** A built-in tracker's value of a day in words: a rating's number, the day's sports by name; null when it has none. */
export function trackerText(t: TrackerT, list: ListedSport[], tracker: Tracker, entry: CheckIn): string | null {
  if (tracker === 'sports') return daySportsText(t, list, entry)
  const value = entry[tracker]
  return value === null ? null : String(value)
}
