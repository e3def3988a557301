import type { Db } from '../../lib/db/client'
import type { ActivityMark, ValueRow } from './day-extras'
import type { SentExtras } from './store'
import { FIRST_DATE, LAST_DATE } from './queries'

// The statements of an entry's own-tracker values and activities (store-sqlite.ts), cached by bun:sqlite like
// queries.ts. A write names the entry's user, so an id of another person's tracker or activity writes nothing.

const RANGE_VALUES_SQL = `SELECT v.check_in_id, v.tracker_id, v.value
  FROM check_ins c JOIN check_in_values v ON v.check_in_id = c.id WHERE c.user_id = ?1 AND c.date >= ?2 AND c.date <= ?3`
const RANGE_MARKS_SQL = `SELECT m.check_in_id, m.activity_id
  FROM check_ins c JOIN check_in_activities m ON m.check_in_id = c.id WHERE c.user_id = ?1 AND c.date >= ?2 AND c.date <= ?3`
const ENTRY_VALUES_SQL = 'SELECT check_in_id, tracker_id, value FROM check_in_values WHERE check_in_id = ?1'
const ENTRY_MARKS_SQL = 'SELECT check_in_id, activity_id FROM check_in_activities WHERE check_in_id = ?1'

// Values and marks exist only for the user's own trackers and activities (the writes check the owner, the foreign keys
// cascade), so a person without any has none: two primary-key-prefix probes answer that, and the year list of most
// people skips the two joins over a year of entries.
const HAS_OWN_SQL = `SELECT EXISTS (SELECT 1 FROM trackers WHERE user_id = ?1) OR EXISTS (SELECT 1 FROM activities WHERE user_id = ?1) AS own`

/** Whether the user has trackers or activities of their own (and so may have values or marks). */
export function selectHasOwn(db: Db, userId: string): boolean {
  return db.$client.query<{ own: number }, [string]>(HAS_OWN_SQL).get(userId)!.own === 1
}

/** The values and activity marks of the user's entries in [from, to] (each bound optional, as selectCheckIns). */
export function selectRangeExtras(db: Db, userId: string, from?: string, to?: string): { values: ValueRow[]; marks: ActivityMark[] } {
  const range: [string, string, string] = [userId, from ?? FIRST_DATE, to ?? LAST_DATE]
  return {
    values: db.$client.query<unknown, [string, string, string]>(RANGE_VALUES_SQL).values(...range) as ValueRow[],
    marks: db.$client.query<unknown, [string, string, string]>(RANGE_MARKS_SQL).values(...range) as ActivityMark[],
  }
}

/** The values and activity marks of one entry. */
export function selectEntryExtras(db: Db, checkInId: number): { values: ValueRow[]; marks: ActivityMark[] } {
  return {
    values: db.$client.query<unknown, [number]>(ENTRY_VALUES_SQL).values(checkInId) as ValueRow[],
    marks: db.$client.query<unknown, [number]>(ENTRY_MARKS_SQL).values(checkInId) as ActivityMark[],
  }
}

const SET_VALUE_SQL = `INSERT INTO check_in_values (check_in_id, tracker_id, value)
  SELECT ?1, id, ?3 FROM trackers WHERE id = ?2 AND user_id = ?4
  ON CONFLICT (check_in_id, tracker_id) DO UPDATE SET value = excluded.value`
const CLEAR_VALUE_SQL = 'DELETE FROM check_in_values WHERE check_in_id = ?1 AND tracker_id = ?2'
const CLEAR_VALUES_SQL = 'DELETE FROM check_in_values WHERE check_in_id = ?1'
const CLEAR_MARKS_SQL = 'DELETE FROM check_in_activities WHERE check_in_id = ?1'
const ADD_MARK_SQL = `INSERT INTO check_in_activities (check_in_id, activity_id)
  SELECT ?1, id FROM activities WHERE id = ?2 AND user_id = ?3 ON CONFLICT DO NOTHING`

/** Writes the sent values and activities of the user's entry `checkInId` (inside the caller's transaction). */
export function writeEntryExtras(db: Db, userId: string, checkInId: number, extras: SentExtras): void {
  const run = (sql: string, ...params: (string | number)[]) => db.$client.query<unknown, (string | number)[]>(sql).run(...params)
  if (extras.values === null) run(CLEAR_VALUES_SQL, checkInId)
  for (const [trackerId, value] of extras.values ?? []) {
    if (value === null) run(CLEAR_VALUE_SQL, checkInId, trackerId)
    else run(SET_VALUE_SQL, checkInId, trackerId, value, userId)
  }
  if (extras.activities === undefined) return
  run(CLEAR_MARKS_SQL, checkInId)
  for (const activityId of extras.activities ?? []) run(ADD_MARK_SQL, checkInId, activityId, userId)
}
