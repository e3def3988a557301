/**
 * The `due:` token of a quick-add text (docs/api/quick-add.md §5), read and written for the date picker: the text
 * stays what is sent, so the picker and a typed keyword are one and the same and detection shows the result.
 */

/** The first `due:` token (a token starts the text or follows white space), with its value. */
const DUE_TOKEN = /(^|\s)due:(\S*)/i
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** The date the first `due:` token names when it is written YYYY-MM-DD (trailing punctuation ignored), else ''. */
export function isoDueIn(text: string): string {
  const value = DUE_TOKEN.exec(text)?.[2]?.replace(/[.,;:!?)]+$/, '') ?? ''
  return ISO_DATE.test(value) ? value : ''
}

/** Whether the text has a `due:` token at all (whatever its value). */
export const hasDueToken = (text: string): boolean => DUE_TOKEN.test(text)

/**
 * The text with its first `due:` token replaced by `due:{date}`, or `due:{date}` added at its end when it has none;
 * an empty `date` takes the token out.
 */
export function withDueDate(text: string, date: string): string {
  const m = DUE_TOKEN.exec(text)
  if (!m) return date === '' ? text : `${text.trimEnd()}${text.trim() === '' ? '' : ' '}due:${date}`
  const before = text.slice(0, m.index)
  const after = text.slice(m.index + m[0].length)
  if (date !== '') return `${before}${m[1]}due:${date}${after}`
  return before === '' ? after.trimStart() : before + after
}
