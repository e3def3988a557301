/**
 * What a report shows, as the page holds it (docs/api/shares.md §1): the chosen trackers in the page's order, the
 * period, the notes. Checked here before it is sent, so the API's refusals of a period are never the person's news.
 */
import { addDays, dateMs, isDate } from '../check-in/trackers'

/** A built-in tracker's name or an own tracker's id, as the API takes them. */
export type Pick = string | number

export const PERIODS = ['days30', 'days90', 'year', 'custom'] as const
export type Period = (typeof PERIODS)[number]
const LENGTH: Record<Exclude<Period, 'custom'>, number> = { days30: 30, days90: 90, year: 365 }

export interface Choice { trackers: Pick[]; period: Period; from: string; to: string; notes: boolean }

/** The most days a report covers, both ends included (the API's MAX_REPORT_DAYS). */
export const MAX_DAYS = 366

/** The period's dates: the last N days up to today, or the dates chosen. */
export function withPeriod(choice: Choice, period: Period, today: string): Choice {
  if (period === 'custom') return { ...choice, period }
  return { ...choice, period, from: addDays(today, 1 - LENGTH[period]), to: today }
}

export type ChoiceProblem = 'needTracker' | 'needDate' | 'toBeforeFrom' | 'tooLong'
export type Problems = Partial<Record<'trackers' | 'from' | 'to', ChoiceProblem>>

/** What stands in the way of a report, by the field it belongs to. */
export function problemsOf(choice: Choice): Problems {
  const problems: Problems = {}
  if (choice.trackers.length === 0) problems.trackers = 'needTracker'
  if (!isDate(choice.from)) problems.from = 'needDate'
  if (!isDate(choice.to)) problems.to = 'needDate'
  else if (isDate(choice.from) && choice.to < choice.from) problems.to = 'toBeforeFrom'
  else if (isDate(choice.from) && (dateMs(choice.to) - dateMs(choice.from)) / 86_400_000 >= MAX_DAYS) problems.to = 'tooLong'
  return problems
}

/** The report's query string: the trackers as one comma-separated list, as GET /report takes them. */
export const reportQuery = (choice: Choice) =>
  `trackers=${choice.trackers.map((p) => encodeURIComponent(String(p))).join(',')}&from=${choice.from}&to=${choice.to}&notes=${choice.notes ? 'yes' : 'no'}`
