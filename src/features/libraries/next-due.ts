/**
 * The due date of a repeating to-do's next occurrence (docs/api/quick-add.md §11.2): calendar dates only, so a
 * week is seven dates whatever the clocks do. A month or a year keeps the day of the month, clamped to the
 * month's last day (31 January → 28 or 29 February; 29 February → 28 February in a common year).
 */
import type { REPEATS } from './fields'
import { addDays, formatDate } from '../quick-add/local-date'

export type Repeat = (typeof REPEATS)[number]

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
const daysIn = (y: number, m: number) => (m === 2 && isLeap(y) ? 29 : MONTH_DAYS[m - 1]!)

/** `date` moved by `months` calendar months, its day clamped to the target month's length. */
function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const index = y * 12 + (m - 1) + months
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  return formatDate(year, month, Math.min(d, daysIn(year, month)))
}

/** The next due date after `date` (YYYY-MM-DD); null past 9999-12-31, the last date the API knows. */
export function nextDueDate(date: string, repeat: Repeat): string | null {
  const next = repeat === 'daily' ? addDays(date, 1)
    : repeat === 'weekly' ? addDays(date, 7)
      : addMonths(date, repeat === 'monthly' ? 1 : 12)
  return next.length === 10 && next <= '9999-12-31' ? next : null
}
