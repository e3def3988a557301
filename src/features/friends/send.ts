import { and, eq, isNotNull, ne } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { HOUR } from '../../lib/clock'
import { normalizeValue, type Unchecked } from '../../lib/validation'
import { ConflictError, ValidationError, fieldError } from '../../lib/errors'
import { consumeRateLimits, type Limiter } from '../../lib/http/rate-limit'
import { UUID_RE } from '../../lib/crypto'
import { isUniqueViolation } from '../../lib/db/client'
import { users } from '../users/schema'
import { emailKey } from '../auth/accounts'
import { friendRequests } from './schema'
import { partyColumns, presentFriendRequest, type FriendRequestRow, type FriendUserRow } from './present'
import { sortedPair } from './pair'
import { friendsSince, requestsBetween } from './friendship'
import { SendFriendRequestBody } from './model'

export const ALREADY_FRIENDS = 'You are already friends with this user.'
export const ALREADY_SENT = 'You have already sent a friend request to this user.'
export const ALREADY_RECEIVED = 'This user has already sent you a friend request. Accept it instead.'
/** The e-mail form's one answer (docs/api/friends.md §2.3). */
export const ASKED_BY_EMAIL = 'If this address belongs to someone here, they have a request from you.'

/** The response's headers, where a limiter writes its X-RateLimit-*. */
type ResponseHeaders = Parameters<typeof consumeRateLimits>[1]

/**
 * docs/api/friends.md §2.3: a request to the user named by `receiver_id`, or — answered `null` — to the user whose
 * address `email` is, if anyone's. `headers` are the response's: the e-mail form's limiter writes its
 * X-RateLimit-* there. The e-mail form counts before anything is checked, as the contract orders 429 before 422.
 */
export function sendFriendRequest(deps: Deps, actor: Actor, body: Unchecked<typeof SendFriendRequestBody>, headers: ResponseHeaders) {
  const me = actor.user.id
  const byEmail = isGiven(body, 'email')
  if (byEmail) consumeRateLimits(deps, headers, [emailLookups(me)])
  requireOneReceiver(byEmail, isGiven(body, 'receiver_id'))
  const input = SendFriendRequestBody.validate(body)
  if (input.email !== undefined) {
    askByEmail(deps, me, input.email)
    return null
  }
  const receiverId = input.receiver_id!.toLowerCase()
  const receiver = UUID_RE.test(receiverId) ? deps.db.select(partyColumns).from(users).where(eq(users.id, receiverId)).get() : undefined
  if (!receiver) throw fieldError('receiver_id', 'The selected receiver id is invalid.')
  if (receiver.id === me) throw fieldError('receiver_id', 'You cannot send a friend request to yourself.')
  return presentFriendRequest(deps, me, createRequest(deps, me, receiver), receiver)
}

/**
 * Looking people up by address is limited per sender (docs/api/conventions.md §11.1): a member could otherwise try
 * addresses by the thousand. 20 an hour is more than a family adds in a day.
 */
export const emailLookups = (userId: string): Limiter => ({ name: 'friend-email', limit: 20, windowMs: HOUR, key: userId })

/**
 * Whether the body holds `key` at all: after trimming, an empty string or null counts as absent
 * (docs/api/conventions.md §2.4).
 */
function isGiven(body: Unchecked<typeof SendFriendRequestBody>, key: keyof typeof SendFriendRequestBody.fields): boolean {
  return normalizeValue(body[key], SendFriendRequestBody.fields[key]) !== undefined
}

function requireOneReceiver(email: boolean, receiverId: boolean): void {
  if (email && receiverId) {
    throw new ValidationError({
      receiver_id: ['The receiver id field is prohibited when email is present.'],
      email: ['The email field is prohibited when receiver id is present.'],
    })
  }
  if (!email && !receiverId) {
    throw new ValidationError({
      receiver_id: ['The receiver id field is required when email is not present.'],
      email: ['The email field is required when receiver id is not present.'],
    })
  }
}

/**
 * The e-mail form says nothing about the address (docs/api/friends.md §2.3): nobody's, the caller's own, a friend's
 * or one with a pending request all end here without a trace and the same answer as a request that was made. An
 * address counts as someone's when it could sign in with it: verified, or verification is off.
 */
function askByEmail(deps: Deps, me: string, email: string): void {
  const receiver = deps.db.select(partyColumns).from(users).where(and(
    eq(users.emailKey, emailKey(email)),
    deps.config.emailVerification ? isNotNull(users.emailVerifiedAt) : undefined,
  )).get()
  if (!receiver || receiver.id === me) return
  try {
    createRequest(deps, me, receiver, true)
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err
  }
}

/**
 * A new pending request, or the 409 that says why not. One asked `byEmail` stays out of its sender's list until it
 * is accepted (requests.ts), so the list does not tell the sender whether the address is someone's. The pending-pair unique index is what really prevents
 * duplicates: a conflicting insert (also one racing another writer) is turned into the 409 that names the
 * direction of the existing request.
 */
function createRequest(deps: Deps, me: string, receiver: FriendUserRow, byEmail = false): FriendRequestRow {
  const pair = sortedPair(me, receiver.id)
  const samePair = and(eq(friendRequests.pairLow, pair.low), eq(friendRequests.pairHigh, pair.high))
  const now = deps.clock.now()
  return deps.db.transaction((tx) => {
    if (friendsSince(tx, me, receiver.id) !== null) throw new ConflictError(ALREADY_FRIENDS)
    // Earlier answers between the two are replaced by the new request (a rejected user may ask again).
    tx.delete(friendRequests).where(and(requestsBetween(me, receiver.id), ne(friendRequests.status, 'pending'))).run()
    try {
      return tx.insert(friendRequests).values({
        senderId: me, receiverId: receiver.id, pairLow: pair.low, pairHigh: pair.high, status: 'pending', byEmail, createdAt: now, updatedAt: now,
      }).returning().get()
    } catch (err) {
      if (!isUniqueViolation(err)) throw err
      const pending = tx.select({ senderId: friendRequests.senderId }).from(friendRequests)
        .where(and(samePair, eq(friendRequests.status, 'pending'))).get()
      throw new ConflictError(pending && pending.senderId !== me ? ALREADY_RECEIVED : ALREADY_SENT)
    }
  })
}
