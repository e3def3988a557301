import { eq, lt } from 'drizzle-orm'
import { changes, type Db } from '../db/client'
import type { Clock } from '../clock'
import { RateLimitedError } from '../errors'
import { rateLimitBuckets } from '../db/tables'

/** Response headers as Elysia's `set.headers` holds them. */
type Headers = Record<string, string | number>

export interface Limiter {
  /** limiter name, part of the bucket key */
  name: string
  limit: number
  windowMs: number
  /** what the bucket is keyed by (client IP, e-mail + IP, …) */
  key: string
}

/**
 * Checks and counts every limiter of a route in one synchronous transaction (docs/api/conventions.md §11.2): if any
 * bucket is full the request is refused and nothing is counted; otherwise every bucket is incremented.
 * The X-RateLimit-* headers go on the request's response whatever happens next.
 */
export function consumeRateLimits(deps: { db: Db; clock: Clock }, headers: Headers, limiters: Limiter[]): void {
  const now = deps.clock.now()
  deps.db.transaction((tx) => {
    const buckets = readBuckets(tx, limiters, now)
    const blocked = buckets.find((b) => b.count >= b.limiter.limit)
    if (blocked) {
      setHeaders(headers, [blocked])
      throw new RateLimitedError((blocked.resetAt - now) / 1000)
    }
    for (const b of buckets) {
      b.count += 1
      tx.insert(rateLimitBuckets).values({ key: b.key, count: b.count, resetAt: b.resetAt })
        .onConflictDoUpdate({ target: rateLimitBuckets.key, set: { count: b.count, resetAt: b.resetAt } }).run()
    }
    setHeaders(headers, buckets)
  }, { behavior: 'immediate' })
}

/**
 * The X-RateLimit-* headers of a request that is answered before its limiters run (a body that cannot be
 * read, docs/api/conventions.md §6): every response of a limited route carries them (11.2), but nothing is counted.
 */
export function showRateLimits(deps: { db: Db; clock: Clock }, headers: Headers, limiters: Limiter[]): void {
  setHeaders(headers, readBuckets(deps.db, limiters, deps.clock.now()))
}

interface Bucket { limiter: Limiter; key: string; count: number; resetAt: number }

function readBuckets(db: Pick<Db, 'select'>, limiters: Limiter[], now: number): Bucket[] {
  return limiters.map((l) => {
    const key = `${l.name}:${l.key}`
    const row = db.select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, key)).get()
    const live = row && row.resetAt > now ? row : undefined
    return { limiter: l, key, count: live?.count ?? 0, resetAt: live?.resetAt ?? now + l.windowMs }
  })
}

/** The bucket with the fewest requests left describes the route; on a tie the first limiter listed. */
function setHeaders(headers: Headers, buckets: Bucket[]): void {
  const left = (b: Bucket) => Math.max(0, b.limiter.limit - b.count)
  const shown = buckets.reduce((a, b) => (left(b) < left(a) ? b : a))
  headers['X-RateLimit-Limit'] = String(shown.limiter.limit)
  headers['X-RateLimit-Remaining'] = String(left(shown))
}

/** Hourly housekeeping: drop buckets whose window has ended. */
export function pruneRateLimitBuckets(deps: { db: Db; clock: Clock }): number {
  return changes(deps.db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.resetAt, deps.clock.now())).run())
}
