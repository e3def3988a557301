import { csvRow, type CsvValue } from '../csv'
import type { ExportScope } from '../scope'

/**
 * Streams one text file into the archive: `head`, then each record rendered a page at a time, then `tail`.
 * Returns the records written. Every page-by-page format (CSV, bookmarks, OPML) goes through here.
 */
export async function writeTextFile<R>(
  scope: ExportScope, file: string, frame: { head: string; tail?: string }, pages: AsyncIterable<R[]>, render: (record: R) => string,
): Promise<number> {
  const entry = scope.zip.deflated(scope.dir + file)
  await entry.write(frame.head)
  let count = 0
  for await (const page of pages) {
    let text = ''
    for (const record of page) text += render(record)
    count += page.length
    await entry.write(text)
  }
  if (frame.tail) await entry.write(frame.tail)
  await entry.end()
  return count
}

/** One CSV file (header row always), a page at a time; returns the rows written. */
export function writeCsvFile<R>(
  scope: ExportScope, file: string, header: readonly string[], pages: AsyncIterable<R[]>, row: (record: R) => readonly CsvValue[],
): Promise<number> {
  return writeTextFile(scope, file, { head: csvRow(header) }, pages, (record) => csvRow(row(record)))
}
