import type { TestApp, TestResponse } from '../helpers/app'
import type { TestUser } from '../helpers/fixtures'

export const TRACKER_KEYS = [
  'mood', 'sleep', 'dreams', 'food_quality', 'food_amount', 'water', 'sports', 'work', 'menstruation', 'alcohol', 'smoking', 'social_life',
] as const

export const EMPTY_TRACKERS = Object.fromEntries(TRACKER_KEYS.map((k) => [k, null])) as Record<(typeof TRACKER_KEYS)[number], null>

export function post(t: TestApp, user: TestUser | null, body: unknown): Promise<TestResponse> {
  return t.request('POST', '/api/v1/check-in', { token: user?.token, body })
}

export function list(t: TestApp, user: TestUser | null, query = ''): Promise<TestResponse> {
  return t.request('GET', `/api/v1/check-in${query}`, { token: user?.token })
}

export { expectInvalid, expectUnauthenticated } from '../helpers/expect'
