import { and, eq, ne } from 'drizzle-orm'
import type { Unchecked } from '../../lib/validation'
import type { Deps } from '../../lib/deps'
import { ConflictError, UnauthenticatedError } from '../../lib/errors'
import { digestEquals, sha256Hex } from '../../lib/crypto'
import { users } from '../users/schema'
import { emailVerificationTokens } from './schema'
import { emailKey, findUserByEmail } from './accounts'
import { EmailBody, VerifyBody } from './model'
import { sendVerificationMail } from './mails'
import { deleteVerificationToken, storeVerificationToken, VERIFICATION_TOKEN_TTL } from './one-time-tokens'

const noMatch = () => new UnauthenticatedError('verification_failed', 'Provided data do not match any user.')

/**
 * docs/api/auth.md §3.4: the checks run in the contract's order; every failure is a 401 with its own code. A verified
 * account with a new address waiting (docs/api/users.md §2.1) is not "already verified": the link confirms that address.
 */
export function verifyEmail(deps: Pick<Deps, 'db' | 'clock'>, body: Unchecked<typeof VerifyBody>): void {
  const input = VerifyBody.validate(body)
  // User ids are lowercase UUIDs; compare case-insensitively like the path parameters.
  const user = deps.db.select().from(users).where(eq(users.id, input.user_id.toLowerCase())).get()
  if (!user) throw noMatch()
  if (user.emailVerifiedAt !== null && user.pendingEmail === null) {
    throw new UnauthenticatedError('already_verified', 'Account already verified', ['already_verified'])
  }
  const stored = deps.db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id)).get()
  if (!stored) throw noMatch()
  if (!digestEquals(stored.tokenHash, sha256Hex(input.token))) {
    throw new UnauthenticatedError('token_mismatch', 'No such verification token', ['token_mismatch'])
  }
  const now = deps.clock.now()
  if (now - stored.createdAt > VERIFICATION_TOKEN_TTL) {
    throw new UnauthenticatedError('token_expired', 'Verification token has expired', ['token_expired'])
  }
  if (user.pendingEmail !== null) return switchToPendingEmail(deps, user.id, user.pendingEmail)
  deps.db.transaction((tx) => {
    tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id)).run()
    deleteVerificationToken(tx, user.id)
  })
}

/**
 * The confirmed new address replaces the old one, so sign-in moves to it. If another account took the address while
 * it waited, the change is dropped (with its link) and refused: addresses stay unique. Immediate, so a registration
 * or another switch cannot take the address between the check and the write.
 */
function switchToPendingEmail(deps: Pick<Deps, 'db' | 'clock'>, userId: string, pendingEmail: string): void {
  const now = deps.clock.now()
  const switched = deps.db.transaction((tx) => {
    const taken = tx.select({ id: users.id }).from(users)
      .where(and(eq(users.emailKey, emailKey(pendingEmail)), ne(users.id, userId))).get() !== undefined
    const patch = taken ? { pendingEmail: null } : { email: pendingEmail, emailKey: emailKey(pendingEmail), pendingEmail: null, emailVerifiedAt: now }
    tx.update(users).set({ ...patch, updatedAt: now }).where(eq(users.id, userId)).run()
    deleteVerificationToken(tx, userId)
    return !taken
  }, { behavior: 'immediate' })
  if (!switched) throw new ConflictError('The email has already been taken.', 'email_taken')
}

/**
 * docs/api/auth.md §3.5: a fresh link for an unverified account while verification is on; otherwise nothing. The
 * caller answers the same either way.
 */
export function resendVerification(deps: Deps, body: Unchecked<typeof EmailBody>): void {
  const input = EmailBody.validate(body)
  if (!deps.config.emailVerification) return
  const user = findUserByEmail(deps, input.email)
  if (!user || user.emailVerifiedAt !== null) return
  const token = deps.db.transaction((tx) => storeVerificationToken(tx, user.id, deps.clock.now()))
  sendVerificationMail(deps, user, user.language, token, input.platform ?? 'web')
}
