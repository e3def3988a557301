import type { Deps } from '../../lib/deps'
import { MINUTE, HOUR } from '../../lib/clock'
import { readJson } from '../../lib/http/body'
import { consumeRateLimits, showRateLimits, type Limiter } from '../../lib/http/rate-limit'
import { rateLimitIp, requestIp } from '../../lib/http/client-ip'

/** The limiters of one public route, from the client's rate-limit address and the request body. */
type LimiterSet = (ip: string, body: Record<string, unknown>) => Limiter[]

/** The limiters of conventions.md 11.1 for the public account and passkey routes. */
export const authLimiters = {
  register: (ip: string): Limiter[] => [{ name: 'register', limit: 10, windowMs: HOUR, key: ip }],
  /** `login` comes first: on a tie in remaining requests its numbers are the ones shown in the headers. */
  login: (ip: string, body: Record<string, unknown>): Limiter[] => {
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : ''
    return [
      { name: 'login', limit: 5, windowMs: MINUTE, key: `${email}|${ip}` },
      { name: 'login-ip', limit: 20, windowMs: MINUTE, key: ip },
    ]
  },
  verify: (ip: string): Limiter[] => [{ name: 'verify', limit: 10, windowMs: MINUTE, key: ip }],
  /** shared by forgot-password, reset-password and verify/resend */
  password: (ip: string): Limiter[] => [{ name: 'password', limit: 10, windowMs: HOUR, key: ip }],
  /** shared by passkey authenticate-options and authenticate */
  passkey: (ip: string): Limiter[] => [{ name: 'passkey', limit: 10, windowMs: MINUTE, key: ip }],
} satisfies Record<string, LimiterSet>

/**
 * The JSON body of a rate-limited public route, then its limiters (conventions.md §6: 415/400 before 429).
 * A body that cannot be read is not counted, yet its answer carries the X-RateLimit-* headers like every
 * response of a limited route (11.2); the login bucket is then the one of an absent e-mail.
 */
export function readLimitedBody(deps: Deps, request: Request, limiters: LimiterSet): Record<string, unknown> {
  const ip = rateLimitIp(requestIp(deps.config, request))
  let body: Record<string, unknown>
  try {
    body = readJson(request)
  } catch (err) {
    showRateLimits(deps, request, limiters(ip, {}))
    throw err
  }
  consumeRateLimits(deps, request, limiters(ip, body))
  return body
}
