/**
 * Reads and writes of library_items, always scoped to one user. Other features (chat bot, export, quick
 * add) use these instead of touching the table.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { changes } from '../../lib/db/client'
import { uuidv7 } from '../../lib/crypto'
import { libraryItems } from './schema'
import { presentLibraryItem, type LibraryItem, type LibraryItemRow } from './present'
import { withDefaults, type ItemData, type LibraryName } from './fields'

type Db = Pick<Deps, 'db'>

export function findLibraryItem(deps: Db, userId: string, library: LibraryName, itemId: string): LibraryItemRow | undefined {
  return deps.db.select().from(libraryItems).where(and(
    eq(libraryItems.userId, userId), eq(libraryItems.library, library), eq(libraryItems.id, itemId.toLowerCase()),
  )).get()
}

/** Which of a library's items a list shows, and in which order (docs/api/quick-add.md §9; to-dos only). */
export interface ListFilter {
  status: 'open' | 'done' | 'all'
  sort: 'created' | 'due'
  /** only to-dos due on or before this date (YYYY-MM-DD) */
  dueUntil: string | null
}

const dueAt = sql`json_extract(${libraryItems.data}, '$.due_at')`
const isCompleted = sql`coalesce(json_extract(${libraryItems.data}, '$.is_completed'), 0)`
/** Due date ascending with undated ones last, then oldest first (docs/api/chatbot.md §5.6). */
const byDueDate = [sql`${dueAt} IS NULL`, asc(dueAt), asc(libraryItems.createdAt), asc(libraryItems.id)]

/** One page of a library: newest first, then id descending; to-dos filtered and ordered as `filter` says. */
export function pageLibraryItems(deps: Db, userId: string, library: LibraryName, limit: number, offset: number, filter?: ListFilter) {
  const where = and(
    eq(libraryItems.userId, userId), eq(libraryItems.library, library),
    filter?.status === 'open' ? sql`${isCompleted} = 0` : filter?.status === 'done' ? sql`${isCompleted} <> 0` : undefined,
    filter?.dueUntil ? sql`${dueAt} <= ${filter.dueUntil}` : undefined,
  )
  const order = filter?.sort === 'due' ? byDueDate : [desc(libraryItems.createdAt), desc(libraryItems.id)]
  const rows = deps.db.select().from(libraryItems).where(where).orderBy(...order).limit(limit).offset(offset).all()
  const total = deps.db.select({ n: count() }).from(libraryItems).where(where).get()?.n ?? 0
  return { rows, total }
}

/** Writes an item's fields (all of them) and, for feeds, its URL key; `updatedAt` is the edit's time. */
export function updateLibraryRow(deps: Db, row: LibraryItemRow, data: ItemData, dedupeKey: string | null, updatedAt: number): LibraryItemRow {
  return deps.db.update(libraryItems).set({ data: JSON.stringify(withDefaults(row.library as LibraryName, data)), dedupeKey, updatedAt })
    .where(eq(libraryItems.id, row.id)).returning().get()!
}

export function deleteLibraryRow(deps: Db, userId: string, library: LibraryName, itemId: string): boolean {
  return changes(deps.db.delete(libraryItems).where(and(
    eq(libraryItems.userId, userId), eq(libraryItems.library, library), eq(libraryItems.id, itemId.toLowerCase()),
  )).run()) > 0
}

/** Inserts one item with every field of its library (defaults filled in); `dedupeKey` only for feeds. */
export function insertLibraryItem(
  deps: Pick<Deps, 'db' | 'clock'>, userId: string, library: LibraryName, data: ItemData, dedupeKey: string | null = null,
): LibraryItemRow {
  const now = deps.clock.now()
  return deps.db.insert(libraryItems).values({
    id: uuidv7(now), userId, library, data: JSON.stringify(withDefaults(library, data)), dedupeKey, createdAt: now, updatedAt: now,
  }).returning().get()
}

export function hasDedupeKey(deps: Db, userId: string, library: LibraryName, dedupeKey: string): boolean {
  return deps.db.select({ id: libraryItems.id }).from(libraryItems).where(and(
    eq(libraryItems.userId, userId), eq(libraryItems.library, library), eq(libraryItems.dedupeKey, dedupeKey),
  )).get() !== undefined
}

/** Open todos (is_completed false): due_at ascending, undated ones last, then created_at (docs/api/chatbot.md §5.6). */
export function listOpenTodos(deps: Db, userId: string): LibraryItem[] {
  return deps.db.select().from(libraryItems).where(and(
    eq(libraryItems.userId, userId), eq(libraryItems.library, 'todos'), sql`${isCompleted} = 0`,
  )).orderBy(...byDueDate).all().map(presentLibraryItem)
}

/** Every quote of the user, newest first (the your-day summary picks one at random). */
export function listQuotes(deps: Db, userId: string): LibraryItem[] {
  return deps.db.select().from(libraryItems).where(and(eq(libraryItems.userId, userId), eq(libraryItems.library, 'quotes')))
    .orderBy(desc(libraryItems.createdAt), desc(libraryItems.id)).all().map(presentLibraryItem)
}
