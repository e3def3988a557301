import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { createTestApp, type TestApp } from '../helpers/app'
import { HOUR, MINUTE } from '../../src/lib/clock'

let t: TestApp
beforeEach(() => { t = createTestApp() })
afterEach(() => t.close())

const IP = '203.0.113.7'
const post = (path: string, body: unknown, ip = IP, headers?: Record<string, string>) =>
  t.request('POST', `/api/v1/auth/${path}`, { body, ip, headers })
const limits = (r: { headers: Headers }) => [r.headers.get('x-ratelimit-limit'), r.headers.get('x-ratelimit-remaining')]

function expect429(r: { status: number; body: any; headers: Headers }, limit: number, retryAfter: number) {
  expect(r.status).toBe(429)
  expect(r.body).toEqual({ success: false, message: 'Too many requests. Please slow down.', code: 'rate_limited', timestamp: expect.any(String) })
  expect(r.headers.get('retry-after')).toBe(String(retryAfter))
  expect(limits(r)).toEqual([String(limit), '0'])
}

describe('login and login-ip', () => {
  test('the 6th attempt in a minute for one e-mail and address is refused; the window then resets', async () => {
    const body = { email: 'Ada@example.com', password: 'wrong password here' }
    for (let i = 1; i <= 5; i++) {
      const r = await post('login', body)
      expect(r.status).toBe(401)
      expect(limits(r)).toEqual(['5', String(5 - i)])
    }
    t.clock.advance(15 * 1000)
    // One bucket: the e-mail is trimmed and lowercased. Refused before validation.
    expect429(await post('login', { email: ' ada@EXAMPLE.com ', password: '' }), 5, 45)
    // Another address, or another e-mail from this address, has its own login bucket.
    expect((await post('login', body, '198.51.100.1')).status).toBe(401)
    const other = await post('login', { email: 'bob@example.com', password: 'wrong password here' })
    expect(other.status).toBe(401)
    expect(limits(other)).toEqual(['5', '4'])
    t.clock.advance(45 * 1000)
    const again = await post('login', body)
    expect(again.status).toBe(401)
    expect(limits(again)).toEqual(['5', '4'])
  })

  test('20 a minute per address whatever the e-mail; headers show the tighter limiter', async () => {
    for (let i = 1; i <= 20; i++) {
      const r = await post('login', { email: `user${i}@example.com` })
      expect(r.status).toBe(422)
      // login has 4 left, login-ip 20 - i: the smaller one is shown, login on a tie
      expect(limits(r)).toEqual(20 - i < 4 ? ['20', String(20 - i)] : ['5', '4'])
    }
    expect429(await post('login', { email: 'user99@example.com' }), 20, 60)
    expect((await post('login', { email: 'user99@example.com' }, '198.51.100.1')).status).toBe(422)
  })

  test('a malformed body is answered 400 before the limiter, and not counted', async () => {
    for (let i = 0; i < 5; i++) await post('login', { email: 'ada@example.com' })
    const bad = await t.request('POST', '/api/v1/auth/login', { body: '{nope', headers: { 'content-type': 'application/json' }, ip: IP })
    expect(bad.status).toBe(400)
    expect429(await post('login', { email: 'ada@example.com' }), 5, 60)
  })

  test('a body that cannot be read still carries the headers: the empty-e-mail bucket and login-ip, uncounted', async () => {
    for (let i = 0; i < 17; i++) await post('login', { email: `user${i}@example.com` })
    const bad = await t.request('POST', '/api/v1/auth/login', { body: '{nope', headers: { 'content-type': 'application/json' }, ip: IP })
    expect(bad.status).toBe(400)
    // login ('' + IP) has 5 left, login-ip 3: the tighter one is shown
    expect(limits(bad)).toEqual(['20', '3'])
    expect(limits(await post('login', {}))).toEqual(['20', '2'])
  })
})

