/**
 * One pair of series (docs/api/insights.md §3): on the days where both have a value — `a` on day d and `b` on day
 * d + lag — Spearman's rank correlation (ties get their average rank), the mean of `b` when `a` is high against when
 * it is low, and that correlation pulled toward zero by how few days there are. Ranks come from counting each
 * series' codes (series.ts), so a pair costs one pass over its days and no sort.
 */
import type { Series } from './series'

/** A pair is looked at only with this many days of both. */
export const MIN_DAYS = 14
/**
 * The prior's weight, in days: Fisher's z of the correlation (variance about 1/(n − 3)) is shrunk as by a normal
 * prior on it with variance 1/40 (sd 0.16: most associations in a person's trackers are small). Under chance alone
 * the shrunk value's spread is then at most 1/(2√40) ≈ 0.08 whatever n is, so an adjusted |rho| of 0.3 is about four
 * of those — README "Insights" has the measured rate.
 */
export const PRIOR_DAYS = 40

export interface PairStats {
  n: number
  rho: number
  /** rho pulled toward zero: tanh(atanh(rho) · (n − 3) / (n − 3 + PRIOR_DAYS)) */
  adjusted: number
  meanHigh: number
  meanLow: number
  daysHigh: number
  daysLow: number
  /** the lowest and highest value of `a` on its high side (a factor: 1 and 1) */
  highFrom: number
  highTo: number
}

/**
 * Above this many cells (a's values × b's), a pair's joint counts are not kept and its days are walked twice instead:
 * two numbers with hundreds of values each would need a table larger than the days.
 */
const MAX_CELLS = 4096

/** Scratch arrays reused by every pair of one computation. */
export interface Scratch { joint: Float64Array; paired: Int32Array }
export const scratchFor = (days: number): Scratch => ({ joint: new Float64Array(MAX_CELLS), paired: new Int32Array(days) })

export const shrink = (rho: number, n: number) => Math.tanh(Math.atanh(rho) * (n - 3) / (n - 3 + PRIOR_DAYS))

/**
 * The pair `a` (day d) → `b` (day d + lag) over days [start, end) of the grid; undefined with fewer than MIN_DAYS
 * days of both, or when either is the same on all of them (no ranks to correlate). `a` is split into high and low
 * between two of its values, where the paired days fall most evenly into two sides (its median, with days at the
 * median kept together): a factor's sides are with and without.
 *
 * One pass over the days counts each value of both (their ranks follow from the counts) and sums `b` per value of
 * `a` (the two means follow from those); the products of ranks come from the table of joint counts (5 × 5 cells for
 * two ratings), or from a second pass over the paired days where that table would be too large.
 */
export function pairStats(a: Series, b: Series, lag: number, start: number, end: number, scratch: Scratch): PairStats | undefined {
  const levelsB = b.levels.length
  const cells = a.levels.length * levelsB
  const table = cells <= MAX_CELLS
  const { joint, paired } = scratch
  if (table) joint.fill(0, 0, cells)
  const countA = new Float64Array(a.levels.length)
  const countB = new Float64Array(levelsB)
  const sumB = new Float64Array(a.levels.length)
  const codesA = a.codes
  const codesB = b.codes
  const valuesB = b.values
  let n = 0
  for (let i = start, last = end - lag; i < last; i++) {
    const ca = codesA[i]!
    if (ca < 0) continue
    const cb = codesB[i + lag]!
    if (cb < 0) continue
    countA[ca]!++
    countB[cb]!++
    sumB[ca]! += valuesB[i + lag]!
    if (table) joint[ca * levelsB + cb]!++
    else paired[n] = i
    n++
  }
  if (n < MIN_DAYS) return undefined
  const middle = (n + 1) / 2
  const { ranks: rankA, spread: spreadA } = averageRanks(countA, middle)
  const { ranks: rankB, spread: spreadB } = averageRanks(countB, middle)
  if (spreadA === 0 || spreadB === 0) return undefined

  let products = 0
  if (table) {
    for (let ca = 0; ca < countA.length; ca++) {
      if (countA[ca] === 0) continue
      const row = ca * levelsB
      const ra = rankA[ca]! - middle
      for (let cb = 0; cb < levelsB; cb++) products += joint[row + cb]! * ra * (rankB[cb]! - middle)
    }
  } else {
    for (let k = 0; k < n; k++) {
      const i = paired[k]!
      products += (rankA[codesA[i]!]! - middle) * (rankB[codesB[i + lag]!]! - middle)
    }
  }
  const cut = evenCut(countA, n)
  let sumHigh = 0
  let sumLow = 0
  for (let ca = 0; ca < countA.length; ca++) {
    if (ca > cut.level) sumHigh += sumB[ca]!
    else sumLow += sumB[ca]!
  }
  // Rounding could put a perfect association a hair beyond ±1, whose atanh is NaN, which no answer may carry.
  const rho = Math.max(-1, Math.min(1, products / Math.sqrt(spreadA * spreadB)))
  let bottom = cut.level + 1
  while (countA[bottom] === 0) bottom++
  let top = countA.length - 1
  while (countA[top] === 0) top--
  return {
    n, rho, adjusted: shrink(rho, n),
    meanHigh: sumHigh / cut.high, meanLow: sumLow / (n - cut.high), daysHigh: cut.high, daysLow: n - cut.high,
    highFrom: a.levels[bottom]!, highTo: a.levels[top]!,
  }
}

/** Each level's average rank (ties share theirs), and the sum of squared distances of the ranks from their middle. */
function averageRanks(counts: Float64Array, middle: number): { ranks: Float64Array; spread: number } {
  const ranks = new Float64Array(counts.length)
  let before = 0
  let spread = 0
  for (let c = 0; c < counts.length; c++) {
    const count = counts[c]!
    if (count === 0) continue
    const rank = before + (count + 1) / 2
    ranks[c] = rank
    spread += count * (rank - middle) ** 2
    before += count
  }
  return { ranks, spread }
}

/**
 * The split of `a` whose sides are the most even: days at or below `level` are low, the rest (`high` of them) high.
 * Only cuts between two values that occur are tried; `a` has at least two (its ranks are spread).
 */
function evenCut(counts: Float64Array, n: number): { level: number; high: number } {
  let best = { level: -1, high: n, gap: Infinity }
  let low = 0
  for (let c = 0; c < counts.length - 1; c++) {
    low += counts[c]!
    if (low === 0 || low === n || counts[c] === 0) continue
    const gap = Math.abs(n - 2 * low)
    if (gap < best.gap) best = { level: c, high: n - low, gap }
  }
  return best
}
