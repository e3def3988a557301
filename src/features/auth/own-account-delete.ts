/**
 * docs/api/users.md §2.2–2.3: a person deletes their own account, after proving it is them with their password or a
 * passkey (a bearer token alone is not enough: a device left signed in must not be able to erase everything). What
 * goes is exactly what an admin's delete removes (delete-user.ts).
 */
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import type { Unchecked } from '../../lib/validation'
import { ConflictError, fieldError } from '../../lib/errors'
import { verifyPassword } from '../../lib/passwords'
import { superAdminCount } from '../users/admin-queries'
import { deleteUserAccount } from './delete-user'
import { DeleteOwnAccountBody } from './model'
import { createReauthenticationOptions, verifyAssertion } from './passkey-authentication'
import { userPasskeys } from './passkeys'

/** Step 1 of a deletion with a passkey: request options whose challenge only this user's passkey can answer. */
export function ownDeletionOptions(deps: Deps, actor: Actor) {
  if (userPasskeys(deps, actor.user.id).length === 0) {
    throw new ConflictError('You have no passkey. Confirm with your password instead.', 'no_passkeys')
  }
  return createReauthenticationOptions(deps, actor.user.id)
}

/** The password, else the passkey assertion; a refusal is told at the field that failed. */
async function proveOwner(deps: Deps, actor: Actor, body: Unchecked<typeof DeleteOwnAccountBody>): Promise<void> {
  const input = DeleteOwnAccountBody.validate(body)
  if (input.current_password !== undefined) {
    if (!(await verifyPassword(input.current_password, actor.user.passwordHash))) {
      throw fieldError('current_password', 'The current password is incorrect.')
    }
    return
  }
  if (input.passkey === undefined) throw fieldError('current_password', 'The current password field is required when passkey is not present.')
  const verified = await verifyAssertion(deps, input.passkey, { purpose: 're-authentication', owner: actor.user.id })
  if (!verified) throw fieldError('passkey', 'The passkey could not be verified.')
}

/** Step 2: the proof, then the deletion, unless the caller is the instance's last super admin. */
export async function deleteOwnAccount(deps: Deps, actor: Actor, body: Unchecked<typeof DeleteOwnAccountBody>): Promise<void> {
  await proveOwner(deps, actor, body)
  // No await between this count and deleteUserAccount's row delete (its first statements run synchronously on the one
  // connection), so two super admins deleting themselves at once cannot both pass.
  if (actor.user.role === 'super_admin' && superAdminCount(deps) <= 1) {
    throw new ConflictError('You are the last super administrator, so your account cannot be deleted. Make someone else a super administrator first.', 'last_super_admin')
  }
  await deleteUserAccount(deps, actor.user.id)
  deps.logger.info('account deleted by its owner', { user_id: actor.user.id })
}
