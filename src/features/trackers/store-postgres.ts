import { and, asc, count, eq, getTableName, max, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { isPgUniqueViolation, type PgDb } from '../../lib/db/postgres/client'
import { snapshotHandle } from '../../lib/db/stores'
import { activitiesPg, sportsPg, trackersPg } from './schema-postgres'
import type { DefinitionStore } from './store'

type DefinitionTable = typeof trackersPg | typeof activitiesPg | typeof sportsPg
interface Keyed { id: PgColumn; userId: PgColumn; position: PgColumn; createdAt: PgColumn }

/**
 * The PostgreSQL engine's definition store, the twin of store-sqlite.ts. A create locks the person's `users` row
 * first, so two concurrent creates count one after the other (READ COMMITTED would let both see the same count).
 */
function postgresDefinitionStore<T extends DefinitionTable>(db: PgDb, table: T): DefinitionStore<T['$inferSelect'], T['$inferInsert']> {
  const c = table as unknown as Keyed
  const tbl = table as typeof trackersPg
  const mine = (userId: string, id: number) => and(eq(c.userId, userId), eq(c.id, id))
  const nameTaken = (err: unknown) => isPgUniqueViolation(err, `${getTableName(table)}_user_name_uq`)
  return {
    list: async (userId, snapshot) => {
      const handle = snapshot ? snapshotHandle(snapshot, 'postgres') : db
      return await handle.select().from(tbl).where(eq(c.userId, userId)).orderBy(asc(c.position), asc(c.createdAt), asc(c.id)) as T['$inferSelect'][]
    },
    find: async (userId, id) => (await db.select().from(tbl).where(mine(userId, id)))[0] as T['$inferSelect'] | undefined,
    create: async (values, limit, journal) => {
      try {
        return await db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1 FROM users WHERE id = ${values.userId} FOR UPDATE`)
          const [totals] = await tx.select({ n: count(), last: max(c.position) }).from(tbl).where(eq(c.userId, values.userId))
          const { n, last } = totals as { n: number; last: unknown }
          if (n >= limit) return 'limit_reached' as const
          const [row] = await tx.insert(tbl).values({ ...values, position: Number(last ?? -1) + 1 } as typeof trackersPg.$inferInsert).returning()
          journal?.(row as T['$inferSelect'])
          return row as T['$inferSelect']
        })
      } catch (err) {
        if (nameTaken(err)) return 'name_taken'
        throw err
      }
    },
    update: async (userId, id, patch) => {
      try {
        return (await db.update(tbl).set(patch as Partial<typeof trackersPg.$inferInsert>).where(mine(userId, id)).returning())[0] as T['$inferSelect'] | undefined
      } catch (err) {
        if (nameTaken(err)) return 'name_taken'
        throw err
      }
    },
    remove: async (userId, id) => (await db.delete(tbl).where(mine(userId, id)).returning({ id: c.id })).length > 0,
  }
}

export const postgresTrackerStore = (db: PgDb) => postgresDefinitionStore(db, trackersPg)
export const postgresActivityStore = (db: PgDb) => postgresDefinitionStore(db, activitiesPg)
export const postgresSportStore = (db: PgDb) => postgresDefinitionStore(db, sportsPg)
