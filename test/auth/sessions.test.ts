import { afterEach, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../helpers/app'
import { createUser, newToken } from '../helpers/fixtures'
import { DAY, MINUTE } from '../../src/lib/clock'
import { createMailApp, login, registerAndVerify, type MailApp } from './helpers'

let t: TestApp | undefined
let m: MailApp | undefined
afterEach(async () => { t?.close(); t = undefined; await m?.close(); m = undefined })

const NOW = '2026-06-24T10:00:00.000Z'
const tokensOf = (app: TestApp, token: string) => app.request('GET', '/api/v1/auth/tokens', { token })

describe('the account loop', () => {
  test('register → mailed link → verify → login → refresh → tokens → revoke → logout-all', async () => {
    m = await createMailApp()
    const app = m.t
    const userId = await registerAndVerify(m)
    const phone = await login(app, 'ada@example.com', undefined, 'mobile')
    const laptop = await login(app, 'ada@example.com', undefined, 'desktop')
    const browser = await login(app, 'ada@example.com')

    app.clock.advance(MINUTE)
    const refreshed = await app.request('POST', '/api/v1/auth/refresh', { token: browser.token })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.message).toBe('Token refreshed successfully.')
    expect(refreshed.body.data.user).toMatchObject({ id: userId, email: 'ada@example.com', confirmed: true, role: 'super_admin' })
    expect(refreshed.body.data.token_type).toBe('Bearer')
    expect(refreshed.body.data.token_expires_at).toBe('2026-07-01T10:01:00.000Z')
    const current = refreshed.body.data.token as string
    const currentId = Number(current.split('|')[0])
    expect((await tokensOf(app, browser.token)).status).toBe(401)

    const list = await tokensOf(app, current)
    expect(list.status).toBe(200)
    expect(list.body.message).toBe('Tokens retrieved successfully.')
    expect(list.body.data.map((x: { id: number }) => x.id)).toEqual([currentId, laptop.id, phone.id])
    expect(list.body.data[0]).toEqual({
      id: currentId, name: 'auth-token-web', created_at: '2026-06-24T10:01:00.000Z', last_used_at: '2026-06-24T10:01:00.000Z',
      expires_at: '2026-07-01T10:01:00.000Z', is_current: true, browser: null, system: null, device: 'Unknown device', ip: '127.0.0.1',
    })
    expect(list.body.data[2]).toMatchObject({ name: 'auth-token-mobile', is_current: false, last_used_at: null, expires_at: '2026-09-22T10:00:00.000Z' })

    const revoked = await app.request('POST', '/api/v1/auth/revoke-token', { token: current, body: { token_id: laptop.id } })
    expect(revoked.status).toBe(200)
    expect(revoked.body).toEqual({ success: true, message: 'Token revoked successfully', data: null, timestamp: '2026-06-24T10:01:00.000Z' })
    expect((await tokensOf(app, laptop.token)).status).toBe(401)

    const tablet = await login(app, 'ada@example.com', undefined, 'mobile')
    const all = await app.request('POST', '/api/v1/auth/logout-all', { token: current })
    expect(all.status).toBe(200)
    expect(all.body).toEqual({ success: true, message: 'Logged out from all devices.', data: { revoked: 2 }, timestamp: '2026-06-24T10:01:00.000Z' })
    for (const other of [phone, tablet]) expect((await tokensOf(app, other.token)).status).toBe(401)
    const after = await tokensOf(app, current)
    expect(after.status).toBe(200)
    expect(after.body.data.map((x: { id: number }) => x.id)).toEqual([currentId])
  })
})

