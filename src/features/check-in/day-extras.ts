/** Joining an entry with its values and activities, the same way for both engines' stores. */
import type { CheckInRow } from './schema'
import type { CheckInDay, SentExtras, SentTrackers } from './store'

/** The `more_sports` column of a day's sports after `sports`: a JSON array, null when none. */
export const storedSports = (ids: readonly number[] | null | undefined): string | null => (ids?.length ? JSON.stringify(ids) : null)

/** The entry's columns a post sets: the sent trackers, and the note and further sports when sent (stored as JSON, null when none). */
export function sentColumns(sent: SentTrackers, extras: SentExtras): SentTrackers & { note?: string | null; moreSports?: string | null } {
  const columns: SentTrackers & { note?: string | null; moreSports?: string | null } = { ...sent }
  if ('note' in extras) columns.note = extras.note
  if ('moreSports' in extras) columns.moreSports = storedSports(extras.moreSports)
  return columns
}

/**
 * The entry with its values and activities as objects, read from the JSON text its row keeps (schema.ts, kept by
 * triggers): the row itself, by both engines, is all an entry is.
 */
export function withExtras(row: CheckInRow): CheckInDay {
  return {
    ...row,
    values: row.valuesJson === null ? {} : JSON.parse(row.valuesJson) as Record<number, number>,
    activities: row.activitiesJson === null ? [] : JSON.parse(row.activitiesJson) as number[],
  }
}
