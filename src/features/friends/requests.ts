import { and, desc, eq, gte, ne, or, sql } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import type { Unchecked } from '../../lib/validation'
import { ConflictError, fieldError } from '../../lib/errors'
import { UUID_RE } from '../../lib/crypto'
import { users } from '../users/schema'
import { friendRequests } from './schema'
import { presentFriendRequest } from './present'
import { ANSWERED_RETENTION_MS, sortedPair } from './pair'
import { isUniqueViolation } from '../../lib/db/client'
import { friendsSince, requestsBetween } from './friendship'
import { SendFriendRequestBody } from './model'

export const ALREADY_FRIENDS = 'You are already friends with this user.'
export const ALREADY_SENT = 'You have already sent a friend request to this user.'
export const ALREADY_RECEIVED = 'This user has already sent you a friend request. Accept it instead.'

/** The user on the other side of a request row, as seen by `actorId`. */
const otherParty = (actorId: string) =>
  sql`CASE WHEN ${friendRequests.senderId} = ${actorId} THEN ${friendRequests.receiverId} ELSE ${friendRequests.senderId} END`

/**
 * docs/api/friends.md §2.2: every pending request of the caller, plus answered ones answered within the retention
 * window — filtered here, so the result does not depend on when the clean-up job last ran.
 */
export function listFriendRequests(deps: Deps, actor: Actor) {
  const me = actor.user.id
  const cutoff = deps.clock.now() - ANSWERED_RETENTION_MS
  const rows = deps.db
    .select({ request: friendRequests, other: { id: users.id, name: users.name, profileImagePath: users.profileImagePath } })
    .from(friendRequests)
    .innerJoin(users, eq(users.id, otherParty(me)))
    .where(and(
      or(eq(friendRequests.senderId, me), eq(friendRequests.receiverId, me)),
      or(eq(friendRequests.status, 'pending'), gte(friendRequests.updatedAt, cutoff)),
    ))
    .orderBy(desc(friendRequests.createdAt), desc(friendRequests.id))
    .all()
  return rows.map((row) => presentFriendRequest(deps, me, row.request, row.other))
}

/**
 * docs/api/friends.md §2.3. The pending-pair unique index is what really prevents duplicates: a conflicting insert
 * (also one racing another writer) is turned into the 409 that names the direction of the existing request.
 */
export function sendFriendRequest(deps: Deps, actor: Actor, body: Unchecked<typeof SendFriendRequestBody>) {
  const me = actor.user.id
  const input = SendFriendRequestBody.validate(body)
  const receiverId = input.receiver_id.toLowerCase()
  const receiver = UUID_RE.test(receiverId)
    ? deps.db.select({ id: users.id, name: users.name, profileImagePath: users.profileImagePath }).from(users).where(eq(users.id, receiverId)).get()
    : undefined
  if (!receiver) throw fieldError('receiver_id', 'The selected receiver id is invalid.')
  if (receiver.id === me) throw fieldError('receiver_id', 'You cannot send a friend request to yourself.')

  const pair = sortedPair(me, receiver.id)
  const samePair = and(eq(friendRequests.pairLow, pair.low), eq(friendRequests.pairHigh, pair.high))
  const now = deps.clock.now()
  const row = deps.db.transaction((tx) => {
    if (friendsSince(tx, me, receiver.id) !== null) throw new ConflictError(ALREADY_FRIENDS)
    // Earlier answers between the two are replaced by the new request (a rejected user may ask again).
    tx.delete(friendRequests).where(and(requestsBetween(me, receiver.id), ne(friendRequests.status, 'pending'))).run()
    try {
      return tx.insert(friendRequests).values({
        senderId: me, receiverId: receiver.id, pairLow: pair.low, pairHigh: pair.high, status: 'pending', createdAt: now, updatedAt: now,
      }).returning().get()
    } catch (err) {
      if (!isUniqueViolation(err)) throw err
      const pending = tx.select({ senderId: friendRequests.senderId }).from(friendRequests)
        .where(and(samePair, eq(friendRequests.status, 'pending'))).get()
      throw new ConflictError(pending && pending.senderId !== me ? ALREADY_RECEIVED : ALREADY_SENT)
    }
  })
  return presentFriendRequest(deps, me, row, receiver)
}
