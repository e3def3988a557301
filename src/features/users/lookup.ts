import { eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { NotFoundError } from '../../lib/errors'
import { users, type UserRow } from './schema'

/** The user named by a path id (compared case-insensitively; its route declares it a UUID), or 404. */
export function findUserOr404(deps: Pick<Deps, 'db'>, id: string): UserRow {
  const user = deps.db.select().from(users).where(eq(users.id, id.toLowerCase())).get()
  if (!user) throw new NotFoundError()
  return user
}

/** Writes columns of one user row and bumps `updated_at`. */
export function saveUserColumns(deps: Pick<Deps, 'db' | 'clock'>, userId: string, patch: Partial<typeof users.$inferInsert>): void {
  deps.db.update(users).set({ ...patch, updatedAt: deps.clock.now() }).where(eq(users.id, userId)).run()
}
