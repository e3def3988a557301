import type { Db } from '../../lib/db/client'
import { rowShape } from '../../lib/db/row-shape'
import { clipboardEntries, type ClipboardRow } from './schema'

/** Every column, aliased to its drizzle property name, so raw rows have exactly the ClipboardRow shape. */
const COLUMNS = rowShape(clipboardEntries).columns

/** One statement pair per filter, so each uses its own index: (user_id, created_at, id) or (user_id, type, created_at, id). */
function statements(filter: string) {
  return {
    count: `SELECT count(*) AS n FROM clipboard_entries WHERE ${filter}`,
    page: `SELECT ${COLUMNS} FROM clipboard_entries WHERE ${filter} ORDER BY created_at DESC, id DESC LIMIT $limit OFFSET $offset`,
  }
}
const ALL = statements('user_id = $user')
const BY_TYPE = statements('user_id = $user AND type = $type')

/**
 * One page of the user's entries, newest first, and the total. The clipboard page is a hot read path, so it
 * runs as statements cached by bun:sqlite: drizzle's per-call query building and row mapping cost more than
 * the queries themselves.
 */
export function selectClipboardPage(
  db: Db, userId: string, type: 'text' | 'image' | undefined, limit: number, offset: number,
): { rows: ClipboardRow[]; total: number } {
  const sql = type === undefined ? ALL : BY_TYPE
  const filter: Record<string, string> = type === undefined ? { user: userId } : { user: userId, type }
  const total = db.$client.query<{ n: number }, Record<string, string>>(sql.count).get(filter)?.n ?? 0
  if (offset >= total) return { rows: [], total }
  const rows = db.$client.query<ClipboardRow, Record<string, string | number>>(sql.page).all({ ...filter, limit, offset })
  return { rows, total }
}

const INSERT_TEXT_SQL = `INSERT INTO clipboard_entries (user_id, type, content, created_at, updated_at)
  VALUES ($user, 'text', $content, $now, $now) RETURNING ${COLUMNS}`

/** A new text entry, as stored; one cached statement (drizzle built and prepared it on every call). */
export function insertTextRow(db: Db, userId: string, content: string, now: number): ClipboardRow {
  return db.$client.query<ClipboardRow, Record<string, string | number>>(INSERT_TEXT_SQL).get({ user: userId, content, now })!
}

/** The export's pages in creation order, ties by id: one statement per filter and page (first, or after a cursor). */
function exportPage(filter: string) {
  const page = (where: string) => `SELECT ${COLUMNS} FROM clipboard_entries WHERE ${where} ORDER BY created_at, id LIMIT $limit`
  return {
    first: page(filter),
    next: page(`${filter} AND (created_at > $created OR (created_at = $created AND id > $id))`),
  }
}
const EXPORT_ALL = exportPage('user_id = $user')
const EXPORT_IMAGES = exportPage(`user_id = $user AND type = 'image'`)

/**
 * One page of an export (store.ts, pageByCreated) on the job's snapshot connection: statements cached by bun:sqlite
 * on that connection, where a drizzle query would prepare a new native statement for every page.
 */
export function selectClipboardExportPage(
  db: Db, userId: string, after: { createdAt: number; id: number } | undefined, limit: number, onlyImages: boolean,
): ClipboardRow[] {
  const sql = onlyImages ? EXPORT_IMAGES : EXPORT_ALL
  const query = db.$client.query<ClipboardRow, Record<string, string | number>>(after ? sql.next : sql.first)
  return query.all(after ? { user: userId, limit, created: after.createdAt, id: after.id } : { user: userId, limit })
}
