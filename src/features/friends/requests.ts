import { and, desc, eq, gte, not, or, sql } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { users } from '../users/schema'
import { friendRequests } from './schema'
import { partyColumns, presentFriendRequest } from './present'
import { ANSWERED_RETENTION_MS } from './pair'

/** The user on the other side of a request row, as seen by `actorId`. */
const otherParty = (actorId: string) =>
  sql`CASE WHEN ${friendRequests.senderId} = ${actorId} THEN ${friendRequests.receiverId} ELSE ${friendRequests.senderId} END`

/**
 * docs/api/friends.md §2.2: every pending request of the caller, plus answered ones answered within the retention
 * window — filtered here, so the result does not depend on when the clean-up job last ran. A request the caller
 * sent by e-mail address shows only once accepted (§2.3): until then the list would say the address is someone's.
 */
export function listFriendRequests(deps: Deps, actor: Actor) {
  const me = actor.user.id
  const cutoff = deps.clock.now() - ANSWERED_RETENTION_MS
  const rows = deps.db
    .select({ request: friendRequests, other: partyColumns })
    .from(friendRequests)
    .innerJoin(users, eq(users.id, otherParty(me)))
    .where(and(
      or(eq(friendRequests.senderId, me), eq(friendRequests.receiverId, me)),
      or(eq(friendRequests.status, 'pending'), gte(friendRequests.updatedAt, cutoff)),
      not(and(eq(friendRequests.senderId, me), eq(friendRequests.byEmail, true), sql`${friendRequests.status} <> 'accepted'`)!),
    ))
    .orderBy(desc(friendRequests.createdAt), desc(friendRequests.id))
    .all()
  return rows.map((row) => presentFriendRequest(deps, me, row.request, row.other))
}
