/**
 * The CSV dialect of export.md 10.3 (RFC 4180): comma separator, CRLF after every row (the last one too), a
 * field quoted when it holds a comma, a quote, CR or LF, quotes doubled. null → empty, booleans → Yes / No,
 * arrays (tags) joined with ", ". Values are written verbatim: no spreadsheet-formula escaping.
 */
export type CsvValue = string | number | boolean | null | undefined | readonly string[]

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : value.join(', ')
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',') + '\r\n'
}
