/**
 * Daylio's CSV export (README "Imports from other apps"). Columns are found by their header's name, not their
 * place: the current `full_date,date,weekday,time,mood,activities,scales,note_title,note`, the older one without
 * `scales`, and the oldest `year,date,weekday,time,mood,activities,note` (its date is `year` with `date`, e.g.
 * "March 5"). `full_date` is the only date to trust where it exists (`date` follows the phone's language). The text
 * is UTF-8, often with a byte-order mark, newest row first, RFC 4180 quoting. A row that cannot be read is refused
 * with its line and why; the rest of the file still goes over.
 */
import { decodeHTML } from 'entities'
import { refuse } from '../refusal'
import { calendarDate, Found, type FoundDay } from './found'
import { eachCsvRow, eachCsvRowPaced, type RowHandler } from './csv-rows'

const REQUIRED_ONE_OF = [['full_date'], ['year', 'date']] as const

/** English and German month names (Daylio's oldest export writes the date in the phone's language). */
const MONTHS: Record<string, number> = {}
for (const names of [
  ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'],
  ['januar', 'februar', 'märz', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'dezember'],
]) {
  names.forEach((name, i) => {
    MONTHS[name] = i + 1
    MONTHS[name.slice(0, 3)] = i + 1
  })
}

/** `20:39`, `8:05 am`, `10:00 PM` → minutes after midnight. */
export function minutesOf(time: string): number | undefined {
  const m = /^(\d{1,2}):(\d{2})(?:\s*([ap])\.?\s*m\.?)?$/i.exec(time.trim())
  if (!m) return undefined
  let hour = Number(m[1])
  const minute = Number(m[2])
  if (minute > 59) return undefined
  if (m[3]) {
    if (hour < 1 || hour > 12) return undefined
    hour = (hour % 12) + (m[3].toLowerCase() === 'p' ? 12 : 0)
  } else if (hour > 23) return undefined
  return hour * 60 + minute
}

/** The oldest export's `date` with its `year`: "March 5", "5 March", "5. März". */
function oldestDate(year: string, date: string): string | undefined {
  const words = date.trim().toLowerCase().replace(/[.,]/g, ' ').split(/\s+/)
  if (words.length !== 2 || !/^\d{4}$/.test(year.trim())) return undefined
  const [a, b] = words as [string, string]
  const [dayWord, monthWord] = /^\d+$/.test(a) ? [a, b] : [b, a]
  const month = MONTHS[monthWord]
  if (!month || !/^\d{1,2}$/.test(dayWord)) return undefined
  return calendarDate(Number(year), month, Number(dayWord))
}

function isoDate(text: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim())
  return m ? calendarDate(Number(m[1]), Number(m[2]), Number(m[3])) : undefined
}

/** A note's text: Daylio writes line breaks as `<br>` and escapes HTML's characters as entities. */
export function noteText(html: string): string {
  return decodeHTML(html.replace(/<br\s*\/?>/gi, '\n')).trim()
}

/** `a | b | c` → the names, trimmed, empty ones dropped. */
const names = (list: string) => list.split('|').map((name) => name.trim()).filter((name) => name !== '')

/** `Stress: 3 | Energy: 4` → pairs; undefined when one is not `name: number`. */
function scalePairs(list: string): [string, number][] | undefined {
  const pairs: [string, number][] = []
  for (const part of names(list)) {
    const m = /^(.+):\s*(-?\d+(?:\.\d+)?)$/.exec(part)
    if (!m) return undefined
    pairs.push([m[1]!.trim(), Number(m[2])])
  }
  return pairs
}

type Columns = Record<'fullDate' | 'year' | 'date' | 'time' | 'mood' | 'activities' | 'scales' | 'title' | 'note', number>

function columnsOf(record: string[]): Columns {
  const header = record.map((name) => name.trim().toLowerCase())
  const column = (name: string) => header.indexOf(name)
  const dated = REQUIRED_ONE_OF.some((set) => set.every((name) => column(name) >= 0))
  if (!dated || column('mood') < 0 || column('time') < 0) {
    refuse('The file is not a Daylio CSV export: its header needs full_date (or year and date), time and mood.')
  }
  return {
    fullDate: column('full_date'), year: column('year'), date: column('date'), time: column('time'), mood: column('mood'),
    activities: column('activities'), scales: column('scales'), title: column('note_title'), note: column('note'),
  }
}

function readRow(found: Found, at: Columns, width: number, record: string[], line: number): void {
  found.rows++
  const cell = (i: number) => (i >= 0 ? (record[i] ?? '') : '')
  if (record.length !== width) return found.refuse(line, `the row has ${record.length} fields, the header ${width}`)
  const date = at.fullDate >= 0 ? isoDate(cell(at.fullDate)) : oldestDate(cell(at.year), cell(at.date))
  if (!date) {
    const written = at.fullDate >= 0 ? cell(at.fullDate) : `${cell(at.year)} ${cell(at.date)}`
    return found.refuse(line, `the date ${JSON.stringify(written.slice(0, 40))} is not a day of the calendar from 1970 on`)
  }
  const minutes = minutesOf(cell(at.time))
  if (minutes === undefined) return found.refuse(line, `the time ${JSON.stringify(cell(at.time).slice(0, 20))} is not a time of day`)
  const scales = at.scales >= 0 ? scalePairs(cell(at.scales)) : []
  if (!scales) return found.refuse(line, `the scales ${JSON.stringify(cell(at.scales).slice(0, 60))} are not "name: value | …"`)
  const mood = cell(at.mood).trim()
  const note = [noteText(cell(at.title)), noteText(cell(at.note))].filter((part) => part !== '').join('\n\n')
  const ms = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000
  found.entry(date, ms, line, { mood: mood === '' ? null : mood, activities: names(cell(at.activities)), scales, note: note === '' ? null : note })
}

/** What reads a Daylio CSV's rows into `found` (the header first), and the check once they are all read. */
function daylioRows(found: Found): { row: RowHandler; end(): void } {
  let columns: { at: Columns; width: number } | undefined
  return {
    row: (record, line) => {
      if (columns) readRow(found, columns.at, columns.width, record, line)
      else columns = { at: columnsOf(record), width: record.length }
    },
    end: () => {
      if (!columns) refuse('The file is not a Daylio CSV export: its header needs full_date (or year and date), time and mood.')
    },
  }
}

/**
 * What a Daylio CSV holds, its days not kept (Found's streaming mode: Daylio lists a day's entries together): the
 * request's check, the dry run and the job's first reading cost the memory of one day, whatever the file's length.
 */
export function readDaylioCsv(bytes: Uint8Array): Found {
  const found = new Found({ stream: true })
  const rows = daylioRows(found)
  eachCsvRow(bytes, 'The file', rows.row)
  rows.end()
  return found
}

/**
 * The job's second reading: each day handed to `write` as soon as it is complete, a piece of the file at a time, so
 * the days written and the ones waiting are never more than a piece's.
 */
export async function streamDaylioCsv(bytes: Uint8Array, write: (day: FoundDay) => Promise<void>): Promise<void> {
  const waiting: FoundDay[] = []
  const found = new Found({ stream: true, handOver: (day) => waiting.push(day) })
  const drain = async () => {
    for (let day = waiting.shift(); day; day = waiting.shift()) await write(day)
  }
  const rows = daylioRows(found)
  await eachCsvRowPaced(bytes, 'The file', rows.row, drain)
  rows.end()
  found.settle()
  await drain()
}
