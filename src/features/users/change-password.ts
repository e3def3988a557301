import { and, eq, ne } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../auth/tokens'
import { fieldError } from '../../lib/errors'
import { f, validate } from '../../lib/validation'
import { accessTokens, passwordResetTokens } from '../auth/schema'
import { users } from './schema'

export const PASSWORD_MIN = 12
export const PASSWORD_MAX = 1024

export function hashPassword(plain: string): Promise<string> {
  return Bun.password.hash(plain, 'argon2id')
}

/**
 * users.md §4: a new password for the caller. Every other token of the caller is revoked (the calling one
 * stays valid), and an outstanding password-reset link stops working.
 */
export async function changePassword(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor, input: Record<string, unknown>): Promise<void> {
  const values = validate(input, {
    current_password: f.string().raw().required(),
    new_password: f.string().raw().required().min(PASSWORD_MIN).max(PASSWORD_MAX).confirmed('new_password_confirmation'),
    new_password_confirmation: f.string().raw().required(),
  })
  const { passwordHash } = actor.user
  if (!(await Bun.password.verify(values.current_password, passwordHash))) {
    throw fieldError('current_password', 'The current password is incorrect.')
  }
  if (await Bun.password.verify(values.new_password, passwordHash)) {
    throw fieldError('new_password', 'The new password must be different from your current password.')
  }
  const hash = await hashPassword(values.new_password)
  const userId = actor.user.id
  deps.db.transaction((tx) => {
    tx.update(users).set({ passwordHash: hash, updatedAt: deps.clock.now() }).where(eq(users.id, userId)).run()
    tx.delete(accessTokens).where(and(eq(accessTokens.userId, userId), ne(accessTokens.id, actor.tokenId))).run()
    tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)).run()
  })
}