describe('register', () => {
  test('the 11th registration in an hour from one address is refused; invalid ones count; the hour resets it', async () => {
    for (let i = 1; i <= 10; i++) {
      const r = await post('register', { name: 'x' })
      expect(r.status).toBe(422)
      expect(limits(r)).toEqual(['10', String(10 - i)])
    }
    t.clock.advance(20 * MINUTE)
    expect429(await post('register', { name: 'x' }), 10, 40 * 60)
    expect((await post('register', { name: 'x' }, '198.51.100.1')).status).toBe(422)
    t.clock.advance(40 * MINUTE)
    expect((await post('register', { name: 'x' })).status).toBe(422)
  })

  test('415 and 400 answers are not counted but carry the headers', async () => {
    for (let i = 0; i < 3; i++) await post('register', {})
    const xml = await t.request('POST', '/api/v1/auth/register', { body: '<x/>', headers: { 'content-type': 'application/xml' }, ip: IP })
    expect(xml.status).toBe(415)
    expect(limits(xml)).toEqual(['10', '7'])
    const array = await t.request('POST', '/api/v1/auth/register', { body: '[]', headers: { 'content-type': 'application/json' }, ip: IP })
    expect(array.status).toBe(400)
    expect(limits(array)).toEqual(['10', '7'])
    expect(limits(await post('register', {}))).toEqual(['10', '6'])
    for (let i = 0; i < 6; i++) await post('register', {})
    // a full bucket shows 0 remaining on the 400 too; the body error still answers first
    const full = await t.request('POST', '/api/v1/auth/register', { body: '{', headers: { 'content-type': 'application/json' }, ip: IP })
    expect(full.status).toBe(400)
    expect(limits(full)).toEqual(['10', '0'])
  })

  test('IPv6 clients share a bucket per /64', async () => {
    for (let i = 1; i <= 10; i++) await post('register', {}, `2001:db8:1:2::${i}`)
    expect429(await post('register', {}, '2001:db8:1:2:ffff::1'), 10, 3600)
    expect((await post('register', {}, '2001:db8:1:3::1')).status).toBe(422)
  })

  test('behind a trusted proxy the forwarded address is the key', async () => {
    t.close()
    t = createTestApp({ TRUST_PROXY: 'true' })
    for (let i = 1; i <= 10; i++) await post('register', {}, '10.0.0.1', { 'x-forwarded-for': '192.0.2.1' })
    expect429(await post('register', {}, '10.0.0.1', { 'x-forwarded-for': '192.0.2.1' }), 10, 3600)
    expect((await post('register', {}, '10.0.0.1', { 'x-forwarded-for': '192.0.2.2' })).status).toBe(422)
  })
})

describe('verify and the password group', () => {
  test('verify: 10 a minute per address', async () => {
    for (let i = 1; i <= 10; i++) expect((await post('verify', {})).status).toBe(422)
    expect429(await post('verify', {}), 10, 60)
    t.clock.advance(MINUTE)
    expect((await post('verify', {})).status).toBe(422)
  })

  test('forgot-password, reset-password and verify/resend share one bucket of 10 an hour', async () => {
    for (let i = 0; i < 4; i++) expect((await post('forgot-password', {})).status).toBe(422)
    for (let i = 0; i < 3; i++) expect((await post('reset-password', {})).status).toBe(422)
    for (let i = 0; i < 3; i++) expect((await post('verify/resend', {})).status).toBe(422)
    for (const path of ['forgot-password', 'reset-password', 'verify/resend']) expect429(await post(path, {}), 10, 3600)
    t.clock.advance(HOUR)
    expect((await post('verify/resend', { email: 'a@example.com' })).status).toBe(200)
  })

  test('signed-in account routes carry no rate-limit headers', async () => {
    const r = await t.request('GET', '/api/v1/auth/tokens')
    expect(r.headers.get('x-ratelimit-limit')).toBeNull()
  })
})
