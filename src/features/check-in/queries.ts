import type { Db } from '../../lib/db/client'
import { rowShape } from '../../lib/db/row-shape'
import { checkIns, type CheckInRow } from './schema'
import type { ImportedCheckIn, TrackerValues } from './store'
import { TRACKERS } from './trackers'
import { importedSports } from './import-rule'

/** Every column, aliased to its drizzle property name, so raw rows have exactly the CheckInRow shape. */
const COLUMNS = rowShape(checkIns).columns

// Bounds that include every valid date, so one cached statement serves all four from/to combinations.
export const FIRST_DATE = '0000-00-00'
export const LAST_DATE = '9999-99-99'

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

/** The columns a post sets only when sent: the twelve trackers, the note and the further sports. */
const SENT_PROPS = [...TRACKERS.map((t) => t.prop), 'note', 'moreSports'] as const
type SentProp = (typeof SENT_PROPS)[number]

/**
 * One statement for every combination of trackers: a column not sent is inserted as null and, on conflict, kept
 * (`$<prop>_sent` = 0, or with `$fill` when it has a value), so the write stays a single INSERT … ON CONFLICT (user_id, date) DO UPDATE … RETURNING
 * while bun:sqlite caches one prepared statement. drizzle built and prepared the statement on every call: 60% of
 * an upsert's CPU time (bench/clipboard-check-in.ts, README "Performance").
 */
const UPSERT_SQL = `INSERT INTO check_ins (user_id, date, ${SENT_PROPS.map(col).join(', ')}, created_at, updated_at)
  VALUES ($user, $date, ${SENT_PROPS.map((p) => `$${p}`).join(', ')}, $now, $now)
  ON CONFLICT (user_id, date) DO UPDATE SET ${SENT_PROPS.map((p) => `${col(p)} = iif($${p}_sent AND ($fill = 0 OR ${col(p)} IS NULL), excluded.${col(p)}, ${col(p)})`).join(', ')},
    updated_at = excluded.updated_at
  RETURNING ${COLUMNS}`

/**
 * Creates the entry of (user, date) or sets the sent trackers (and note) on it — with `fill`, only those it has no
 * value for, in the same statement, so of two such writes the first one's value stays; the row as stored afterwards.
 */
export function upsertCheckInRow(db: Db, userId: string, date: string, sent: Partial<Record<SentProp, number | string | null>>, now: number, fill = false): CheckInRow {
  const params: Record<string, string | number | null> = { user: userId, date, now, fill: fill ? 1 : 0 }
  for (const prop of SENT_PROPS) {
    const given = prop in sent
    params[prop] = given ? sent[prop]! : null
    params[`${prop}_sent`] = given ? 1 : 0
  }
  return db.$client.query<CheckInRow, Record<string, string | number | null>>(UPSERT_SQL).get(params)!
}

const HAS_SQL = 'SELECT 1 AS found FROM check_ins WHERE user_id = ?1 AND date = ?2 LIMIT 1'

/** Whether the user has an entry for `date` (the unique index answers it). */
export function selectHasCheckIn(db: Db, userId: string, date: string): boolean {
  return db.$client.query<{ found: number }, [string, string]>(HAS_SQL).get(userId, date) !== null
}

const PAGE_SQL = `SELECT ${COLUMNS} FROM check_ins WHERE user_id = ?1 AND date > ?2 ORDER BY date LIMIT ?3`

/**
 * A page of the user's entries in date order after `afterDate` ('' sorts before every date, so one statement
 * serves the first page too). Positional parameters: the export's snapshot connection is not opened in strict mode.
 */
export function selectCheckInPage(db: Db, userId: string, afterDate: string | undefined, limit: number): CheckInRow[] {
  return db.$client.query<CheckInRow, [string, string, number]>(PAGE_SQL).all(userId, afterDate ?? '', limit)
}

// The import's statements (store-sqlite.ts runs them in its transaction): tens of thousands of calls per job,
// so each is one statement cached by bun:sqlite, with the trackers bound by position in TRACKERS' order.
const ON_DATE_SQL = `SELECT ${COLUMNS} FROM check_ins WHERE user_id = ?1 AND date = ?2`
const INSERT_SQL = `INSERT INTO check_ins (user_id, date, ${TRACKERS.map((t) => col(t.prop)).join(', ')}, note, more_sports, created_at, updated_at)
  VALUES (${Array.from({ length: TRACKERS.length + 6 }, (_, i) => `?${i + 1}`).join(', ')}) RETURNING id`
const SET_VALUES_SQL = `UPDATE check_ins SET ${TRACKERS.map((t, i) => `${col(t.prop)} = ?${i + 1}`).join(', ')}, updated_at = ?${TRACKERS.length + 1}
  WHERE id = ?${TRACKERS.length + 2} AND user_id = ?${TRACKERS.length + 3}`
/** The entry's text columns an import sets apart from the trackers, when its archive speaks of them. */
const TEXT_PROPS = ['note', 'moreSports'] as const
type TextProp = (typeof TEXT_PROPS)[number]
const SET_TEXT_SQL = Object.fromEntries(TEXT_PROPS.map((prop) => [prop, `UPDATE check_ins SET ${col(prop)} = ?1 WHERE id = ?2 AND user_id = ?3`])) as Record<TextProp, string>
const DELETE_SQL = 'DELETE FROM check_ins WHERE id = ?1 AND user_id = ?2'

type Param = string | number | null
const trackerParams = (values: TrackerValues): Param[] => TRACKERS.map((t) => values[t.prop])

/** The user's entry of `date`, if any. */
export function selectCheckInOn(db: Db, userId: string, date: string): CheckInRow | null {
  return db.$client.query<CheckInRow, [string, string]>(ON_DATE_SQL).get(userId, date)
}

/** Inserts an archive's entry as it was (its trackers, note, further sports and times); its new id. */
export function insertCheckInRow(db: Db, userId: string, entry: ImportedCheckIn): number {
  const params = [userId, entry.date, ...trackerParams(entry.values), entry.extras?.note ?? null, importedSports(entry) ?? null, entry.createdAt, entry.updatedAt]
  return db.$client.query<{ id: number }, Param[]>(INSERT_SQL).get(...params)!.id
}

/** Sets every tracker and `updated_at` of the user's entry `id`. */
export function setCheckInValues(db: Db, userId: string, id: number, values: TrackerValues, updatedAt: number): void {
  db.$client.query<unknown, Param[]>(SET_VALUES_SQL).run(...trackerParams(values), updatedAt, id, userId)
}

/** Sets the note, or the further sports (their stored JSON), of the user's entry `id`. */
export function setCheckInText(db: Db, userId: string, id: number, prop: TextProp, value: string | null): void {
  db.$client.query<unknown, Param[]>(SET_TEXT_SQL[prop]).run(value, id, userId)
}

/** Deletes the user's entry `id`. */
export function deleteCheckInRow(db: Db, userId: string, id: number): void {
  db.$client.query<unknown, [number, string]>(DELETE_SQL).run(id, userId)
}
