/** The values of a `due:` token (docs/api/quick-add.md §5), resolved against "today" in the user's timezone. */
import { addDays, formatDate, isRealDate, weekday } from './local-date'

const WEEKDAYS: Record<string, number> = {
  sunday: 0, sun: 0, monday: 1, mon: 1, tuesday: 2, tue: 2, wednesday: 3, wed: 3,
  thursday: 4, thu: 4, friday: 5, fri: 5, saturday: 6, sat: 6,
}

/** Trailing punctuation that may follow a due value in a sentence. */
const TRAILING = /[.,;:!?)]+$/

/** The date a due value names, or undefined when it is not understood or not a real calendar day. */
export function parseDueValue(raw: string, today: string): string | undefined {
  const value = raw.replace(TRAILING, '').toLowerCase()
  if (value === 'today') return today
  if (value === 'tomorrow') return addDays(today, 1)
  const day = WEEKDAYS[value]
  if (day !== undefined) return addDays(today, (day - weekday(today) + 7) % 7)
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (m) return realDate(Number(m[1]), Number(m[2]), Number(m[3]))
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})$/.exec(value)
  if (m) {
    const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3])
    return realDate(year, Number(m[2]), Number(m[1]))
  }
  return undefined
}

function realDate(y: number, m: number, d: number): string | undefined {
  return isRealDate(y, m, d) ? formatDate(y, m, d) : undefined
}
