/** Requests for the convention tests: every answer is checked against docs/api/conventions.md §4–5 on the way back. */
import { expect } from 'bun:test'
import type { RequestOptions, TestApp, TestResponse } from '../helpers/app'

export const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, Accept, X-Requested-With, X-Request-Id',
  'access-control-expose-headers': 'Content-Disposition, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-Request-Id',
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** CORS, X-Request-Id, nosniff on every answer; JSON answers are `application/json; charset=utf-8` and `no-store`. */
export function expectCommonHeaders(r: TestResponse, sentRequestId?: string): void {
  const h = r.headers
  expect({ ...Object.fromEntries(Object.keys(CORS).map((k) => [k, h.get(k)])) }).toEqual(CORS)
  expect(h.get('access-control-allow-credentials')).toBeNull()
  expect(h.get('x-content-type-options')).toBe('nosniff')
  if (sentRequestId) expect(h.get('x-request-id')).toBe(sentRequestId)
  else expect(h.get('x-request-id')).toMatch(UUID)
  const type = h.get('content-type')
  if (type?.includes('json')) {
    expect(type).toBe('application/json; charset=utf-8')
    expect(h.get('cache-control')).toBe('no-store')
  }
}

let ipCounter = 0
/** A distinct client address per request, so the rate limiters of public routes never interfere. */
export function nextIp(): string {
  ipCounter += 1
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`
}

/** One request with a fresh client address; the common headers are asserted on the answer. */
export async function call(t: TestApp, method: string, path: string, opts: RequestOptions = {}): Promise<TestResponse> {
  const r = await t.request(method, path, { ip: nextIp(), ...opts })
  expectCommonHeaders(r, opts.headers?.['x-request-id'])
  expect(r.status).toBeLessThan(500)
  return r
}

export function expectExactError(r: TestResponse, status: number, code: string, message: string): void {
  expect({ status: r.status, body: r.body }).toEqual({
    status, body: { success: false, message, code, timestamp: '2026-06-24T10:00:00.000Z' },
  })
}

export const expect401 = (r: TestResponse) => expectExactError(r, 401, 'unauthenticated', 'Unauthenticated.')
export const expect404 = (r: TestResponse) => expectExactError(r, 404, 'not_found', 'The requested resource was not found.')
export const expect405 = (r: TestResponse, allow: string) => {
  expectExactError(r, 405, 'method_not_allowed', 'The specified method for the request is invalid.')
  expect(r.headers.get('allow')).toBe(allow)
}
