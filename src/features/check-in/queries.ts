import { getTableColumns } from 'drizzle-orm'
import type { Db } from '../../lib/db/client'
import { checkIns, type CheckInRow } from './schema'

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
