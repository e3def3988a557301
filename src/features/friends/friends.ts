import { and, eq, or, sql } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { NotFoundError } from '../../lib/errors'
import { changes } from '../../lib/db/client'
import { users } from '../users/schema'
import { friendRequests, friendships } from './schema'
import { presentFriend } from './present'
import { friendshipOf, requestsBetween } from './friendship'

/** The user on the other side of a friendship row, as seen by `actorId`. */
const otherMember = (actorId: string) =>
  sql`CASE WHEN ${friendships.userLow} = ${actorId} THEN ${friendships.userHigh} ELSE ${friendships.userLow} END`

/** Case-insensitive by name, then id. Sorted here because SQLite's lower()/NOCASE only fold ASCII. */
function byNameThenId(a: { name: string; id: string }, b: { name: string; id: string }): number {
  const an = a.name.toLowerCase()
  const bn = b.name.toLowerCase()
  if (an !== bn) return an < bn ? -1 : 1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** docs/api/friends.md §2.1 */
export function listFriends(deps: Deps, actor: Actor) {
  const me = actor.user.id
  const rows = deps.db
    .select({ id: users.id, name: users.name, profileImagePath: users.profileImagePath, since: friendships.createdAt })
    .from(friendships)
    .innerJoin(users, eq(users.id, otherMember(me)))
    .where(or(eq(friendships.userLow, me), eq(friendships.userHigh, me)))
    .all()
  return rows.sort(byNameThenId).map((row) => presentFriend(deps, row, row.since))
}

/**
 * docs/api/friends.md §2.7: ends the friendship and deletes the accepted requests of the pair, so either side may
 * ask again. Anyone who is not the caller's friend (unknown id included) is a 404; the id's form is the route's.
 */
export function removeFriend(deps: Deps, actor: Actor, friendId: string): void {
  const me = actor.user.id
  const friend = friendId.toLowerCase()
  deps.db.transaction((tx) => {
    const removed = tx.delete(friendships).where(friendshipOf(me, friend)).run()
    if (changes(removed) === 0) throw new NotFoundError()
    tx.delete(friendRequests).where(and(requestsBetween(me, friend), eq(friendRequests.status, 'accepted'))).run()
  })
}
