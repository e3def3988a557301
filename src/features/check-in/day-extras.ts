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
 * A value as [check-in id, tracker id, value] and a mark as [check-in id, activity id]: tuples, because a year of
 * five trackers is 1,825 rows, and bun:sqlite builds an array per row several times faster than an object.
 */
export type ValueRow = [checkInId: number, trackerId: number, value: number]
export type ActivityMark = [checkInId: number, activityId: number]

/** `rows` with their values and activities (each list in any order; activities come out sorted by id). */
export function withExtras(rows: CheckInRow[], values: readonly ValueRow[], marks: readonly ActivityMark[]): CheckInDay[] {
  const days = new Map<number, CheckInDay>()
  const out = rows.map((row) => {
    const day: CheckInDay = { ...row, values: {}, activities: [] }
    days.set(row.id, day)
    return day
  })
  for (const [checkInId, trackerId, value] of values) {
    const day = days.get(checkInId)
    if (day) day.values[trackerId] = value
  }
  for (const [checkInId, activityId] of marks) days.get(checkInId)?.activities.push(activityId)
  for (const day of out) if (day.activities.length > 1) day.activities.sort((a, b) => a - b)
  return out
}
