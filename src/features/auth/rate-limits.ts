import { MINUTE, HOUR } from '../../lib/clock'
import type { Limiter } from '../../lib/http/rate-limit'
import type { LimiterSet } from '../../lib/http/guard'

/** The limiters of docs/api/conventions.md §11.1 for the account and passkey routes (`{ rateLimit: … }`). */
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
  /** DELETE /users/me: a password (or passkey) check like a sign-in's, on a device that is already signed in */
  accountDelete: (ip: string): Limiter[] => [{ name: 'account-delete', limit: 5, windowMs: MINUTE, key: ip }],
  /** PATCH /users/me: a new address gets a mail, so strangers' inboxes cannot be filled from one account */
  accountUpdate: (ip: string): Limiter[] => [{ name: 'account-update', limit: 10, windowMs: HOUR, key: ip }],
} satisfies Record<string, LimiterSet>
