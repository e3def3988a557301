import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { PgDb } from '../../lib/db/postgres/client'
import { sharesPg as shares } from './schema-postgres'
import type { ShareStore } from './store'

const live = (now: number) => and(isNull(shares.revokedAt), gt(shares.expiresAt, now))

/**
 * The PostgreSQL engine's share store, the twin of store-sqlite.ts. A create locks the person's `users` row first,
 * so two concurrent creates count one after the other (READ COMMITTED would let both see the same count).
 */
export function postgresShareStore(db: PgDb): ShareStore {
  return {
    create: async (values, limit) =>
      await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1 FROM users WHERE id = ${values.userId} FOR UPDATE`)
        const [{ n }] = await tx.select({ n: count() }).from(shares).where(and(eq(shares.userId, values.userId), live(values.createdAt))) as [{ n: number }]
        if (n >= limit) return 'limit_reached' as const
        return (await tx.insert(shares).values(values).returning())[0]!
      }),
    list: async (userId) =>
      await db.select().from(shares).where(and(eq(shares.userId, userId), isNull(shares.revokedAt))).orderBy(desc(shares.createdAt), desc(shares.id)),
    revoke: async (userId, id, now) =>
      (await db.update(shares).set({ revokedAt: now }).where(and(eq(shares.userId, userId), eq(shares.id, id), isNull(shares.revokedAt)))
        .returning({ id: shares.id })).length > 0,
    open: async (tokenHash, now) => {
      const [opened] = await db.update(shares).set({ accessCount: sql`${shares.accessCount} + 1`, lastAccessedAt: now })
        .where(and(eq(shares.tokenHash, tokenHash), live(now))).returning()
      if (opened) return { share: opened, live: true }
      const [share] = await db.select().from(shares).where(eq(shares.tokenHash, tokenHash))
      return share && { share, live: false }
    },
    prune: async (before) =>
      (await db.delete(shares).where(or(lt(shares.expiresAt, before), lt(shares.revokedAt, before))).returning({ id: shares.id })).length,
  }
}
