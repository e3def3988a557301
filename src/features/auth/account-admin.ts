/** Account maintenance for operators (`daybook user …`, docs/configuration.md §3): no HTTP, no actor, by e-mail. */
import { asc, eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { users, type UserRow } from '../users/schema'
import { accessTokens, passwordResetTokens } from './schema'
import { findUserByEmail } from './accounts'
import { hashPassword } from '../../lib/passwords'
import { deleteVerificationToken } from './one-time-tokens'

export class UnknownAccountError extends Error {
  constructor(email: string) { super(`no account with the e-mail address ${email}`) }
}

/** Marks the account verified and drops its verification token; returns false when it already was verified. */
export function markAccountVerified(deps: Pick<Deps, 'db' | 'clock'>, email: string): boolean {
  const user = findUserByEmail(deps, email)
  if (!user) throw new UnknownAccountError(email)
  const now = deps.clock.now()
  deps.db.transaction((tx) => {
    if (user.emailVerifiedAt === null) tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id)).run()
    deleteVerificationToken(tx, user.id)
  })
  return user.emailVerifiedAt === null
}

/** A new password (already validated by the caller); every session and any reset token of the user ends. */
export async function setAccountPassword(deps: Pick<Deps, 'db' | 'clock' | 'config'>, email: string, password: string): Promise<UserRow> {
  const user = findUserByEmail(deps, email)
  if (!user) throw new UnknownAccountError(email)
  const passwordHash = await hashPassword(deps, password)
  const now = deps.clock.now()
  deps.db.transaction((tx) => {
    tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id)).run()
    tx.delete(accessTokens).where(eq(accessTokens.userId, user.id)).run()
    tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).run()
  }, { behavior: 'immediate' })
  return user
}

/** Every account, oldest first. */
export function listAccounts(deps: Pick<Deps, 'db'>): UserRow[] {
  return deps.db.select().from(users).orderBy(asc(users.createdAt), asc(users.id)).all()
}
