import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import { isUniqueViolation, type Db } from '../../lib/db/client'
import type { LibraryName } from './fields'
import { libraryItems as t } from './schema'
import { DUPLICATE, type LibrariesStore, type NewLibraryItem } from './store'

const dueAt = sql`json_extract(${t.data}, '$.due_at')`
const isCompleted = sql`coalesce(json_extract(${t.data}, '$.is_completed'), 0)`
/** Due date ascending with undated ones last, then oldest first (docs/api/chatbot.md §5.6). */
const byDueDate = [sql`${dueAt} IS NULL`, asc(dueAt), asc(t.createdAt), asc(t.id)]
const newestFirst = [desc(t.createdAt), desc(t.id)]

/**
 * `library_items_dedupe_uq`: SQLite names a unique index by its columns in the error (its own words, never
 * translated), where PostgreSQL gives the index's name in a field of its own (store-postgres.ts).
 */
const isDuplicate = (err: unknown) => isUniqueViolation(err, 'library_items.user_id, library_items.library, library_items.dedupe_key')

/**
 * The SQLite engine's libraries store: drizzle's query builder, as before the port (a library is a page of a few
 * dozen rows; no hot path here). The migration's triggers keep the search index in step with every write.
 */
export function sqliteLibrariesStore(db: Db): LibrariesStore {
  const mine = (userId: string, library: LibraryName, id: string) => and(eq(t.userId, userId), eq(t.library, library), eq(t.id, id.toLowerCase()))
  const find = (userId: string, library: LibraryName, id: string) => db.select().from(t).where(mine(userId, library, id)).get()
  const insert = (userId: string, item: NewLibraryItem, now: number) =>
    db.insert(t).values({ ...item, userId, createdAt: now, updatedAt: now }).returning().get()

  return {
    list: async (userId, library, limit, offset, filter) => {
      const where = and(
        eq(t.userId, userId), eq(t.library, library),
        filter?.status === 'open' ? sql`${isCompleted} = 0` : filter?.status === 'done' ? sql`${isCompleted} <> 0` : undefined,
        filter?.dueUntil ? sql`${dueAt} <= ${filter.dueUntil}` : undefined,
      )
      const rows = db.select().from(t).where(where).orderBy(...(filter?.sort === 'due' ? byDueDate : newestFirst)).limit(limit).offset(offset).all()
      const total = db.select({ n: count() }).from(t).where(where).get()?.n ?? 0
      return { rows, total }
    },
    all: async (userId, library) => db.select().from(t).where(and(eq(t.userId, userId), eq(t.library, library))).orderBy(...newestFirst).all(),
    openTodos: async (userId) =>
      db.select().from(t).where(and(eq(t.userId, userId), eq(t.library, 'todos'), sql`${isCompleted} = 0`)).orderBy(...byDueDate).all(),
    get: async (userId, library, id) => find(userId, library, id),
    hasDedupeKey: async (userId, library, dedupeKey) =>
      db.select({ id: t.id }).from(t).where(and(eq(t.userId, userId), eq(t.library, library), eq(t.dedupeKey, dedupeKey))).get() !== undefined,

    create: async (userId, item, now) => {
      try {
        return insert(userId, item, now)
      } catch (err) {
        if (isDuplicate(err)) return DUPLICATE
        throw err
      }
    },

    // One writer at a time (BEGIN IMMEDIATE): the item is read again inside, so a completion rolls over once.
    update: async (userId, library, id, now, plan, linkedId) => {
      try {
        return db.transaction(() => {
          const item = find(userId, library, id)
          if (!item) return undefined
          const link = linkedId?.(item)
          const edit = plan(item, link === undefined ? undefined : find(userId, library, link))
          if (!edit) return item
          if (edit.create) insert(userId, edit.create, now)
          if (edit.remove !== undefined) db.delete(t).where(mine(userId, library, edit.remove)).run()
          return db.update(t).set({ data: edit.data, dedupeKey: edit.dedupeKey, updatedAt: edit.updatedAt }).where(eq(t.id, item.id)).returning().get()!
        }, { behavior: 'immediate' })
      } catch (err) {
        if (isDuplicate(err)) return DUPLICATE
        throw err
      }
    },

    delete: async (userId, library, id) => db.delete(t).where(mine(userId, library, id)).returning({ id: t.id }).all().length > 0,
  }
}
