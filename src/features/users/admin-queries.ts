import { and, count, eq, ne } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { fieldError } from '../../lib/errors'
import { users } from './schema'

/**
 * E-mail addresses are unique case-insensitively (docs/api/conventions.md §2.5); `exceptId` is the user being edited.
 */
export function isEmailTaken(deps: Pick<Deps, 'db'>, email: string, exceptId: string): boolean {
  return deps.db.select({ id: users.id }).from(users)
    .where(and(eq(users.emailKey, email.toLowerCase()), ne(users.id, exceptId))).get() !== undefined
}

export const emailTakenError = () => fieldError('email', 'The email has already been taken.')

export function superAdminCount(deps: { db: Pick<Deps['db'], 'select'> }): number {
  return deps.db.select({ n: count() }).from(users).where(eq(users.role, 'super_admin')).get()!.n
}
