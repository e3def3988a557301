import { eq, lt } from 'drizzle-orm'
import { changes, type Db } from '../db/client'
import type { Clock } from '../clock'
import { RateLimitedError } from '../errors'
import { rateLimitBuckets } from '../../features/auth/schema'
import { requestContext } from './context'

export interface Limiter {
  /** limiter name, part of the bucket key */
  name: string
  limit: number
  windowMs: number
  /** what the bucket is keyed by (client IP, e-mail + IP, …) */
  key: string
}

/**
 * Checks and counts every limiter of a route in one synchronous transaction (conventions.md 11.2): if any
 * bucket is full the request is refused and nothing is counted; otherwise every bucket is incremented.
 * The X-RateLimit-* headers go on the request's response whatever happens next.
 */
export function consumeRateLimits(deps: { db: Db; clock: Clock }, request: Request, limiters: Limiter[]): void {
  const now = deps.clock.now()
  const ctx = requestContext(request)
  deps.db.transaction((tx) => {
    const buckets = limiters.map((l) => {
      const key = `${l.name}:${l.key}`
      const row = tx.select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, key)).get()
      const live = row && row.resetAt > now ? row : undefined
      return { limiter: l, key, count: live?.count ?? 0, resetAt: live?.resetAt ?? now + l.windowMs }
    })
    const blocked = buckets.find((b) => b.count >= b.limiter.limit)
    if (blocked) {
      ctx.extraHeaders['X-RateLimit-Limit'] = String(blocked.limiter.limit)
      ctx.extraHeaders['X-RateLimit-Remaining'] = '0'
      throw new RateLimitedError((blocked.resetAt - now) / 1000)
    }
    let shown = buckets[0]!
    for (const b of buckets) {
      b.count += 1
      tx.insert(rateLimitBuckets).values({ key: b.key, count: b.count, resetAt: b.resetAt })
        .onConflictDoUpdate({ target: rateLimitBuckets.key, set: { count: b.count, resetAt: b.resetAt } }).run()
      if (b.limiter.limit - b.count < shown.limiter.limit - shown.count) shown = b
    }
    ctx.extraHeaders['X-RateLimit-Limit'] = String(shown.limiter.limit)
    ctx.extraHeaders['X-RateLimit-Remaining'] = String(Math.max(0, shown.limiter.limit - shown.count))
  }, { behavior: 'immediate' })
}

/** Hourly housekeeping: drop buckets whose window has ended. */
export function pruneRateLimitBuckets(deps: { db: Db; clock: Clock }): number {
  return changes(deps.db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.resetAt, deps.clock.now())).run())
}
