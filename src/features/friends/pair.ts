import { DAY } from '../../lib/clock'

/** Answered requests stay visible (and stored) for this long after their answer (docs/api/friends.md §2.2, 3). */
export const ANSWERED_RETENTION_MS = 7 * DAY

/** The two user ids in sorted order: the key of the pair-unique indexes, whichever side is asking. */
export function sortedPair(a: string, b: string): { low: string; high: string } {
  return a < b ? { low: a, high: b } : { low: b, high: a }
}
