import { csvRow, type CsvValue } from '../csv'
import type { ExportScope } from '../scope'

/** Streams one CSV file (header row always) into the archive, a page at a time; returns the rows written. */
export async function writeCsvFile<R>(
  scope: ExportScope, file: string, header: readonly string[], pages: AsyncIterable<R[]>, row: (record: R) => readonly CsvValue[],
): Promise<number> {
  const entry = scope.zip.deflated(scope.dir + file)
  await entry.write(csvRow(header))
  let count = 0
  for await (const page of pages) {
    let text = ''
    for (const record of page) text += csvRow(row(record))
    count += page.length
    await entry.write(text)
  }
  await entry.end()
  return count
}
