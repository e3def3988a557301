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
const digits = (date: string, from: number, to: number) => {
  let value = 0
  for (let i = from; i < to; i++) value = value * 10 + date.charCodeAt(i) - 48
  return value
}
/**
 * Days since 1970-01-01 of a day of the proleptic Gregorian calendar, by its arithmetic (Howard Hinnant's
 * days_from_civil); `month` may run past either end of the year (0 is the December before). Unlike Date.UTC it takes
 * the years 0–99 as they are, and it is cheap enough to run once per entry, where Date.parse cost more than the rest
 * of the grid's pass.
 */
export function civilDay(year: number, month: number, day: number): number {
  const shifted = year + Math.floor((month - 1) / 12)
  const inYear = ((month - 1) % 12 + 12) % 12 + 1
  const y = shifted - (inYear <= 2 ? 1 : 0)
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (inYear + (inYear > 2 ? -3 : 9)) + 2) / 5) + day - 1
  return era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468
}

/** Days since 1970-01-01 of a valid `YYYY-MM-DD`. */
export const dayNumber = (date: string) => civilDay(digits(date, 0, 4), digits(date, 5, 7), digits(date, 8, 10))
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
  const own: [number, Float64Array][] = []
  const marks = new Map<number, Float64Array>()
  const sports = new Map<number, Float64Array>()
  const factors: Float64Array[] = []
  defs.forEach((def, i) => {
    const array = values[i]!
    if (def.kind === 'rating') ratings.push([RATINGS.find((r) => r.key === def.key)!.prop, array])
    else if (typeof def.key === 'number') own.push([def.key, array])
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
    for (const [id, array] of own) {
      const value = day.values[id]
      if (value !== undefined) array[i] = value
    }
    for (const array of factors) array[i] = 0
    for (const id of day.activities) { const array = marks.get(id); if (array) array[i] = 1 }
    for (const id of daySportIds(day)) { const array = sports.get(id); if (array) array[i] = 1 }
  }
  return { first: start, length, entries, series: defs.map((def, i) => ({ ...def, ...coded(values[i]!) })) }
}

/** The distinct values in order, and each day's index into them (-1 where there is none). */
function coded(values: Float64Array): Pick<Series, 'count' | 'values' | 'codes' | 'levels'> {
  return smallWholeNumbers(values) ?? anyNumbers(values)
}

/** The most values a series of small whole numbers (a rating, a scale, a factor) may have: they are counted, not sorted. */
const SMALL = 256

/** Values that are all whole numbers from 0 to 255: a count per number gives the levels, and a table the codes. */
function smallWholeNumbers(values: Float64Array): Pick<Series, 'count' | 'values' | 'codes' | 'levels'> | undefined {
  const seen = new Uint8Array(SMALL)
  let count = 0
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!
    if (Number.isNaN(v)) continue
    if (!(v >= 0 && v < SMALL && v === Math.floor(v))) return undefined
    seen[v] = 1
    count++
  }
  const codeOf = new Int32Array(SMALL)
  const levels: number[] = []
  for (let v = 0; v < SMALL; v++) if (seen[v]) { codeOf[v] = levels.length; levels.push(v) }
  const codes = new Int32Array(values.length)
  for (let i = 0; i < values.length; i++) codes[i] = Number.isNaN(values[i]!) ? -1 : codeOf[values[i]!]!
  return { count, values, codes, levels: Float64Array.from(levels) }
}

/** Any other values (a weight, a count of steps): their distinct values sorted once, each day's found by bisection. */
function anyNumbers(values: Float64Array): Pick<Series, 'count' | 'values' | 'codes' | 'levels'> {
  const distinct = new Set<number>()
  let count = 0
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i]!)) { distinct.add(values[i]!); count++ }
  const levels = Float64Array.from(distinct).sort()
  const codes = new Int32Array(values.length)
  for (let i = 0; i < values.length; i++) codes[i] = Number.isNaN(values[i]!) ? -1 : levelOf(levels, values[i]!)
  return { count, values, codes, levels }
}

/** The index of `value` in the sorted `levels` (a binary search: a handful of steps, where a Map of doubles is slow). */
function levelOf(levels: Float64Array, value: number): number {
  let low = 0
  let high = levels.length - 1
  while (low < high) {
    const middle = (low + high) >> 1
    if (levels[middle]! < value) low = middle + 1
    else high = middle
  }
  return low
}
