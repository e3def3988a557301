/**
 * A strict, incremental checker of the export's CSV dialect (README "Export", RFC 4180): comma separator, CRLF
 * after every row, quoted fields with doubled quotes. Anything else (a stray quote, a bare LF, an unterminated
 * field, rows of different widths) is not the export's CSV. The import needs only the shape and the row count
 * (the values come from data.json), so the text is fed in pieces as it is inflated and nothing is kept but the
 * current field's length: a 32 MiB field is refused once it passes `maxFieldChars`, not after it is read.
 */
export class CsvError extends Error {}

type State = 'field' | 'unquoted' | 'quoted' | 'quote' | 'after-quoted' | 'cr'

const UNQUOTED_END = /[,\r"\n]/g

export class CsvShape {
  /** complete rows so far, the header included */
  rows = 0
  private width = -1
  private fields = 0
  private fieldChars = 0
  private state: State = 'field'

  constructor(private readonly maxFieldChars: number) {}

  /** Checks the next piece of text; throws CsvError with the first problem. */
  push(text: string): void {
    let i = 0
    while (i < text.length) {
      switch (this.state) {
        case 'field':
          if (text[i] === '"') { this.state = 'quoted'; i++ } else this.state = 'unquoted'
          this.fieldChars = 0
          break
        case 'unquoted': {
          UNQUOTED_END.lastIndex = i
          const end = UNQUOTED_END.exec(text)
          const stop = end ? end.index : text.length
          this.grow(stop - i)
          i = stop
          if (!end) break
          if (end[0] === '"' || end[0] === '\n') this.fail(`a stray ${end[0] === '"' ? 'quote' : 'line feed'} in row ${this.rows + 1}`)
          i = this.endField(text, i)
          break
        }
        case 'quoted': {
          const quote = text.indexOf('"', i)
          const stop = quote === -1 ? text.length : quote
          this.grow(stop - i)
          i = stop
          if (quote !== -1) { this.state = 'quote'; i++ }
          break
        }
        case 'quote':
          // `""` is a quote inside the field; anything else closed it
          if (text[i] === '"') { this.grow(1); this.state = 'quoted'; i++ } else this.state = 'after-quoted'
          break
        case 'after-quoted':
          if (text[i] !== ',' && text[i] !== '\r') this.fail(`unexpected text after a quoted field in row ${this.rows + 1}`)
          i = this.endField(text, i)
          break
        case 'cr':
          if (text[i] !== '\n') this.fail(`a row does not end with CRLF (row ${this.rows + 1})`)
          this.endRow()
          i++
          break
      }
    }
  }

  /** After the last piece: the row count, header included. */
  end(): number {
    if (this.state === 'quoted') this.fail('a quoted field is not closed')
    if (this.state !== 'field' || this.fields > 0) this.fail('the last row does not end with CRLF')
    if (this.rows === 0) this.fail('the header row is missing')
    return this.rows
  }

  private grow(chars: number): void {
    this.fieldChars += chars
    if (this.fieldChars > this.maxFieldChars) this.fail(`a field in row ${this.rows + 1} is longer than any value daybook accepts`)
  }

  /** At the `,` or `\r` that ends a field. */
  private endField(text: string, i: number): number {
    this.fields++
    this.state = text[i] === ',' ? 'field' : 'cr'
    return i + 1
  }

  private endRow(): void {
    if (this.width === -1) this.width = this.fields
    else if (this.fields !== this.width) this.fail(`row ${this.rows + 1} has ${this.fields} fields instead of ${this.width}`)
    this.rows++
    this.fields = 0
    this.state = 'field'
  }

  private fail(message: string): never {
    throw new CsvError(message)
  }
}
