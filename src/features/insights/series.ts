/**
 * A person's days as one typed array per series (docs/api/insights.md §2), built in a single pass over the entries:
 * the eleven 1–5 ratings, each own scale and number tracker (numeric series), and each activity, own yes/no tracker
 * and sport (binary factors, 1 or 0). A missing value is NaN. Each series also gets its values' ranks' groundwork:
 * `levels`, its distinct values in order, and `codes`, each day's index into them (-1: none), so a pair's ranks are
 * counted, never sorted (stats.ts).
 */
import type { CheckInDay } from '../check-in/store'
import { daySportIds } from '../check-in/present'
import { TRACKERS, type TrackerKey } from '../check-in/trackers'
import type { ActivityRow, SportRow, TrackerRow } from '../trackers/schema'
import { BUILTIN_SPORT_CODES } from '../trackers/sports'

/** The eleven 1–5 ratings: every built-in tracker but `sports`, whose value is a code, not an amount. */
export const RATINGS = TRACKERS.filter((t) => t.key !== 'sports')
export type Rating = Exclude<TrackerKey, 'sports'>

export type SeriesKind = 'rating' | 'scale' | 'number' | 'yesno' | 'activity' | 'sport'

/** What a series is: its key on the wire, its kind, and for own ones the name, unit and decimals. */
export interface SeriesDef {
  /** a built-in rating's name (`mood`), an own tracker's id, `activity:{id}` or `sport:{id}` (§1) */
  key: string | number
  kind: SeriesKind
  /** an own definition's name; null for the built-in ones, named in the person's language (texts.ts) */
  name: string | null
  /** the built-in rating or sport code behind a built-in series */
  builtin: Rating | number | null
  unit: string | null
  decimals: number
}

export interface Series extends SeriesDef {
  /** days with a value */
  count: number
  values: Float64Array
  codes: Int32Array
  levels: Float64Array
}

export const isNumeric = (kind: SeriesKind) => kind === 'rating' || kind === 'scale' || kind === 'number'

/** Whether the grid holds anything of the series: a value, or for a factor a day that had it (not only days without). */
export const isRecorded = (series: Series) => (isNumeric(series.kind) ? series.count > 0 : series.levels.at(-1) === 1)

const DAY_MS = 86_400_000
export const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS
export const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10)

/** The definitions that become series, in the order the person sees them; archived ones are left out. */
export function seriesDefs(trackers: readonly TrackerRow[], activities: readonly ActivityRow[], sports: readonly SportRow[]): SeriesDef[] {
  const own = trackers.filter((t) => !t.archived)
  const plain = { name: null, unit: null, decimals: 0 }
  return [
    ...RATINGS.map(({ key }): SeriesDef => ({ ...plain, key, kind: 'rating', builtin: key })),
    ...own.filter((t) => t.kind !== 'yesno').map((t): SeriesDef => ({ key: t.id, kind: t.kind, name: t.name, builtin: null, unit: t.unit, decimals: t.decimals })),
    ...own.filter((t) => t.kind === 'yesno').map((t): SeriesDef => ({ ...plain, key: t.id, kind: 'yesno', name: t.name, builtin: null })),
    ...activities.filter((a) => !a.archived).map((a): SeriesDef => ({ ...plain, key: `activity:${a.id}`, kind: 'activity', name: a.name, builtin: null })),
    ...BUILTIN_SPORT_CODES.map((code): SeriesDef => ({ ...plain, key: `sport:${code}`, kind: 'sport', builtin: code })),
    ...sports.filter((s) => !s.archived).map((s): SeriesDef => ({ ...plain, key: `sport:${s.id}`, kind: 'sport', name: s.name, builtin: null })),
  ]
}

/** The days from `first` to `last` (inclusive) as arrays; day `i` is `first` + i. */
export interface Grid {
  first: number
  length: number
  /** 1 on a day with an entry */
  entries: Uint8Array
  series: Series[]
}

/**
 * One pass over `days` (any order, each within [first, last]) fills every series: a rating or own tracker where the
 * day has its value, an activity or sport 1 or 0 on every day with an entry (the entry says it was, or was not, that
 * kind of day), a yes/no tracker where it was answered.
 */
export function buildGrid(defs: readonly SeriesDef[], days: readonly CheckInDay[], first: string, last: string): Grid {
  const start = dayNumber(first)
  const length = dayNumber(last) - start + 1
  const entries = new Uint8Array(length)
  const values = defs.map(() => new Float64Array(length).fill(NaN))
  const ratings: [(typeof RATINGS)[number]['prop'], Float64Array][] = []
  const own = new Map<number, Float64Array>()
  const marks = new Map<number, Float64Array>()
  const sports = new Map<number, Float64Array>()
  const factors: Float64Array[] = []
  defs.forEach((def, i) => {
    const array = values[i]!
    if (def.kind === 'rating') ratings.push([RATINGS.find((r) => r.key === def.key)!.prop, array])
    else if (typeof def.key === 'number') own.set(def.key, array)
    if (def.kind === 'activity' || def.kind === 'sport') {
      factors.push(array)
      const id = Number(String(def.key).split(':')[1])
      ;(def.kind === 'activity' ? marks : sports).set(id, array)
    }
  })
  for (const day of days) {
    const i = dayNumber(day.date) - start
    if (i < 0 || i >= length) continue
    entries[i] = 1
    for (const [prop, array] of ratings) {
      const value = day[prop]
      if (value !== null) array[i] = value
    }
    for (const id in day.values) {
      const array = own.get(Number(id))
      if (array) array[i] = day.values[id]!
    }
    for (const array of factors) array[i] = 0
    for (const id of day.activities) { const array = marks.get(id); if (array) array[i] = 1 }
    for (const id of daySportIds(day)) { const array = sports.get(id); if (array) array[i] = 1 }
  }
  return { first: start, length, entries, series: defs.map((def, i) => ({ ...def, ...coded(values[i]!) })) }
}

/** The distinct values in order, and each day's index into them (-1 where there is none). */
function coded(values: Float64Array): Pick<Series, 'count' | 'values' | 'codes' | 'levels'> {
  const present = values.filter((v) => !Number.isNaN(v)).sort()
  let distinct = 0
  for (let i = 0; i < present.length; i++) if (i === 0 || present[i] !== present[i - 1]) present[distinct++] = present[i]!
  const levels = present.slice(0, distinct)
  const index = new Map<number, number>()
  levels.forEach((level, i) => index.set(level, i))
  const codes = new Int32Array(values.length)
  for (let i = 0; i < values.length; i++) codes[i] = Number.isNaN(values[i]!) ? -1 : index.get(values[i]!)!
  return { count: present.length, values, codes, levels }
}
