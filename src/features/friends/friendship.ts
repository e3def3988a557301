import { and, eq, or } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { friendRequests, friendships } from './schema'
import { sortedPair } from './pair'

/** The condition selecting the one friendship row of two users (stored once per pair, ids sorted). */
export function friendshipOf(a: string, b: string) {
  const pair = sortedPair(a, b)
  return and(eq(friendships.userLow, pair.low), eq(friendships.userHigh, pair.high))
}

/**
 * The condition selecting every request between two users, in both directions. Written on sender and receiver
 * so it is index-backed: the pair index only covers pending requests.
 */
export function requestsBetween(a: string, b: string) {
  return or(
    and(eq(friendRequests.senderId, a), eq(friendRequests.receiverId, b)),
    and(eq(friendRequests.senderId, b), eq(friendRequests.receiverId, a)),
  )
}

/** When `a` and `b` became friends (epoch ms), or null when they are not friends. Works inside a transaction. */
export function friendsSince(db: Pick<Deps['db'], 'select'>, a: string, b: string): number | null {
  const row = db.select({ createdAt: friendships.createdAt }).from(friendships).where(friendshipOf(a, b)).get()
  return row?.createdAt ?? null
}
