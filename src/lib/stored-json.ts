/** The strings of a JSON array stored in a text column; undefined when the text is unreadable or not an array. */
export function readStringList(json: string): string[] | undefined {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined
  } catch {
    return undefined
  }
}
