/**
 * Daylio's CSV export (README "Imports from other apps"). Columns are found by their header's name, not their
 * place: the current `full_date,date,weekday,time,mood,activities,scales,note_title,note`, the older one without
 * `scales`, and the oldest `year,date,weekday,time,mood,activities,note` (its date is `year` with `date`, e.g.
 * "March 5"). `full_date` is the only date to trust where it exists (`date` follows the phone's language). The text
 * is UTF-8, often with a byte-order mark, newest row first, RFC 4180 quoting. A row that cannot be read is refused
 * with its line and why; the rest of the file still goes over.
 */
import { csvParseRows } from 'd3-dsv'
import { decodeHTML } from 'entities'
import { refuse } from '../refusal'
import { calendarDate, Found, type FoundDay } from './found'

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

/** How often `char` occurs in `text`. */
function occurrences(text: string, char: string): number {
  let count = 0
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) count++
  return count
}

/** How often `char` occurs in `text` from `start` to before `end`. */
function occurrencesIn(text: string, char: string, start = 0, end = text.length): number {
  let count = 0
  for (let at = text.indexOf(char, start); at !== -1 && at < end; at = text.indexOf(char, at + 1)) count++
  return count
}

/** About how many characters of a file are read at a time (whole rows): a streaming read waits for its days between. */
const CHUNK = 64 * 1024

/** A CSV file's text, refused when it is not UTF-8 or a quoted field is never closed. */
function csvText(bytes: Uint8Array, what: string): string {
  let text: string
  try {
    // the decoder drops a leading byte-order mark
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return refuse(`${what} is not UTF-8 text.`)
  }
  // A quote inside a quoted field is written twice, so a well-formed file has an even number of them: an odd one is a
  // quoted field never closed, which would take the rest of the file as its text.
  if (occurrencesIn(text, '"') % 2 === 1) refuse(`${what} is not a valid CSV file: a quoted field is never closed.`)
  return text
}

/** The text in pieces of whole rows: each ends at a line end with its quotes paired (not inside a quoted field). */
function* wholeRows(text: string): Generator<string> {
  let start = 0
  while (start < text.length) {
    let end = text.indexOf('\n', start + CHUNK)
    while (end !== -1 && occurrencesIn(text, '"', start, end) % 2 === 1) end = text.indexOf('\n', end + 1)
    if (end === -1) {
      yield text.slice(start)
      return
    }
    yield text.slice(start, end + 1)
    start = end + 1
  }
}

type RowHandler = (record: string[], line: number) => void

/** Hands each row of `piece` to `row` with the line it starts on; the line after the piece. */
function eachRowOf(piece: string, line: number, row: RowHandler): number {
  csvParseRows(piece, (record) => {
    const start = line
    // the row's own line end, and those inside its quoted fields
    line += 1 + record.reduce((sum, field) => sum + occurrencesIn(field, '\n'), 0)
    if (record.length > 1 || record[0] !== '') row(record, start)
    return null
  })
  return line
}

/**
 * A CSV's rows (RFC 4180; a byte-order mark and empty lines skipped), each handed to `row` with the line it starts on
 * and then dropped: no list of rows is kept. d3-dsv reads the fields as substrings of the text, so a file costs its
 * text and little more: a 10-year Daylio file left 8 MB of garbage behind where csv-parse left 21 MB, and 10 MB at 20
 * years against 34 (README "Imports from other apps"). `what` names the file in a refusal.
 */
export function eachCsvRow(bytes: Uint8Array, what: string, row: RowHandler): void {
  let line = 1
  for (const piece of wholeRows(csvText(bytes, what))) {
    line = eachRowOf(piece, line, row)
    collectSoon()
  }
}

/**
 * Asks for a collection (Bun.gc without waiting for it) after each piece: reading a file makes its garbage faster
 * than the collector paces itself, and a 20-year file's job then peaked at 31 MB over its start against 17 MB with
 * this, the same as a 10-year file's (bench/import-daylio.ts).
 */
const collectSoon = () => Bun.gc(false)

/** The same, a piece at a time, waiting for `between()` after each (a streaming read hands its days over there). */
export async function eachCsvRowPaced(bytes: Uint8Array, what: string, row: RowHandler, between: () => Promise<void>): Promise<void> {
  let line = 1
  for (const piece of wholeRows(csvText(bytes, what))) {
    line = eachRowOf(piece, line, row)
    await between()
    collectSoon()
  }
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

/** The reading of a Daylio CSV into `found`, by `each` (all at once, or a piece at a time). */
function readInto<R>(found: Found, each: (row: RowHandler) => R): R {
  let columns: { at: Columns; width: number } | undefined
  const read = each((record, line) => {
    if (columns) readRow(found, columns.at, columns.width, record, line)
    else columns = { at: columnsOf(record), width: record.length }
  })
  const done = () => {
    if (!columns) refuse('The file is not a Daylio CSV export: its header needs full_date (or year and date), time and mood.')
  }
  return read instanceof Promise ? read.then(done) as R : (done(), read)
}

/**
 * What a Daylio CSV holds, its days not kept (Found's streaming mode: Daylio lists a day's entries together): the
 * request's check, the dry run and the job's first reading cost the memory of one day, whatever the file's length.
 */
export function readDaylioCsv(bytes: Uint8Array): Found {
  const found = new Found({ stream: true })
  readInto(found, (row) => eachCsvRow(bytes, 'The file', row))
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
  await readInto(found, (row) => eachCsvRowPaced(bytes, 'The file', row, drain))
  found.settle()
  await drain()
}
