import { expect } from 'bun:test'
import type { TestApp } from '../helpers/app'
import type { TestUser } from '../helpers/fixtures'

/** Sends a friend request from `from` to `to` over HTTP and returns its id. */
export async function sendRequest(t: TestApp, from: TestUser, to: TestUser): Promise<number> {
  const r = await t.request('POST', '/api/v1/friends/requests', { token: from.token, body: { receiver_id: to.id } })
  expect(r.status).toBe(200)
  return r.body.data.id
}

export async function answer(t: TestApp, user: TestUser, id: number | string, verb: 'accept' | 'reject') {
  return t.request('PUT', `/api/v1/friends/requests/${id}/${verb}`, { token: user.token })
}

/** Makes `a` and `b` friends (a asks, b accepts). */
export async function befriend(t: TestApp, a: TestUser, b: TestUser): Promise<void> {
  const id = await sendRequest(t, a, b)
  expect((await answer(t, b, id, 'accept')).status).toBe(200)
}

export async function friendIds(t: TestApp, user: TestUser): Promise<string[]> {
  const r = await t.request('GET', '/api/v1/friends', { token: user.token })
  expect(r.status).toBe(200)
  return r.body.data.map((f: { id: string }) => f.id)
}

export async function requestsOf(t: TestApp, user: TestUser): Promise<any[]> {
  const r = await t.request('GET', '/api/v1/friends/requests', { token: user.token })
  expect(r.status).toBe(200)
  return r.body.data
}

export { expectError } from '../helpers/expect'
