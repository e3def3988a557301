/**
 * What one request carries from its first hook to its access-log line, kept in an AsyncLocalStorage scope so
 * that code far from the handler (the rate limiter, the logger, a mail sent after the answer) can reach it.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { AppError } from '../errors'
import type { LogFields } from '../logger'

export interface RequestScope {
  /** the TCP peer address (rate limits and TRUST_PROXY start from it) */
  peerIp: string
  /** the request itself, for code that records who sent it (a sign-in stores its User-Agent and address); absent outside requests */
  request?: Request
  startedAt: number
  /** fields on every log line of this request; `request_id` is set once the request's id is known */
  log: LogFields
  /** the account the request acted for, for the access-log line (sign-ins learn it only at the end) */
  userId?: string
  /**
   * A body that could not be decoded (415/400). Decoding happens before authentication, but the contract
   * answers 401 first (docs/api/conventions.md §6), so the error waits until the route's guard raises it.
   */
  bodyError?: AppError
  /** the same, on a route whose verb answers it itself (guard's `bodyCheckedByVerb`) */
  verbBodyError?: AppError
}

const storage = new AsyncLocalStorage<RequestScope>()

export function runInRequestScope<T>(peerIp: string, fn: () => T, request?: Request): T {
  const scope: RequestScope = { peerIp, request, startedAt: performance.now(), log: {} }
  return storage.run(scope, fn)
}

/** The scope of the request being handled (a detached one outside requests, so callers need no checks). */
export function requestScope(): RequestScope {
  return storage.getStore() ?? { peerIp: '127.0.0.1', startedAt: performance.now(), log: {} }
}

/** The fields every log line of the current request carries (none outside requests). */
export function requestLogFields(): LogFields | undefined {
  return storage.getStore()?.log
}

/** Records who a request acted for, for its access-log line. */
export function noteRequestUser(userId: string): void {
  requestScope().userId = userId
}
