import { and, eq, or } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../auth/tokens'
import { isoOrNull } from '../../lib/clock'
import { friendships } from '../friends/schema'
import { findUserOr404 } from './lookup'
import { presentProfile } from './present'

/** users.md §5: any signed-in user may view any user; friendship is read from the sorted-pair table. */
export function getPublicProfile(deps: Pick<Deps, 'db' | 'config'>, actor: Actor, userId: string) {
  const user = findUserOr404(deps, userId)
  let since: number | null = null
  if (user.id !== actor.user.id) {
    // Pairs are stored sorted; both orders are matched so the lookup does not depend on the sort used.
    const row = deps.db.select({ createdAt: friendships.createdAt }).from(friendships).where(or(
      and(eq(friendships.userLow, user.id), eq(friendships.userHigh, actor.user.id)),
      and(eq(friendships.userLow, actor.user.id), eq(friendships.userHigh, user.id)),
    )).get()
    since = row?.createdAt ?? null
  }
  return {
    id: user.id,
    name: user.name,
    ...presentProfile(deps, user),
    is_friend: since !== null,
    friends_since: isoOrNull(since),
  }
}
