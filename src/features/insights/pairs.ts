/**
 * Which pairs are tried and which are listed (docs/api/insights.md §3). Tried: every two numeric series on the same
 * day (once each, the one earlier in the person's order as `b`, so mood is what the others are read against) and
 * from one day to the next (both ways, a series never against itself), and every factor against every numeric series
 * on both lags. Listed: those whose adjusted correlation is at least STRONG either way, the strongest first, at most
 * TOP of them.
 */
import { isNumeric, type Grid, type Series } from './series'
import { MIN_DAYS, pairStats, scratchFor, type PairStats } from './stats'

export const STRONG = 0.3
export const TOP = 10

export interface Pair { a: Series; b: Series; lag: 0 | 1; stats: PairStats }

/** The strongest pairs over the grid's days [start, end). */
export function strongestPairs(grid: Grid, start: number, end: number): Pair[] {
  // A series with fewer than MIN_DAYS values, or one value only, cannot make a pair: left out before any is counted.
  const usable = grid.series.filter((s) => s.count >= MIN_DAYS && s.levels.length > 1)
  const numeric = usable.filter((s) => isNumeric(s.kind))
  const factors = usable.filter((s) => !isNumeric(s.kind))
  const scratch = scratchFor(grid.length)
  const found: Pair[] = []
  const tryPair = (a: Series, b: Series, lag: 0 | 1) => {
    const stats = pairStats(a, b, lag, start, end, scratch)
    if (stats && Math.abs(stats.adjusted) >= STRONG) found.push({ a, b, lag, stats })
  }
  numeric.forEach((b, i) => {
    for (const a of numeric.slice(i + 1)) tryPair(a, b, 0)
    for (const a of numeric) if (a !== b) tryPair(a, b, 1)
  })
  for (const a of factors) for (const b of numeric) for (const lag of [0, 1] as const) tryPair(a, b, lag)
  // Stable: equally strong pairs keep the order they were tried in.
  return found.sort((x, y) => Math.abs(y.stats.adjusted) - Math.abs(x.stats.adjusted)).slice(0, TOP)
}
