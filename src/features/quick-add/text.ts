/** Small text helpers shared by detection, parsing and page metadata; lengths count code points. */

/** At most `max` code points of `value`. */
export function cut(value: string, max: number): string {
  if (value.length <= max) return value
  const points = [...value]
  return points.length <= max ? value : points.slice(0, max).join('')
}

/** White-space runs collapsed to one space, trimmed. */
export function collapse(value: string): string {
  return value.replace(/\s+/gu, ' ').trim()
}

/** The first non-empty line, trimmed (the note title of docs/api/quick-add.md §4). */
export function firstLine(value: string): string {
  return value.split(/\r\n|\r|\n/).map((line) => line.trim()).find((line) => line !== '') ?? ''
}
