/**
 * The CSV dialect of docs/api/export.md §10.3 (RFC 4180): comma separator, CRLF after every row (the last one too), a
 * field quoted when it holds a comma, a quote, CR or LF, quotes doubled. null → empty, booleans → Yes / No,
 * arrays (tags) joined with ", ".
 *
 * Text cells are the user's (and their friends') own words, and a spreadsheet opening the file would run one
 * that starts like a formula (`=HYPERLINK(…)` as a friend's name). Following OWASP's CSV-injection advice, a
 * text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, which spreadsheets
 * show as text; so does one that already starts with `'`, so that the rule is reversed by dropping one leading
 * `'` from any cell (CSV_TEXT_RULE, written into the manifest). Numbers are never touched.
 */
export type CsvValue = string | number | boolean | null | undefined | readonly string[]

const STARTS_LIKE_FORMULA = /^[=+\-@\t\r']/

/** The rule in words, for the archive's own notes (manifest.json) and the README. */
export const CSV_TEXT_RULE = 'CSV files: a text cell that starts with =, +, -, @, a tab, a carriage return or \' is written with '
  + 'one more \' in front, so that a spreadsheet shows it as text and never runs it as a formula. To get the original '
  + 'text back, drop one leading \' from every cell that starts with one. Numbers are written as they are; data.json '
  + 'holds every value unchanged.'

/** A text cell as written: prefixed with `'` when a spreadsheet would read it as a formula, or when it starts with `'`. */
export function csvText(text: string): string {
  return STARTS_LIKE_FORMULA.test(text) ? `'${text}` : text
}

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  const text = typeof value === 'number' ? String(value) : csvText(typeof value === 'string' ? value : value.join(', '))
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',') + '\r\n'
}
