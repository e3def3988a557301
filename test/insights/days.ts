/** Building a person's days for the insights tests: dates, a seeded random sequence, and posting check-ins. */
import { expect } from 'bun:test'
import type { TestApp } from '../helpers/app'
import type { TestUser } from '../helpers/fixtures'

export { seeded } from './random'

const DAY_MS = 86_400_000

/** The date `n` days after `date` (before, for a negative n). */
export const addDays = (date: string, n: number) => new Date(Date.parse(date) + n * DAY_MS).toISOString().slice(0, 10)

/** `count` consecutive dates ending with `last`, oldest first. */
export const datesEnding = (last: string, count: number) => Array.from({ length: count }, (_, i) => addDays(last, i - count + 1))

/** An integer from `low` to `high`, both included. */
export const between = (random: () => number, low: number, high: number) => low + Math.floor(random() * (high - low + 1))

export async function postDay(t: TestApp, user: TestUser, body: Record<string, unknown>): Promise<void> {
  const r = await t.request('POST', '/api/v1/check-in', { token: user.token, body })
  expect({ date: body.date, status: r.status, body: r.status === 201 ? undefined : r.body }).toEqual({ date: body.date, status: 201, body: undefined })
}

/** Creates one of the person's own definitions (`/trackers`, `/activities`, `/sports`); its id. */
export async function define(t: TestApp, user: TestUser, path: string, body: Record<string, unknown>): Promise<number> {
  const r = await t.request('POST', `/api/v1${path}`, { token: user.token, body })
  expect(r.status).toBe(201)
  return r.body.data.id
}

export async function insights(t: TestApp, user: TestUser, query = ''): Promise<any> {
  const r = await t.request('GET', `/api/v1/insights${query}`, { token: user.token })
  expect(r.status).toBe(200)
  expect(r.body.message).toBe('Insights retrieved successfully.')
  return r.body.data
}
