import { iso } from '../../lib/clock'
import type { CheckInDay } from './store'
import type { CheckInRow } from './schema'
import { readStoredList } from '../../lib/stored-json'

const isId = (v: unknown): v is number => typeof v === 'number'

/**
 * docs/api/check-in.md §6 — every sport of the day: `sports` (the one a client of the single field set) first, then
 * the others in the order sent. An older client may have set `sports` to one the list has too: it counts once.
 */
export function daySportIds(row: Pick<CheckInDay, 'sports' | 'moreSports'>): number[] {
  const more = row.moreSports === null ? [] : readStoredList(row.moreSports, isId) ?? []
  if (row.sports === null) return more
  return [row.sports, ...more.filter((id) => id !== row.sports)]
}

/** JSON text as it is to be written into an answer (list-json.ts copies it). */
export type JsonText = string & { readonly json: unique symbol }

/**
 * docs/api/check-in.md §1 — every tracker key is always present, null when it has no value; the person's own
 * values, activities and note follow the contract's keys (given as objects, or as the JSON text the row keeps).
 */
function presentEntry<V, A>(row: CheckInRow, values: V, activities: A) {
  return {
    id: row.id,
    date: row.date,
    mood: row.mood,
    sleep: row.sleep,
    dreams: row.dreams,
    food_quality: row.foodQuality,
    food_amount: row.foodAmount,
    water: row.water,
    sports: row.sports,
    work: row.work,
    menstruation: row.menstruation,
    alcohol: row.alcohol,
    smoking: row.smoking,
    social_life: row.socialLife,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    values,
    activities,
    sport_ids: daySportIds(row),
    note: row.note,
  }
}

/** An entry as the API answers it (the export and the day pass reuse it). */
export const presentCheckIn = (day: CheckInDay) => presentEntry(day, day.values, day.activities)

export type CheckInEntry = ReturnType<typeof presentCheckIn>

/**
 * The same entry with its values and activities as the JSON text its row keeps, for the list's hand-written
 * answer: a year's 365 entries are then written without reading or writing one value.
 */
export const presentStoredCheckIn = (row: CheckInRow) =>
  presentEntry(row, (row.valuesJson ?? '{}') as JsonText, (row.activitiesJson ?? '[]') as JsonText)

export type StoredCheckInEntry = ReturnType<typeof presentStoredCheckIn>
