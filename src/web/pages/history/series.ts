/** The numbers behind the charts: one value (or null) per day of the period, and what they add up to. */
import { dateMs, type CheckIn, type RatingTracker, type Sport, sportOf } from '../check-in/trackers'
import type { ChartData } from './line-chart'

export function chartData(dates: string[], entries: Map<string, CheckIn>, tracker: RatingTracker): ChartData {
  return { xs: dates.map((d) => dateMs(d) / 1000), ys: dates.map((d) => entries.get(d)?.[tracker] ?? null) }
}

export interface Stats { average: number; count: number }

export function statsOf(values: (number | null)[]): Stats | undefined {
  const known = values.filter((v): v is number => v !== null)
  if (known.length === 0) return undefined
  return { average: known.reduce((a, b) => a + b, 0) / known.length, count: known.length }
}

/**
 * How many days of the period had each sport: the `listed` ones (also at 0 days) in their order, then any other.
 * Not sorted by count: the lines are drawn before the entries come, and would swap places when they did.
 */
export function sportCounts(dates: string[], entries: Map<string, CheckIn>, listed: Sport[]): { total: number; bySport: [Sport, number][] } {
  const counts = new Map<Sport, number>(listed.map((sport) => [sport, 0]))
  let total = 0
  for (const date of dates) {
    const code = entries.get(date)?.sports
    const sport = code == null ? undefined : sportOf(code)
    if (!sport) continue
    total += 1
    counts.set(sport, (counts.get(sport) ?? 0) + 1)
  }
  return { total, bySport: [...counts] }
}
