/**
 * A strict reader of the export's CSV dialect (export.md 10.3, RFC 4180): comma separator, CRLF after every
 * row, quoted fields with doubled quotes. Anything else (a stray quote, a bare LF, an unterminated field, rows
 * of different widths) is not the export's CSV.
 */
export function parseCsv(text: string): string[][] | string {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let i = 0
  while (i < text.length) {
    let c = text[i]!
    if (c === '"' && field === '') {
      i++
      for (;;) {
        if (i >= text.length) return 'a quoted field is not closed'
        c = text[i]!
        if (c === '"') {
          if (text[i + 1] === '"') { field += '"'; i += 2; continue }
          i++
          break
        }
        field += c
        i++
      }
      c = text[i] ?? ''
      if (c !== ',' && c !== '\r') return `unexpected text after a quoted field in row ${rows.length + 1}`
    }
    if (c === ',') { row.push(field); field = ''; i++; continue }
    if (c === '\r') {
      if (text[i + 1] !== '\n') return `a row does not end with CRLF (row ${rows.length + 1})`
      row.push(field); rows.push(row); row = []; field = ''; i += 2
      continue
    }
    if (c === '"' || c === '\n') return `a stray ${c === '"' ? 'quote' : 'line feed'} in row ${rows.length + 1}`
    field += c
    i++
  }
  if (field !== '' || row.length > 0) return 'the last row does not end with CRLF'
  if (rows.length === 0) return 'the header row is missing'
  const width = rows[0]!.length
  const uneven = rows.findIndex((r) => r.length !== width)
  if (uneven >= 0) return `row ${uneven + 1} has ${rows[uneven]!.length} fields instead of ${width}`
  return rows
}
