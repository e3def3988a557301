import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../lib/db/client'
import { shares } from './schema'
import type { ShareStore } from './store'

const live = (now: number) => and(isNull(shares.revokedAt), gt(shares.expiresAt, now))

/** The SQLite engine's share store. A person has a handful of links, opened now and then: drizzle's builder is fine. */
export function sqliteShareStore(db: Db): ShareStore {
  return {
    create: async (values, limit) =>
      // BEGIN IMMEDIATE: the count and the insert see no other writer in between.
      db.transaction(() => {
        const { n } = db.select({ n: count() }).from(shares).where(and(eq(shares.userId, values.userId), live(values.createdAt))).get()!
        if (n >= limit) return 'limit_reached' as const
        return db.insert(shares).values(values).returning().get()
      }, { behavior: 'immediate' }),
    list: async (userId) =>
      db.select().from(shares).where(and(eq(shares.userId, userId), isNull(shares.revokedAt))).orderBy(desc(shares.createdAt), desc(shares.id)).all(),
    revoke: async (userId, id, now) =>
      db.update(shares).set({ revokedAt: now }).where(and(eq(shares.userId, userId), eq(shares.id, id), isNull(shares.revokedAt)))
        .returning({ id: shares.id }).all().length > 0,
    open: async (tokenHash, now) => {
      const opened = db.update(shares).set({ accessCount: sql`${shares.accessCount} + 1`, lastAccessedAt: now })
        .where(and(eq(shares.tokenHash, tokenHash), live(now))).returning().get()
      if (opened) return { share: opened, live: true }
      const share = db.select().from(shares).where(eq(shares.tokenHash, tokenHash)).get()
      return share && { share, live: false }
    },
    prune: async (before) =>
      db.delete(shares).where(or(lt(shares.expiresAt, before), lt(shares.revokedAt, before))).returning({ id: shares.id }).all().length,
  }
}
