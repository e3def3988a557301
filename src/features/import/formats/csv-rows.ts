/**
 * The CSV files of other apps (Daylio's export, Loop's `Habits.csv` and `Checkmarks.csv`), read row by row with
 * d3-dsv: RFC 4180 quoting, a byte-order mark and empty lines skipped, each row handed over with the line it
 * starts on. The import of daybook's own export checks its CSVs' shape with csv-parse (archive.ts).
 */
import { csvParseRows } from 'd3-dsv'
import { refuse } from '../refusal'

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

export type RowHandler = (record: string[], line: number) => void

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
 * than the collector paces itself. The dry run of a 10-year Daylio file peaked at 12.6 MB over its start without it
 * and 2.2 MB with it (bench/import-daylio.ts).
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
