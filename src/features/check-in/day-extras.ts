/** Joining an entry with its values and activities, the same way for both engines' stores. */
import type { CheckInRow } from './schema'
import type { CheckInDay } from './store'

export interface ValueRow { checkInId: number; trackerId: number; value: number }
export interface ActivityMark { checkInId: number; activityId: number }

/** `rows` with their values and activities (each list in any order; activities come out sorted by id). */
export function withExtras(rows: CheckInRow[], values: readonly ValueRow[], marks: readonly ActivityMark[]): CheckInDay[] {
  const days = new Map<number, CheckInDay>()
  const out = rows.map((row) => {
    const day: CheckInDay = { ...row, values: {}, activities: [] }
    days.set(row.id, day)
    return day
  })
  for (const v of values) {
    const day = days.get(v.checkInId)
    if (day) day.values[v.trackerId] = v.value
  }
  for (const m of marks) days.get(m.checkInId)?.activities.push(m.activityId)
  for (const day of out) if (day.activities.length > 1) day.activities.sort((a, b) => a - b)
  return out
}
