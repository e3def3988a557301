import { csvRow, type CsvValue } from '../csv'
import type { ExportScope } from '../scope'
import type { ZipEntry } from '../../../lib/zip/zip-writer'

/** Text is handed to the compressor in pieces of about this size; the job may yield between two pieces. */
const PIECE_CHARS = 16 * 1024

/**
 * A text entry written piece by piece: records are gathered to about PIECE_CHARS and deflated, and after each
 * piece the job yields once its time slice is used up (scope.pause). A page of records rendered and deflated
 * in one go held every other request for tens of milliseconds (hundreds on a busy machine).
 */
export class TextEntry {
  private text = ''

  constructor(private scope: ExportScope, private entry: ZipEntry) {}

  static open(scope: ExportScope, file: string): TextEntry {
    return new TextEntry(scope, scope.zip.deflated(scope.dir + file))
  }

  async add(text: string): Promise<void> {
    this.text += text
    if (this.text.length < PIECE_CHARS) return
    await this.entry.write(this.text)
    this.text = ''
    await this.scope.pause()
  }

  async end(): Promise<void> {
    if (this.text.length > 0) await this.entry.write(this.text)
    this.text = ''
    await this.entry.end()
  }
}

/**
 * Streams one text file into the archive: `head`, then each record rendered, then `tail`. Returns the records
 * written. Every page-by-page format (CSV, bookmarks, OPML) goes through here.
 */
export async function writeTextFile<R>(
  scope: ExportScope, file: string, frame: { head: string; tail?: string }, pages: AsyncIterable<R[]>, render: (record: R) => string,
): Promise<number> {
  const out = TextEntry.open(scope, file)
  await out.add(frame.head)
  let count = 0
  for await (const page of pages) {
    for (const record of page) await out.add(render(record))
    count += page.length
  }
  if (frame.tail) await out.add(frame.tail)
  await out.end()
  return count
}

/** One CSV file (header row always), a page at a time; returns the rows written. */
export function writeCsvFile<R>(
  scope: ExportScope, file: string, header: readonly string[], pages: AsyncIterable<R[]>, row: (record: R) => readonly CsvValue[],
): Promise<number> {
  return writeTextFile(scope, file, { head: csvRow(header) }, pages, (record) => csvRow(row(record)))
}