describe('signed-in endpoints', () => {
  test('401 without a valid token', async () => {
    t = createTestApp()
    const routes: [string, string][] = [
      ['POST', '/api/v1/auth/logout'], ['POST', '/api/v1/auth/logout-all'], ['POST', '/api/v1/auth/refresh'],
      ['GET', '/api/v1/auth/tokens'], ['POST', '/api/v1/auth/revoke-token'],
    ]
    for (const [method, path] of routes) {
      for (const token of [undefined, '1|' + 'a'.repeat(40), 'garbage']) {
        const r = await t.request(method, path, { token, body: method === 'POST' ? { token_id: 1 } : undefined })
        expect(r.status).toBe(401)
        expect(r.body).toEqual({ success: false, message: 'Unauthenticated.', code: 'unauthenticated', timestamp: NOW })
      }
      // 401 comes before body parsing
      const malformed = await t.request(method, path, { body: '{nope', headers: { 'content-type': 'application/json' } })
      expect(malformed.status).toBe(401)
    }
  })

  test('a signed-in body that cannot be read: 400 or 415, and the token stays', async () => {
    t = createTestApp()
    const u = await createUser(t)
    for (const path of ['/api/v1/auth/refresh', '/api/v1/auth/revoke-token']) {
      const bad = await t.request('POST', path, { token: u.token, body: '[1]', headers: { 'content-type': 'application/json' } })
      expect(bad.status).toBe(400)
      expect(bad.body.code).toBe('malformed_json')
      const xml = await t.request('POST', path, { token: u.token, body: '<x/>', headers: { 'content-type': 'application/xml' } })
      expect(xml.status).toBe(415)
    }
    expect((await tokensOf(t, u.token)).status).toBe(200)
  })

  test('logout revokes only the calling token', async () => {
    t = createTestApp()
    const u = await createUser(t)
    const other = newToken(t, u.id)
    const r = await t.request('POST', '/api/v1/auth/logout', { token: u.token })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ success: true, message: 'Logout successful.', data: null, timestamp: NOW })
    expect((await tokensOf(t, u.token)).status).toBe(401)
    expect((await tokensOf(t, other.token)).status).toBe(200)
  })

  test('logout-all with no other token revokes nothing; other users keep theirs', async () => {
    t = createTestApp()
    const u = await createUser(t)
    const v = await createUser(t)
    const r = await t.request('POST', '/api/v1/auth/logout-all', { token: u.token })
    expect(r.body.data).toEqual({ revoked: 0 })
    expect((await tokensOf(t, v.token)).status).toBe(200)
  })

  test('refresh keeps the calling platform unless another is asked for', async () => {
    t = createTestApp()
    const u = await createUser(t, { platform: 'mobile' })
    const same = await t.request('POST', '/api/v1/auth/refresh', { token: u.token })
    expect(same.body.data.token_expires_at).toBe('2026-09-22T10:00:00.000Z')
    const web = await t.request('POST', '/api/v1/auth/refresh', { token: same.body.data.token, body: { platform: 'web' } })
    expect(web.body.data.token_expires_at).toBe('2026-07-01T10:00:00.000Z')
    const list = await tokensOf(t, web.body.data.token)
    expect(list.body.data.map((x: { name: string }) => x.name)).toEqual(['auth-token-web'])
    const bad = await t.request('POST', '/api/v1/auth/refresh', { token: web.body.data.token, body: { platform: 'pager' } })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({ platform: ['The selected platform is invalid.'] })
    // A refused refresh leaves the token in place.
    expect((await tokensOf(t, web.body.data.token)).status).toBe(200)
  })

  test('refresh of an expired token is refused', async () => {
    t = createTestApp()
    const u = await createUser(t)
    t.clock.advance(7 * DAY)
    expect((await t.request('POST', '/api/v1/auth/refresh', { token: u.token })).status).toBe(401)
  })

  test('the token list leaves out expired tokens and shows last use at most once a minute', async () => {
    t = createTestApp()
    const u = await createUser(t, { platform: 'desktop' })
    const short = newToken(t, u.id, 'web')
    t.clock.advance(30_000)
    expect((await tokensOf(t, u.token)).body.data.find((x: { id: number }) => x.id === u.tokenId).last_used_at).toBe('2026-06-24T10:00:30.000Z')
    t.clock.advance(20_000)
    expect((await tokensOf(t, u.token)).body.data.find((x: { id: number }) => x.id === u.tokenId).last_used_at).toBe('2026-06-24T10:00:30.000Z')
    t.clock.advance(8 * DAY)
    const list = await tokensOf(t, u.token)
    expect(list.body.data.map((x: { id: number }) => x.id)).toEqual([u.tokenId])
    expect(list.body.data.some((x: { id: number }) => x.id === short.id)).toBe(false)
  })

  test('revoke-token: validation, unknown or foreign id, the calling token, an expired own token', async () => {
    t = createTestApp()
    const u = await createUser(t)
    const v = await createUser(t)
    const revoke = (body: unknown) => t!.request('POST', '/api/v1/auth/revoke-token', { token: u.token, body })

    expect((await revoke({})).body.errors).toEqual({ token_id: ['The token id field is required.'] })
    expect((await revoke({ token_id: '5' })).body.errors).toEqual({ token_id: ['The token id field must be an integer.'] })
    expect((await revoke({ token_id: 1.5 })).status).toBe(422)

    for (const id of [v.tokenId, 999999]) {
      const r = await revoke({ token_id: id })
      expect(r.status).toBe(404)
      expect(r.body).toEqual({ success: false, message: 'Token not found', code: 'not_found', timestamp: NOW })
    }
    expect((await tokensOf(t, v.token)).status).toBe(200)

    const self = await revoke({ token_id: u.tokenId })
    expect(self.status).toBe(400)
    expect(self.body).toEqual({ success: false, message: 'Cannot revoke current token. Use logout instead.', code: 'cannot_revoke_current', timestamp: NOW })

    const old = newToken(t, u.id, 'web')
    const keeper = newToken(t, u.id, 'mobile')
    t.clock.advance(8 * DAY)
    const r = await t.request('POST', '/api/v1/auth/revoke-token', { token: keeper.token, body: { token_id: old.id } })
    expect(r.status).toBe(200)
    expect((await t.request('POST', '/api/v1/auth/revoke-token', { token: keeper.token, body: { token_id: old.id } })).status).toBe(404)
  })
})
