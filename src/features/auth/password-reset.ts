import { and, eq, lte } from 'drizzle-orm'
import type { Unchecked } from '../../lib/validation'
import type { Deps } from '../../lib/deps'
import { changes } from '../../lib/db/client'
import { UnauthenticatedError } from '../../lib/errors'
import { digestEquals, sha256Hex } from '../../lib/crypto'
import { users } from '../users/schema'
import { accessTokens, passwordResetTokens } from './schema'
import { findUserByEmail } from './accounts'
import { EmailBody, ResetPasswordBody } from './model'
import { hashPassword } from '../../lib/passwords'
import { sendPasswordResetMail } from './mails'
import { deleteVerificationToken, RESET_TOKEN_TTL, storeResetToken } from './one-time-tokens'

/**
 * docs/api/auth.md §3.6: a new reset token replaces any earlier one; the answer never says whether the account exists.
 */
export function requestPasswordReset(deps: Deps, body: Unchecked<typeof EmailBody>): void {
  const input = EmailBody.validate(body)
  const user = findUserByEmail(deps, input.email)
  if (!user) return
  const token = deps.db.transaction((tx) => storeResetToken(tx, user.id, deps.clock.now()))
  sendPasswordResetMail(deps, user, user.language, token, input.platform ?? 'web')
}

const invalidResetToken = () => new UnauthenticatedError('invalid_reset_token', 'This reset link is invalid.', ['invalid_token'])

/**
 * docs/api/auth.md §3.7. The token is checked before the (slow) hashing and a failed attempt leaves it in place;
 * the write deletes it only if it is still the one that was checked, so it works once even under races.
 * Success revokes every access token and marks the mailbox as proven.
 */
export async function resetPassword(deps: Deps, body: Unchecked<typeof ResetPasswordBody>): Promise<void> {
  const input = ResetPasswordBody.validate(body)
  const user = findUserByEmail(deps, input.email)
  const stored = user && deps.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).get()
  const digest = sha256Hex(input.token)
  if (!user || !stored || !digestEquals(stored.tokenHash, digest) || deps.clock.now() - stored.createdAt >= RESET_TOKEN_TTL) {
    throw invalidResetToken()
  }
  const passwordHash = await hashPassword(deps, input.password)
  const now = deps.clock.now()
  deps.db.transaction((tx) => {
    const used = tx.delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), eq(passwordResetTokens.tokenHash, stored.tokenHash))).run()
    if (changes(used) === 0) throw invalidResetToken()
    tx.update(users).set({ passwordHash, updatedAt: now, emailVerifiedAt: user.emailVerifiedAt ?? now }).where(eq(users.id, user.id)).run()
    tx.delete(accessTokens).where(eq(accessTokens.userId, user.id)).run()
    deleteVerificationToken(tx, user.id)
  }, { behavior: 'immediate' })
}

/** Hourly housekeeping (docs/configuration.md §5): reset tokens older than their 60 minutes. */
export function pruneExpiredResetTokens(deps: Pick<Deps, 'db' | 'clock'>): number {
  const cutoff = deps.clock.now() - RESET_TOKEN_TTL
  return changes(deps.db.delete(passwordResetTokens).where(lte(passwordResetTokens.createdAt, cutoff)).run())
}
