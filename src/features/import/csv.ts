/**
 * A strict reader of the export's CSV dialect (export.md 10.3, RFC 4180): comma separator, CRLF after every
 * row, quoted fields with doubled quotes. Anything else (a stray quote, a bare LF, an unterminated field, rows
 * of different widths) is not the export's CSV. Fields are cut out with slices, never built a character at a
 * time: a clipboard.csv of several MB would otherwise leave hundreds of MB of garbage behind.
 */
const UNQUOTED_END = /[,\r"\n]/g

export function parseCsv(text: string): string[][] | string {
  const rows: string[][] = []
  let row: string[] = []
  let i = 0
  while (i < text.length) {
    let field: string
    if (text[i] === '"') {
      let value = ''
      let from = i + 1
      for (;;) {
        const quote = text.indexOf('"', from)
        if (quote === -1) return 'a quoted field is not closed'
        value += text.slice(from, quote)
        if (text[quote + 1] === '"') { value += '"'; from = quote + 2; continue }
        i = quote + 1
        break
      }
      field = value
      const next = text[i] ?? ''
      if (next !== ',' && next !== '\r') return `unexpected text after a quoted field in row ${rows.length + 1}`
    } else {
      UNQUOTED_END.lastIndex = i
      const end = UNQUOTED_END.exec(text)
      const stop = end ? end.index : text.length
      field = text.slice(i, stop)
      i = stop
      const next = text[i]
      if (next === '"' || next === '\n') return `a stray ${next === '"' ? 'quote' : 'line feed'} in row ${rows.length + 1}`
      if (next === undefined) return 'the last row does not end with CRLF'
    }
    row.push(field)
    if (text[i] === ',') { i++; continue }
    if (text[i + 1] !== '\n') return `a row does not end with CRLF (row ${rows.length + 1})`
    rows.push(row)
    row = []
    i += 2
  }
  if (row.length > 0) return 'the last row does not end with CRLF'
  if (rows.length === 0) return 'the header row is missing'
  const width = rows[0]!.length
  const uneven = rows.findIndex((r) => r.length !== width)
  if (uneven >= 0) return `row ${uneven + 1} has ${rows[uneven]!.length} fields instead of ${width}`
  return rows
}
