import { and, eq, or } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors'
import { changes } from '../../lib/db/client'
import { users } from '../users/schema'
import { friendRequests, friendships } from './schema'
import { presentFriend, type FriendRequestRow } from './present'
import { sortedPair } from './pair'
import { friendsSince } from './friendship'

export const ALREADY_ANSWERED = 'This friend request has already been answered.'
const RECEIVER_ONLY = 'Only the receiver can accept or reject this friend request.'
const SENDER_ONLY = 'Only the sender can cancel this friend request.'

/** A request the actor takes part in (the route has checked the id's form); someone else's request is a 404. */
function findOwnRequest(deps: Deps, actorId: string, idParam: string): FriendRequestRow {
  const row = deps.db.select().from(friendRequests).where(and(
    eq(friendRequests.id, Number(idParam)),
    or(eq(friendRequests.senderId, actorId), eq(friendRequests.receiverId, actorId)),
  )).get()
  if (!row) throw new NotFoundError()
  return row
}

/** Only the receiver answers (403). Whether it is still pending is decided by the guarded write below. */
function findAnswerableRequest(deps: Deps, actor: Actor, idParam: string): FriendRequestRow {
  const row = findOwnRequest(deps, actor.user.id, idParam)
  if (row.receiverId !== actor.user.id) throw new ForbiddenError(RECEIVER_ONLY)
  return row
}

/**
 * Moves a pending request to its answer. The status condition in the UPDATE is the pending check: the
 * first answer wins, a later (or concurrent) one changes nothing and is a 409.
 */
function answerPending(tx: Pick<Deps['db'], 'update'>, id: number, status: 'accepted' | 'rejected', now: number): void {
  const result = tx.update(friendRequests).set({ status, updatedAt: now })
    .where(and(eq(friendRequests.id, id), eq(friendRequests.status, 'pending'))).run()
  if (changes(result) === 0) throw new ConflictError(ALREADY_ANSWERED)
}

/** docs/api/friends.md §2.4: the answer and the friendship are written together; returns the sender as a friend. */
export function acceptFriendRequest(deps: Deps, actor: Actor, idParam: string) {
  const row = findAnswerableRequest(deps, actor, idParam)
  const pair = sortedPair(row.senderId, row.receiverId)
  const now = deps.clock.now()
  const since = deps.db.transaction((tx) => {
    answerPending(tx, row.id, 'accepted', now)
    // The pair index allows one friendship; an existing one is kept with its original date.
    tx.insert(friendships).values({ userLow: pair.low, userHigh: pair.high, createdAt: now }).onConflictDoNothing().run()
    return friendsSince(tx, pair.low, pair.high)!
  })
  const sender = deps.db.select().from(users).where(eq(users.id, row.senderId)).get()
  if (!sender) throw new NotFoundError()
  return presentFriend(deps, sender, since)
}

/** docs/api/friends.md §2.5 */
export function rejectFriendRequest(deps: Deps, actor: Actor, idParam: string): void {
  const row = findAnswerableRequest(deps, actor, idParam)
  answerPending(deps.db, row.id, 'rejected', deps.clock.now())
}

/** docs/api/friends.md §2.6: the sender withdraws a pending request. */
export function cancelFriendRequest(deps: Deps, actor: Actor, idParam: string): void {
  const row = findOwnRequest(deps, actor.user.id, idParam)
  if (row.senderId !== actor.user.id) throw new ForbiddenError(SENDER_ONLY)
  const result = deps.db.delete(friendRequests)
    .where(and(eq(friendRequests.id, row.id), eq(friendRequests.status, 'pending'))).run()
  if (changes(result) === 0) throw new ConflictError(ALREADY_ANSWERED)
}
