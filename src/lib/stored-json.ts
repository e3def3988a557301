/** The items of a JSON array stored in a text column that pass `isItem`; undefined when the text is unreadable or not an array. */
export function readStoredList<T>(json: string, isItem: (value: unknown) => value is T): T[] | undefined {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter(isItem) : undefined
  } catch {
    return undefined
  }
}

/** The strings of a JSON array stored in a text column; undefined when the text is unreadable or not an array. */
export function readStringList(json: string): string[] | undefined {
  return readStoredList(json, (v): v is string => typeof v === 'string')
}
