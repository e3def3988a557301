import { expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'

const t = useTestApp()

const OPTIONS = '/api/v1/auth/passkey/authenticate-options'
const AUTHENTICATE = '/api/v1/auth/passkey/authenticate'

test('both sign-in endpoints share 10 requests a minute per client IP; the 11th is 429', async () => {
  for (let i = 0; i < 10; i++) {
    const path = i % 2 === 0 ? OPTIONS : AUTHENTICATE
    // Failed and invalid requests count too.
    const r = await t.request('POST', path, { body: i % 2 === 0 ? {} : { response: {} }, ip: '203.0.113.7' })
    expect(r.status).toBe(i % 2 === 0 ? 200 : 401)
    expect(r.headers.get('x-ratelimit-limit')).toBe('10')
    expect(r.headers.get('x-ratelimit-remaining')).toBe(String(9 - i))
  }
  for (const path of [OPTIONS, AUTHENTICATE]) {
    const r = await t.request('POST', path, { body: {}, ip: '203.0.113.7' })
    expect(r.status).toBe(429)
    expect(r.body.code).toBe('rate_limited')
    expect(r.body.message).toBe('Too many requests. Please slow down.')
    expect(r.headers.get('retry-after')).toBe('60')
    expect(r.headers.get('x-ratelimit-remaining')).toBe('0')
  }
  // Another address has its own bucket; the window ends after a minute.
  expect((await t.request('POST', OPTIONS, { ip: '203.0.113.8' })).status).toBe(200)
  t.clock.advance(60_000)
  expect((await t.request('POST', OPTIONS, { ip: '203.0.113.7' })).status).toBe(200)
})

test('IPv6 clients share a bucket per /64', async () => {
  for (let i = 0; i < 10; i++) expect((await t.request('POST', OPTIONS, { ip: `2001:db8:1:2::${i + 1}` })).status).toBe(200)
  expect((await t.request('POST', OPTIONS, { ip: '2001:db8:1:2:ffff::1' })).status).toBe(429)
  expect((await t.request('POST', OPTIONS, { ip: '2001:db8:1:3::1' })).status).toBe(200)
})

test('malformed JSON is answered 400 before the limiter counts, with the uncounted headers', async () => {
  const r = await t.request('POST', OPTIONS, { body: '[1]', headers: { 'content-type': 'application/json' } })
  expect(r.status).toBe(400)
  expect(r.body.code).toBe('malformed_json')
  expect([r.headers.get('x-ratelimit-limit'), r.headers.get('x-ratelimit-remaining')]).toEqual(['10', '10'])
  const next = await t.request('POST', AUTHENTICATE, { body: { response: 'x' } })
  expect(next.status).toBe(422)
  expect(next.headers.get('x-ratelimit-remaining')).toBe('9')
})
