import type { Deps } from '../../lib/deps'
import type { Unchecked } from '../../lib/validation'
import { UnauthenticatedError } from '../../lib/errors'
import { issueToken, type Platform } from './tokens'
import { findUserByEmail } from './accounts'
import { hashPassword, needsRehash, spendPasswordCheck, verifyPassword } from '../../lib/passwords'
import { users } from '../users/schema'
import { and, eq } from 'drizzle-orm'
import { LoginBody } from './model'
import { presentSession } from './present'

const invalidCredentials = () => new UnauthenticatedError('invalid_credentials', 'Unauthorized')

/**
 * The hash at today's costs replaces the old one, unless the password changed meanwhile (then the new hash
 * is already current). updated_at stays: the user changed nothing.
 */
async function rehashPassword(deps: Deps, userId: string, oldHash: string, plain: string): Promise<void> {
  const passwordHash = await hashPassword(deps, plain)
  deps.db.update(users).set({ passwordHash }).where(and(eq(users.id, userId), eq(users.passwordHash, oldHash))).run()
}

/**
 * docs/api/auth.md §3.3. An unknown e-mail still costs one argon2id verification; verification is only checked
 * after the right password, so `email_not_verified` never tells a stranger that an address exists.
 */
export async function loginWithPassword(deps: Deps, body: Unchecked<typeof LoginBody>) {
  const input = LoginBody.validate(body)
  const user = findUserByEmail(deps, input.email)
  if (!user) {
    await spendPasswordCheck(deps, input.password)
    throw invalidCredentials()
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) throw invalidCredentials()
  if (needsRehash(deps, user.passwordHash)) await rehashPassword(deps, user.id, user.passwordHash, input.password)
  if (deps.config.emailVerification && user.emailVerifiedAt === null) {
    throw new UnauthenticatedError('email_not_verified', 'Unauthorized')
  }
  const platform: Platform = input.platform ?? 'web'
  return presentSession(user, issueToken(deps, user.id, platform))
}
