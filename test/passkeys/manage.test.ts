import { beforeEach, describe, expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { SoftAuthenticator } from '../helpers/webauthn'
import { addPasskey } from './flow'

const t = useTestApp()
let user: TestUser
beforeEach(async () => {
  user = await createUser(t)
})

const NOT_FOUND = { success: false, message: 'The requested resource was not found.', code: 'not_found', timestamp: '2026-06-24T10:00:00.000Z' }
const UNKNOWN_ID = '0197a1b2-7e00-7a11-8b22-0c3d4e5f6a7b'

describe('GET /v1/auth/passkeys', () => {
  test('lists only the caller\'s passkeys, newest first', async () => {
    const older = await addPasskey(t, user, new SoftAuthenticator(), 'Old')
    t.clock.advance(60_000)
    const newer = await addPasskey(t, user, new SoftAuthenticator(), 'New')
    const other = await createUser(t)
    await addPasskey(t, other)
    const r = await t.request('GET', '/api/v1/auth/passkeys', { token: user.token })
    expect(r.status).toBe(200)
    expect(r.body.message).toBe('Success')
    expect(r.body.data).toEqual([newer, older])
    expect(Object.keys(newer)).toEqual(['id', 'name', 'created_at', 'last_used_at', 'transports', 'aaguid'])
  })

  test('an empty list', async () => {
    const r = await t.request('GET', '/api/v1/auth/passkeys', { token: user.token })
    expect(r.body.data).toEqual([])
  })

  test('401 without a token', async () => {
    expect((await t.request('GET', '/api/v1/auth/passkeys')).status).toBe(401)
  })
})

describe('PUT /v1/auth/passkeys/{passkey}', () => {
  test('renames (trimmed) and returns the passkey', async () => {
    const p = await addPasskey(t, user)
    const r = await t.request('PUT', `/api/v1/auth/passkeys/${p.id}`, { token: user.token, body: { name: '  Work laptop ' } })
    expect(r.status).toBe(200)
    expect(r.body.message).toBe('Passkey renamed.')
    expect(r.body.data).toEqual({ ...p, name: 'Work laptop' })
  })

  test('the id is matched case-insensitively', async () => {
    const p = await addPasskey(t, user)
    const r = await t.request('PUT', `/api/v1/auth/passkeys/${p.id.toUpperCase()}`, { token: user.token, body: { name: 'Upper' } })
    expect(r.status).toBe(200)
    expect(r.body.data.id).toBe(p.id)
  })

  test('validation: name required, a string, at most 50 characters', async () => {
    const p = await addPasskey(t, user)
    const cases: [unknown, string][] = [
      [{}, 'The name field is required.'],
      [{ name: '   ' }, 'The name field is required.'],
      [{ name: null }, 'The name field is required.'],
      [{ name: 12 }, 'The name field must be a string.'],
      [{ name: 'x'.repeat(51) }, 'The name field must not be greater than 50 characters.'],
    ]
    for (const [body, message] of cases) {
      const r = await t.request('PUT', `/api/v1/auth/passkeys/${p.id}`, { token: user.token, body })
      expect(r.status).toBe(422)
      expect(r.body.errors).toEqual({ name: [message] })
    }
    const fifty = await t.request('PUT', `/api/v1/auth/passkeys/${p.id}`, { token: user.token, body: { name: 'x'.repeat(50) } })
    expect(fifty.status).toBe(200)
  })

  test('another user\'s, unknown and malformed ids are 404 (before validation)', async () => {
    const other = await createUser(t)
    const theirs = await addPasskey(t, other)
    for (const id of [theirs.id, UNKNOWN_ID, 'not-a-uuid', '12']) {
      const r = await t.request('PUT', `/api/v1/auth/passkeys/${id}`, { token: user.token, body: { name: 'x'.repeat(60) } })
      expect(r.status).toBe(404)
      expect(r.body).toEqual(NOT_FOUND)
    }
    const list = await t.request('GET', '/api/v1/auth/passkeys', { token: other.token })
    expect(list.body.data[0].name).toBe('Passkey')
  })

  test('401 without a token', async () => {
    const p = await addPasskey(t, user)
    expect((await t.request('PUT', `/api/v1/auth/passkeys/${p.id}`, { body: { name: 'x' } })).status).toBe(401)
  })
})

describe('DELETE /v1/auth/passkeys/{passkey}', () => {
  test('deletes the passkey', async () => {
    const p = await addPasskey(t, user)
    const keep = await addPasskey(t, user)
    const r = await t.request('DELETE', `/api/v1/auth/passkeys/${p.id}`, { token: user.token })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ success: true, message: 'Passkey deleted.', data: null, timestamp: '2026-06-24T10:00:00.000Z' })
    const list = await t.request('GET', '/api/v1/auth/passkeys', { token: user.token })
    expect(list.body.data).toEqual([keep])
    expect((await t.request('DELETE', `/api/v1/auth/passkeys/${p.id}`, { token: user.token })).status).toBe(404)
  })

  test('another user\'s, unknown and malformed ids are 404', async () => {
    const other = await createUser(t)
    const theirs = await addPasskey(t, other)
    for (const id of [theirs.id, UNKNOWN_ID, 'nope']) {
      const r = await t.request('DELETE', `/api/v1/auth/passkeys/${id}`, { token: user.token })
      expect(r.status).toBe(404)
      expect(r.body).toEqual(NOT_FOUND)
    }
    expect((await t.request('GET', '/api/v1/auth/passkeys', { token: other.token })).body.data).toEqual([theirs])
  })

  test('401 without a token', async () => {
    const p = await addPasskey(t, user)
    expect((await t.request('DELETE', `/api/v1/auth/passkeys/${p.id}`)).status).toBe(401)
  })
})
