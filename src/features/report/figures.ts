/**
 * What a report shows of each chosen tracker, computed from the person's days (docs/api/shares.md §1): a rating,
 * scale or number as its values day by day with their mean, lowest, highest and count; a yes/no tracker, and sport,
 * as the days marked yes or no with their counts. Only the chosen trackers are read out of the days.
 */
import { DAY } from '../../lib/clock'
import type { CheckInDay } from '../check-in/store'
import { TRACKERS, type TrackerKey } from '../check-in/trackers'
import { daySportIds } from '../check-in/present'
import { SPORTS } from '../users/settings-model'
import type { SportRow, TrackerRow } from '../trackers/schema'
import { WORDS, type Lang } from './words'
import { SPORT_NAMES, TRACKER_NAMES } from '../check-in/builtin-names'
import type { TrackerPick } from './choice'

export interface Stats { n: number; mean: number; min: number; max: number }

/** A tracker drawn as a line: one value (or none) per day of the period. */
export interface LineFigure {
  kind: 'line'
  name: string
  unit: string | null
  /** how many decimals its values are shown with */
  decimals: number
  /** the axis of a scale (its ends); null for a number, whose axis follows its values */
  range: [number, number] | null
  /** what the ends of a scale mean, when it says */
  ends: [string | null, string | null]
  values: (number | null)[]
  stats: Stats | null
}

/** A tracker drawn as days: yes, no or nothing recorded for each day of the period; sport also counts each sport. */
export interface DaysFigure {
  kind: 'days'
  sport: boolean
  name: string
  marks: (boolean | null)[]
  yes: number
  no: number
  /** sport only: how many days had each sport, most first */
  counts: { name: string; days: number }[]
}

export type Figure = LineFigure | DaysFigure

/** Every calendar date from `from` to `to`, both included (UTC arithmetic: calendar days, no clock shifts). */
export function datesFrom(from: string, to: string): string[] {
  const out: string[] = []
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += DAY) out.push(new Date(ms).toISOString().slice(0, 10))
  return out
}

export function statsOf(values: readonly (number | null)[]): Stats | null {
  const present = values.filter((v): v is number => v !== null)
  if (present.length === 0) return null
  return { n: present.length, mean: present.reduce((a, b) => a + b, 0) / present.length, min: Math.min(...present), max: Math.max(...present) }
}

export interface Material {
  lang: Lang
  dates: readonly string[]
  /** the person's days in the period, by date */
  days: ReadonlyMap<string, CheckInDay>
  own: readonly TrackerRow[]
  sports: readonly SportRow[]
}

/** The figures of the chosen trackers, in the order chosen; an own tracker deleted since is left out. */
export function figuresOf(picks: readonly TrackerPick[], m: Material): Figure[] {
  return picks.flatMap((pick) => {
    if (typeof pick === 'string') return [builtinFigure(pick, m)]
    const tracker = m.own.find((t) => t.id === pick)
    return tracker ? [ownFigure(tracker, m)] : []
  })
}

function builtinFigure(key: TrackerKey, m: Material): Figure {
  const words = WORDS[m.lang]
  if (key === 'sports') return sportFigure(m)
  const prop = TRACKERS.find((t) => t.key === key)!.prop
  const values = m.dates.map((date) => m.days.get(date)?.[prop] ?? null)
  return { kind: 'line', name: TRACKER_NAMES[m.lang][key], unit: null, decimals: 0, range: [1, 5], ends: words.ends[key], values, stats: statsOf(values) }
}

function ownFigure(tracker: TrackerRow, m: Material): Figure {
  const values = m.dates.map((date) => m.days.get(date)?.values[tracker.id] ?? null)
  if (tracker.kind === 'yesno') {
    const marks = values.map((v) => (v === null ? null : v === 1))
    return { kind: 'days', sport: false, name: tracker.name, marks, yes: marks.filter((v) => v === true).length, no: marks.filter((v) => v === false).length, counts: [] }
  }
  const scale = tracker.kind === 'scale'
  return {
    kind: 'line', name: tracker.name, unit: tracker.unit, decimals: tracker.decimals, values, stats: statsOf(values),
    range: scale ? [tracker.min ?? 1, tracker.max ?? 5] : null,
    ends: scale ? [tracker.minLabel, tracker.maxLabel] : [null, null],
  }
}

/** A day with a check-in had sport or not; a day without one says nothing. Each sport is counted by its name. */
function sportFigure(m: Material): DaysFigure {
  const nameOf = (id: number) => (id <= SPORTS.length ? SPORT_NAMES[m.lang][SPORTS[id - 1]!] : m.sports.find((s) => s.id === id)?.name)
  const counts = new Map<string, number>()
  const marks = m.dates.map((date) => {
    const day = m.days.get(date)
    if (!day) return null
    const ids = daySportIds(day)
    for (const id of ids) {
      const name = nameOf(id)
      if (name) counts.set(name, (counts.get(name) ?? 0) + 1)
    }
    return ids.length > 0
  })
  return {
    kind: 'days', sport: true, name: TRACKER_NAMES[m.lang].sports, marks,
    yes: marks.filter((v) => v === true).length, no: marks.filter((v) => v === false).length,
    counts: [...counts].map(([name, days]) => ({ name, days })).sort((a, b) => b.days - a.days || a.name.localeCompare(b.name)),
  }
}
