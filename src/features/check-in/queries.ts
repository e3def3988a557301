import { getTableColumns } from 'drizzle-orm'
import type { Db } from '../../lib/db/client'
import { checkIns, type CheckInRow } from './schema'
import { TRACKERS, type TrackerProp } from './trackers'

/** Every column, aliased to its drizzle property name, so raw rows have exactly the CheckInRow shape. */
const COLUMNS = Object.entries(getTableColumns(checkIns)).map(([prop, col]) => `"${col.name}" AS "${prop}"`).join(', ')

// Bounds that include every valid date, so one cached statement serves all four from/to combinations.
const FIRST_DATE = '0000-00-00'
const LAST_DATE = '9999-99-99'

const LIST_SQL = `SELECT ${COLUMNS} FROM check_ins WHERE user_id = ?1 AND date >= ?2 AND date <= ?3 ORDER BY date DESC`

/**
 * The user's entries in [from, to], newest date first (served by the (user_id, date) unique index).
 * The list is the hot read path of the check-in screen (a year is 365 rows), so it runs as a statement cached
 * by bun:sqlite: drizzle's per-call query building and per-cell row mapping more than double its cost.
 */
export function selectCheckIns(db: Db, userId: string, from?: string, to?: string): CheckInRow[] {
  return db.$client.query<CheckInRow, [string, string, string]>(LIST_SQL).all(userId, from ?? FIRST_DATE, to ?? LAST_DATE)
}

const col = (prop: keyof CheckInRow) => `"${checkIns[prop].name}"`

/**
 * One statement for every combination of trackers: a tracker not sent is inserted as null and, on conflict, kept
 * (`$<prop>_sent` = 0), so the write stays a single INSERT … ON CONFLICT (user_id, date) DO UPDATE … RETURNING
 * while bun:sqlite caches one prepared statement. drizzle built and prepared the statement on every call: 60% of
 * an upsert's CPU time (bench/clipboard-check-in.ts, README "Performance").
 */
const UPSERT_SQL = `INSERT INTO check_ins (user_id, date, ${TRACKERS.map((t) => col(t.prop)).join(', ')}, created_at, updated_at)
  VALUES ($user, $date, ${TRACKERS.map((t) => `$${t.prop}`).join(', ')}, $now, $now)
  ON CONFLICT (user_id, date) DO UPDATE SET ${TRACKERS.map((t) => `${col(t.prop)} = iif($${t.prop}_sent, excluded.${col(t.prop)}, ${col(t.prop)})`).join(', ')},
    updated_at = excluded.updated_at
  RETURNING ${COLUMNS}`

/** Creates the entry of (user, date) or sets the sent trackers on it; the row as stored afterwards. */
export function upsertCheckInRow(db: Db, userId: string, date: string, sent: Partial<Record<TrackerProp, number | null>>, now: number): CheckInRow {
  const params: Record<string, string | number | null> = { user: userId, date, now }
  for (const t of TRACKERS) {
    const given = t.prop in sent
    params[t.prop] = given ? sent[t.prop]! : null
    params[`${t.prop}_sent`] = given ? 1 : 0
  }
  return db.$client.query<CheckInRow, Record<string, string | number | null>>(UPSERT_SQL).get(params)!
}

const HAS_SQL = 'SELECT 1 AS found FROM check_ins WHERE user_id = ?1 AND date = ?2 LIMIT 1'

/** Whether the user has an entry for `date` (the unique index answers it). */
export function selectHasCheckIn(db: Db, userId: string, date: string): boolean {
  return db.$client.query<{ found: number }, [string, string]>(HAS_SQL).get(userId, date) !== null
}
