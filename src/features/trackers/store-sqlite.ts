import { and, asc, count, eq, getTableName, max } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { isUniqueViolation, type Db } from '../../lib/db/client'
import { snapshotHandle } from '../../lib/db/stores'
import { activities, sports, trackers } from './schema'
import type { DefinitionStore } from './store'

/** What the definition tables have, so one implementation serves trackers, activities and sports. */
type DefinitionTable = typeof trackers | typeof activities | typeof sports
interface Keyed { id: SQLiteColumn; userId: SQLiteColumn; position: SQLiteColumn; createdAt: SQLiteColumn; nameKey: SQLiteColumn }

/**
 * The SQLite engine's definition store. Definitions are a few dozen rows per person, read once per page, so
 * drizzle's query builder is fine here (the hot path is the check-in list, which reads values, not definitions).
 */
function sqliteDefinitionStore<T extends DefinitionTable>(db: Db, table: T): DefinitionStore<T['$inferSelect'], T['$inferInsert']> {
  const c = table as unknown as Keyed
  const tbl = table as typeof trackers
  const mine = (userId: string, id: number) => and(eq(c.userId, userId), eq(c.id, id))
  const nameTaken = (err: unknown) => isUniqueViolation(err, `${getTableName(table)}.name_key`)
  return {
    list: async (userId, snapshot) => {
      const handle = snapshot ? snapshotHandle(snapshot, 'sqlite') : db
      return handle.select().from(tbl).where(eq(c.userId, userId)).orderBy(asc(c.position), asc(c.createdAt), asc(c.id)).all() as T['$inferSelect'][]
    },
    find: async (userId, id) => db.select().from(tbl).where(mine(userId, id)).get() as T['$inferSelect'] | undefined,
    create: async (values, limit, journal) => {
      try {
        // BEGIN IMMEDIATE: the count and the insert see no other writer in between.
        return db.transaction(() => {
          const { n, last } = db.select({ n: count(), last: max(c.position) }).from(tbl).where(eq(c.userId, values.userId)).get() as { n: number; last: number | null }
          if (n >= limit) return 'limit_reached' as const
          const row = db.insert(tbl).values({ ...values, position: (last ?? -1) + 1 } as typeof trackers.$inferInsert).returning().get() as T['$inferSelect']
          journal?.(row)
          return row
        }, { behavior: 'immediate' })
      } catch (err) {
        if (nameTaken(err)) return 'name_taken'
        throw err
      }
    },
    update: async (userId, id, patch) => {
      try {
        return db.update(tbl).set(patch as Partial<typeof trackers.$inferInsert>).where(mine(userId, id)).returning().get() as T['$inferSelect'] | undefined
      } catch (err) {
        if (nameTaken(err)) return 'name_taken'
        throw err
      }
    },
    remove: async (userId, id) => db.delete(tbl).where(mine(userId, id)).returning({ id: c.id }).all().length > 0,
  }
}

export const sqliteTrackerStore = (db: Db) => sqliteDefinitionStore(db, trackers)
export const sqliteActivityStore = (db: Db) => sqliteDefinitionStore(db, activities)
export const sqliteSportStore = (db: Db) => sqliteDefinitionStore(db, sports)
