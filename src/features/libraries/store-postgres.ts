import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm'
import { isPgUniqueViolation, type PgDb } from '../../lib/db/postgres/client'
import { indexLibraryItem, reindexLibraryItem, unindexLibraryItems } from '../search/library-docs-postgres'
import type { LibraryName } from './fields'
import { libraryItemsPg as t } from './schema-postgres'
import { DUPLICATE, type LibrariesStore, type ListFilter, type NewLibraryItem } from './store'

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0]

// SQLite's json_extract over the text column, in PostgreSQL's words: `->>` gives a field as text (JSON null and a
// missing key alike as SQL null). The due date compares bytes, as SQLite does, whatever the database's collation.
const dueAt = sql`(${t.data}::json ->> 'due_at') COLLATE "C"`
/** Not completed: `is_completed` missing, null or false (SQLite: coalesce(json_extract(…), 0) = 0). */
const isOpen = sql`coalesce(${t.data}::json ->> 'is_completed', 'false') IN ('false', '0')`
const byDueDate = [sql`${dueAt} IS NULL`, asc(dueAt), asc(t.createdAt), asc(t.id)]
const newestFirst = [desc(t.createdAt), desc(t.id)]

const isDuplicate = (err: unknown) => isPgUniqueViolation(err, 'library_items_dedupe_uq')

/**
 * The PostgreSQL engine's libraries store: drizzle's PostgreSQL dialect on the derived twin of the table. Each write
 * also writes the item's search document on the same transaction (search/library-docs-postgres.ts), as SQLite's
 * triggers do. Edits lock the item (and the item it links to) with `SELECT … FOR UPDATE` before the verb's plan
 * sees them, so concurrent edits take turns as SQLite's one writer makes them.
 */
export function postgresLibrariesStore(db: PgDb): LibrariesStore {
  const mine = (userId: string, library: LibraryName, id: string) => and(eq(t.userId, userId), eq(t.library, library), eq(t.id, id.toLowerCase()))
  const lockedItem = async (tx: Tx, userId: string, library: LibraryName, id: string) =>
    (await tx.select().from(t).where(mine(userId, library, id)).for('update'))[0]
  const insert = async (tx: Tx, userId: string, item: NewLibraryItem, now: number) => {
    const [row] = await tx.insert(t).values({ ...item, userId, createdAt: now, updatedAt: now }).returning()
    await indexLibraryItem(tx, row!)
    return row!
  }
  const remove = async (tx: Tx, userId: string, library: LibraryName, id: string) => {
    const gone = await tx.delete(t).where(mine(userId, library, id)).returning({ id: t.id })
    await unindexLibraryItems(tx, gone.map((row) => row.id))
    return gone.length > 0
  }
  const where = (userId: string, library: LibraryName, filter?: ListFilter) => and(
    eq(t.userId, userId), eq(t.library, library),
    filter?.status === 'open' ? isOpen : filter?.status === 'done' ? sql`NOT ${isOpen}` : undefined,
    filter?.dueUntil ? sql`${dueAt} <= ${filter.dueUntil}` : undefined,
  )

  return {
    // One statement: the window count gives the total with the page; a page past the end is counted apart.
    async list(userId, library, limit, offset, filter) {
      const matching = where(userId, library, filter)
      const page = await db.select({ ...getTableColumns(t), total: sql<number>`count(*) OVER ()`.mapWith(Number) }).from(t).where(matching)
        .orderBy(...(filter?.sort === 'due' ? byDueDate : newestFirst)).limit(limit).offset(offset)
      const total = page[0]?.total ?? (offset === 0 ? 0 : (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(t).where(matching))[0]!.n)
      return { rows: page.map(({ total: _, ...row }) => row), total }
    },
    all: (userId, library) => db.select().from(t).where(and(eq(t.userId, userId), eq(t.library, library))).orderBy(...newestFirst),
    openTodos: (userId) => db.select().from(t).where(and(eq(t.userId, userId), eq(t.library, 'todos'), isOpen)).orderBy(...byDueDate),
    get: async (userId, library, id) => (await db.select().from(t).where(mine(userId, library, id)))[0],
    hasDedupeKey: async (userId, library, dedupeKey) =>
      (await db.select({ id: t.id }).from(t).where(and(eq(t.userId, userId), eq(t.library, library), eq(t.dedupeKey, dedupeKey))).limit(1)).length > 0,

    async create(userId, item, now) {
      try {
        return await db.transaction((tx) => insert(tx, userId, item, now))
      } catch (err) {
        if (isDuplicate(err)) return DUPLICATE
        throw err
      }
    },

    async update(userId, library, id, now, plan, linkedId) {
      try {
        return await db.transaction(async (tx) => {
          const item = await lockedItem(tx, userId, library, id)
          if (!item) return undefined
          const link = linkedId?.(item)
          const edit = plan(item, link === undefined ? undefined : await lockedItem(tx, userId, library, link))
          if (!edit) return item
          if (edit.create) await insert(tx, userId, edit.create, now)
          if (edit.remove !== undefined) await remove(tx, userId, library, edit.remove)
          const [written] = await tx.update(t).set({ data: edit.data, dedupeKey: edit.dedupeKey, updatedAt: edit.updatedAt }).where(eq(t.id, item.id)).returning()
          await reindexLibraryItem(tx, item, written!)
          return written!
        })
      } catch (err) {
        if (isDuplicate(err)) return DUPLICATE
        throw err
      }
    },

    delete: (userId, library, id) => db.transaction((tx) => remove(tx, userId, library, id)),
  }
}
