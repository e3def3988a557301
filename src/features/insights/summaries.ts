/**
 * The plain figures beside the pairs (docs/api/insights.md §4): each numeric series' mean per weekday, each series'
 * month against the three before it, and the best and worst weeks by mood.
 */
import { civilDay, dateOf, isNumeric, isRecorded, type Grid, type Series } from './series'

/** Weeks with fewer days of mood than this are not ranked. */
export const WEEK_MIN_DAYS = 4
/** The most weeks listed as best, and as worst. */
export const WEEKS_LISTED = 3

export const rounded = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits

/** Monday 0 … Sunday 6 (day 0, 1970-01-01, was a Thursday; days before it are negative). */
export const weekdayOf = (day: number) => (((day + 3) % 7) + 7) % 7

/** The mean of `series` over days [start, end) of the grid, and how many days had a value. */
function meanOver(series: Series, start: number, end: number): { mean: number | null; n: number } {
  let sum = 0
  let n = 0
  for (let i = Math.max(0, start), last = Math.min(end, series.values.length); i < last; i++) {
    const v = series.values[i]!
    if (!Number.isNaN(v)) { sum += v; n++ }
  }
  return { mean: n === 0 ? null : rounded(sum / n), n }
}

/** Each numeric series with a value in [start, end): its mean and days on each weekday, Monday first. */
export function weekdays(grid: Grid, start: number, end: number) {
  return grid.series.filter((s) => isNumeric(s.kind)).flatMap((series) => {
    const sums = new Float64Array(7)
    const days = [0, 0, 0, 0, 0, 0, 0]
    for (let i = start; i < end; i++) {
      const v = series.values[i]!
      if (Number.isNaN(v)) continue
      const weekday = weekdayOf(grid.first + i)
      sums[weekday]! += v
      days[weekday]!++
    }
    if (days.every((n) => n === 0)) return []
    return [{ key: series.key, means: days.map((n, d) => (n === 0 ? null : rounded(sums[d]! / n))), days }]
  })
}

/**
 * Each series' mean in the calendar month of the grid's day `last` (up to it) against the three calendar months
 * before; a factor's mean is the share of days with an entry that had it. A series with nothing in either is left
 * out, as is a factor never had.
 */
export function trends(grid: Grid, last: number) {
  const to = dateOf(grid.first + last)
  const [year, month] = [Number(to.slice(0, 4)), Number(to.slice(5, 7))]
  const dayOfMonthStart = (monthsBack: number) => civilDay(year, month - monthsBack, 1) - grid.first
  const monthStart = dayOfMonthStart(0)
  const previousStart = dayOfMonthStart(3)
  return grid.series.filter(isRecorded).flatMap((series) => {
    const now = meanOver(series, monthStart, last + 1)
    const before = meanOver(series, previousStart, monthStart)
    if (now.n === 0 && before.n === 0) return []
    return [{ key: series.key, month: to.slice(0, 7), mean: now.mean, n: now.n, previous_mean: before.mean, previous_n: before.n }]
  })
}

/** The ISO week of a day: `2026-W26`, its Monday and its Sunday. */
function isoWeek(day: number): { week: string; from: string; to: string } {
  const monday = day - weekdayOf(day)
  const thursday = monday + 3
  const year = Number(dateOf(thursday).slice(0, 4))
  const number = Math.floor((thursday - civilDay(year, 1, 1)) / 7) + 1
  return { week: `${String(year).padStart(4, '0')}-W${String(number).padStart(2, '0')}`, from: dateOf(monday), to: dateOf(monday + 6) }
}

/**
 * The ISO weeks of [start, end) with at least WEEK_MIN_DAYS days of mood in it, ranked by their mood's mean: the
 * best first, then the worst first, no week in both (with few weeks the best take the better half).
 */
export function bestAndWorstWeeks(grid: Grid, start: number, end: number) {
  const mood = grid.series.find((s) => s.key === 'mood')
  const weeks = new Map<number, { sum: number; days: number }>()
  for (let i = start; mood && i < end; i++) {
    const v = mood.values[i]!
    if (Number.isNaN(v)) continue
    const monday = grid.first + i - weekdayOf(grid.first + i)
    const week = weeks.get(monday) ?? { sum: 0, days: 0 }
    week.sum += v
    week.days++
    weeks.set(monday, week)
  }
  const ranked = [...weeks].filter(([, w]) => w.days >= WEEK_MIN_DAYS)
    .map(([monday, w]) => ({ ...isoWeek(monday), mean: rounded(w.sum / w.days), days: w.days, exact: w.sum / w.days }))
  // Equal means: the earlier week first, among the best and among the worst alike.
  const best = [...ranked].sort((x, y) => y.exact - x.exact || x.from.localeCompare(y.from))
    .slice(0, Math.min(WEEKS_LISTED, Math.ceil(ranked.length / 2)))
  const worst = ranked.filter((week) => !best.includes(week)).sort((x, y) => x.exact - y.exact || x.from.localeCompare(y.from))
    .slice(0, WEEKS_LISTED)
  const present = ({ exact: _, ...week }: (typeof ranked)[number]) => week
  return { best: best.map(present), worst: worst.map(present) }
}
