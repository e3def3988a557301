import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { isoOrNull } from '../../lib/clock'
import { friendsSince } from './friendship'
import { sharedBy } from './shared'
import { findUserOr404 } from '../users/lookup'
import { presentProfile } from '../users/present'

/**
 * docs/api/users.md §5: any signed-in user may view any user; nobody is their own friend. Only a friend gets
 * `shared`; for anyone else the key is not there at all, so nothing of it is even computed.
 */
export async function getPublicProfile(deps: Pick<Deps, 'db' | 'config' | 'stores' | 'clock'>, actor: Actor, userId: string) {
  const user = findUserOr404(deps, userId)
  const since = user.id === actor.user.id ? null : friendsSince(deps.db, actor.user.id, user.id)
  return {
    id: user.id,
    name: user.name,
    ...presentProfile(deps, user),
    is_friend: since !== null,
    friends_since: isoOrNull(since),
    ...(since !== null && { shared: await sharedBy(deps, user) }),
  }
}
