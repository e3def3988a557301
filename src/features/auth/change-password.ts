import { and, eq, ne } from 'drizzle-orm'
import type { Unchecked } from '../../lib/validation'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { fieldError } from '../../lib/errors'
import { accessTokens, passwordResetTokens } from './schema'
import { hashPassword, verifyPassword } from '../../lib/passwords'
import { users } from '../users/schema'
import { ChangePasswordBody } from './account-model'

/**
 * After a password change: every token of the user goes except `keepTokenId` (the caller's own, when the
 * user changed their own password), and an outstanding password-reset link stops working.
 */
export function revokeAfterPasswordChange(tx: Pick<Deps['db'], 'delete'>, userId: string, keepTokenId?: number): void {
  const keep = keepTokenId === undefined ? undefined : ne(accessTokens.id, keepTokenId)
  tx.delete(accessTokens).where(and(eq(accessTokens.userId, userId), keep)).run()
  tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)).run()
}

/**
 * docs/api/users.md §4: a new password for the caller; the calling token stays valid, the caller's others are revoked.
 */
export async function changePassword(deps: Pick<Deps, 'db' | 'clock' | 'config'>, actor: Actor, input: Unchecked<typeof ChangePasswordBody>): Promise<void> {
  const values = ChangePasswordBody.validate(input)
  const { passwordHash } = actor.user
  if (!(await verifyPassword(values.current_password, passwordHash))) {
    throw fieldError('current_password', 'The current password is incorrect.')
  }
  if (await verifyPassword(values.new_password, passwordHash)) {
    throw fieldError('new_password', 'The new password must be different from your current password.')
  }
  const hash = await hashPassword(deps, values.new_password)
  const userId = actor.user.id
  deps.db.transaction((tx) => {
    tx.update(users).set({ passwordHash: hash, updatedAt: deps.clock.now() }).where(eq(users.id, userId)).run()
    revokeAfterPasswordChange(tx, userId, actor.tokenId)
  })
}
