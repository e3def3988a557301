import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { ForbiddenError } from '../../lib/errors'
import { isAdmin } from '../../lib/actor'
import { deleteUserAccount } from './delete-user'
import { findUserOr404 } from '../users/lookup'

/** docs/api/users.md §8.3: admins delete other users; only a super admin may delete a super admin. */
export async function deleteUserAsAdmin(deps: Pick<Deps, 'db' | 'config' | 'logger'>, actor: Actor, userId: string): Promise<void> {
  if (!isAdmin(actor.user.role)) throw new ForbiddenError()
  const target = findUserOr404(deps, userId)
  if (target.id === actor.user.id) throw new ForbiddenError('You cannot delete your own account.')
  if (target.role === 'super_admin' && actor.user.role !== 'super_admin') throw new ForbiddenError('You cannot modify a super administrator.')
  await deleteUserAccount(deps, target.id)
}
