import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../helpers/app'
import { consumeRateLimits, pruneRateLimitBuckets, type Limiter } from '../../src/lib/http/rate-limit'
import { RateLimitedError } from '../../src/lib/errors'
import { rateLimitBuckets } from '../../src/lib/db/tables'

let t: TestApp
beforeEach(() => { t = createTestApp() })
afterEach(() => t.close())

const limiter = (name: string, limit: number, key = '1.2.3.4'): Limiter => ({ name, limit, windowMs: 60_000, key })

function attempt(limiters: Limiter[]) {
  const headers: Record<string, string> = {}
  try {
    consumeRateLimits(t.deps, headers, limiters)
    return { ok: true as const, headers }
  } catch (err) {
    return { ok: false as const, err: err as RateLimitedError, headers }
  }
}

describe('rate limiter (docs/api/conventions.md §11)', () => {
  test('fixed window: N requests pass, the next is refused with Retry-After, a new window starts after it ends', () => {
    for (let i = 1; i <= 3; i++) {
      const r = attempt([limiter('demo', 3)])
      expect(r.ok).toBe(true)
      expect(r.headers).toEqual({ 'X-RateLimit-Limit': '3', 'X-RateLimit-Remaining': String(3 - i) })
    }
    t.clock.advance(20_000)
    const refused = attempt([limiter('demo', 3)])
    expect(refused.ok).toBe(false)
    if (!refused.ok) {
      expect(refused.err.status).toBe(429)
      expect(refused.err.code).toBe('rate_limited')
      expect(refused.err.message).toBe('Too many requests. Please slow down.')
      expect(refused.err.headers?.['Retry-After']).toBe('40')
    }
    expect(refused.headers['X-RateLimit-Remaining']).toBe('0')
    t.clock.advance(40_000)
    expect(attempt([limiter('demo', 3)]).ok).toBe(true)
  })

  test('keys are independent', () => {
    expect(attempt([limiter('demo', 1, 'a')]).ok).toBe(true)
    expect(attempt([limiter('demo', 1, 'b')]).ok).toBe(true)
    expect(attempt([limiter('demo', 1, 'a')]).ok).toBe(false)
  })

  test('a refusal by one limiter counts nothing in the others; headers describe the tighter limiter', () => {
    const both = () => [limiter('narrow', 2, 'mail+ip'), limiter('wide', 5, 'ip')]
    expect(attempt(both()).headers).toEqual({ 'X-RateLimit-Limit': '2', 'X-RateLimit-Remaining': '1' })
    attempt(both())
    expect(attempt(both()).ok).toBe(false)
    const wide = t.deps.db.select().from(rateLimitBuckets).all().find((b) => b.key === 'wide:ip')
    expect(wide?.count).toBe(2)
  })

  test('ties show the first limiter; Retry-After is at least 1 second', () => {
    const r = attempt([limiter('first', 2), limiter('second', 2)])
    expect(r.headers['X-RateLimit-Limit']).toBe('2')
    attempt([limiter('first', 2)])
    t.clock.advance(59_999)
    const refused = attempt([limiter('first', 2)])
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.err.headers?.['Retry-After']).toBe('1')
  })

  test('buckets live in SQLite (survive a new app on the same data) and expired ones are pruned', () => {
    attempt([limiter('demo', 1)])
    const again = createTestApp({}, t.dataDir)
    try {
      again.clock.set(t.clock.now())
      expect(() => consumeRateLimits(again.deps, {}, [limiter('demo', 1)])).toThrow(RateLimitedError)
    } finally { again.close() }
    t.clock.advance(61_000)
    expect(pruneRateLimitBuckets(t.deps)).toBe(1)
    expect(t.deps.db.select().from(rateLimitBuckets).all()).toHaveLength(0)
  })
})
