import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { expectError, requestsOf, sendRequest } from './helpers'

const t = useTestApp()
let alice: TestUser
let bob: TestUser
beforeEach(async () => {
  alice = await createUser(t, { name: 'Alice' })
  bob = await createUser(t, { name: 'Bob' })
})

describe('authentication and ids', () => {
  test('401 without a valid token on every endpoint, and nothing changes', async () => {
    const id = await sendRequest(t, alice, bob)
    const calls: [string, string][] = [
      ['GET', '/api/v1/friends'],
      ['GET', '/api/v1/friends/requests'],
      ['POST', '/api/v1/friends/requests'],
      ['PUT', `/api/v1/friends/requests/${id}/accept`],
      ['PUT', `/api/v1/friends/requests/${id}/reject`],
      ['DELETE', `/api/v1/friends/requests/${id}`],
      ['DELETE', `/api/v1/friends/${bob.id}`],
    ]
    for (const [method, path] of calls) {
      for (const headers of [{}, { authorization: 'Bearer 1|' + 'x'.repeat(40) }] as Record<string, string>[]) {
        const r = await t.request(method, path, { headers, body: method === 'POST' ? { receiver_id: bob.id } : undefined })
        expectError(r, 401, 'unauthenticated', 'Unauthenticated.')
      }
    }
    expect((await requestsOf(t, bob)).map((x) => [x.id, x.status])).toEqual([[id, 'pending']])
  })

  test('malformed request ids are 404', async () => {
    await sendRequest(t, alice, bob)
    for (const bad of ['abc', '0', '-1', '1.5', '01', '99999999999999999']) {
      for (const [method, path] of [['PUT', `/api/v1/friends/requests/${bad}/accept`], ['PUT', `/api/v1/friends/requests/${bad}/reject`], ['DELETE', `/api/v1/friends/requests/${bad}`]] as const) {
        expectError(await t.request(method, path, { token: bob.token }), 404, 'not_found')
      }
    }
  })

  test('request ids of other pairs are 404 for accept, reject and cancel', async () => {
    const carol = await createUser(t, { name: 'Carol' })
    const id = await sendRequest(t, bob, carol)
    expectError(await t.request('PUT', `/api/v1/friends/requests/${id}/accept`, { token: alice.token }), 404, 'not_found')
    expectError(await t.request('PUT', `/api/v1/friends/requests/${id}/reject`, { token: alice.token }), 404, 'not_found')
    expectError(await t.request('DELETE', `/api/v1/friends/requests/${id}`, { token: alice.token }), 404, 'not_found')
    expect((await requestsOf(t, carol))[0].status).toBe('pending')
  })

  test('bodies sent to body-less endpoints are ignored', async () => {
    const id = await sendRequest(t, alice, bob)
    const r = await t.request('PUT', `/api/v1/friends/requests/${id}/accept`, { token: bob.token, body: '{not json', headers: { 'content-type': 'application/json' } })
    expect(r.status).toBe(200)
  })
})
