/** The numbers behind the charts: one value (or null) per day of the period, and what they add up to. */
import { dateMs, type CheckIn } from '../check-in/trackers'
import type { ChartData } from './line-chart'

/** A day's value of one tracker (built in or one's own), or null; `undefined` for a day without an entry. */
export type ValueOf = (entry: CheckIn | undefined) => number | null

export function chartData(dates: string[], entries: Map<string, CheckIn>, valueOf: ValueOf): ChartData {
  return { xs: dates.map((d) => dateMs(d) / 1000), ys: dates.map((d) => valueOf(entries.get(d))) }
}

export interface Stats { average: number; count: number }

export function statsOf(values: (number | null)[]): Stats | undefined {
  const known = values.filter((v): v is number => v !== null)
  if (known.length === 0) return undefined
  return { average: known.reduce((a, b) => a + b, 0) / known.length, count: known.length }
}

/** Whether any entry holds a value of the tracker (the "no values yet" of a tracker never filled in). */
export const hasAnyValue = (entries: Map<string, CheckIn>, valueOf: ValueOf) => [...entries.values()].some((e) => valueOf(e) !== null)

/**
 * How many days of the period had each key (a sport, an activity): the `listed` ones (also at 0 days) in their
 * order, then any other; `total` counts the days with any. Not sorted by count: the lines are drawn before the
 * entries come, and would swap places when they did.
 */
export function dayCounts<K>(dates: string[], entries: Map<string, CheckIn>, listed: K[], keysOf: (entry: CheckIn) => K[]): { total: number; byKey: [K, number][] } {
  const counts = new Map<K, number>(listed.map((key) => [key, 0]))
  let total = 0
  for (const date of dates) {
    const entry = entries.get(date)
    const keys = entry ? keysOf(entry) : []
    if (keys.length === 0) continue
    total += 1
    for (const key of new Set(keys)) counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return { total, byKey: [...counts] }
}
