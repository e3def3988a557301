import { iso } from '../../lib/clock'
import type { CheckInDay } from './store'

/**
 * docs/api/check-in.md §1 — every tracker key is always present, null when it has no value; the person's own
 * values, activities and note follow the contract's keys. Reused by the export.
 */
export function presentCheckIn(row: CheckInDay) {
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
    values: row.values,
    activities: row.activities,
    note: row.note,
  }
}

export type CheckInEntry = ReturnType<typeof presentCheckIn>
