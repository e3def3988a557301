import { DAY } from '../../lib/clock'

/** Answered requests stay visible (and stored) for this long after their answer (friends.md 2.2, 3). */
export const ANSWERED_RETENTION_MS = 7 * DAY

/** The two user ids in sorted order: the key of the pair-unique indexes, whichever side is asking. */
export function sortedPair(a: string, b: string): { low: string; high: string } {
  return a < b ? { low: a, high: b } : { low: b, high: a }
}

/**
 * Whether a write failed on a UNIQUE index. Drizzle wraps driver errors, so the cause chain is walked;
 * bun:sqlite reports the extended code SQLITE_CONSTRAINT_UNIQUE.
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (code === 'SQLITE_CONSTRAINT_UNIQUE') return true
    if (typeof message === 'string' && message.includes('UNIQUE constraint failed')) return true
  }
  return false
}
