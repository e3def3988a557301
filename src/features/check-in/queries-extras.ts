import type { Db } from '../../lib/db/client'
import type { SentExtras } from './store'

// The statements writing an entry's own-tracker values and activities (store-sqlite.ts), cached by bun:sqlite like
// queries.ts. A write names the entry's user, so an id of another person's tracker or activity writes nothing.
// Triggers keep the entry's row's JSON of them in step (schema.ts, `values_json`), which is what is read.

const SET_VALUE_SQL = `INSERT INTO check_in_values (check_in_id, tracker_id, value)
  SELECT ?1, id, ?3 FROM trackers WHERE id = ?2 AND user_id = ?4
  ON CONFLICT (check_in_id, tracker_id) DO UPDATE SET value = iif(?5, value, excluded.value)`
const CLEAR_VALUE_SQL = 'DELETE FROM check_in_values WHERE check_in_id = ?1 AND tracker_id = ?2'
const CLEAR_VALUES_SQL = 'DELETE FROM check_in_values WHERE check_in_id = ?1'
const CLEAR_MARKS_SQL = 'DELETE FROM check_in_activities WHERE check_in_id = ?1'
const ADD_MARK_SQL = `INSERT INTO check_in_activities (check_in_id, activity_id)
  SELECT ?1, id FROM activities WHERE id = ?2 AND user_id = ?3 ON CONFLICT DO NOTHING`

/**
 * Writes the sent values and activities of the user's entry `checkInId` (inside the caller's transaction); with
 * `fill`, a value the day has already stays.
 */
export function writeEntryExtras(db: Db, userId: string, checkInId: number, extras: SentExtras, fill = false): void {
  const run = (sql: string, ...params: (string | number)[]) => db.$client.query<unknown, (string | number)[]>(sql).run(...params)
  if (extras.values === null) run(CLEAR_VALUES_SQL, checkInId)
  for (const [trackerId, value] of extras.values ?? []) {
    if (value === null) run(CLEAR_VALUE_SQL, checkInId, trackerId)
    else run(SET_VALUE_SQL, checkInId, trackerId, value, userId, fill ? 1 : 0)
  }
  if (extras.activities === undefined) return
  run(CLEAR_MARKS_SQL, checkInId)
  for (const activityId of extras.activities ?? []) run(ADD_MARK_SQL, checkInId, activityId, userId)
}
