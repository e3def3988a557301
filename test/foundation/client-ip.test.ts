import { describe, expect, test } from 'bun:test'
import { canonicalIp, clientIp, rateLimitIp } from '../../src/lib/http/client-ip'

describe('client IP and TRUST_PROXY (docs/api/conventions.md §11.3)', () => {
  test('without trust the peer address is used and X-Forwarded-For ignored', () => {
    expect(clientIp('10.0.0.9', '203.0.113.5', false)).toBe('10.0.0.9')
  })
  test('one hop: the rightmost valid address', () => {
    expect(clientIp('10.0.0.9', '198.51.100.1, 203.0.113.5', 1)).toBe('203.0.113.5')
    expect(clientIp('10.0.0.9', 'garbage, ', 1)).toBe('10.0.0.9')
    expect(clientIp('10.0.0.9', null, 1)).toBe('10.0.0.9')
  })
  test('N hops: the N-th from the right, or the leftmost when there are fewer', () => {
    expect(clientIp('10.0.0.9', '1.1.1.1, 2.2.2.2, 3.3.3.3', 2)).toBe('2.2.2.2')
    expect(clientIp('10.0.0.9', '1.1.1.1, 2.2.2.2', 5)).toBe('1.1.1.1')
  })
  test('IPv4-mapped IPv6 becomes IPv4; IPv6 rate-limit keys use the /64', () => {
    expect(canonicalIp('::ffff:203.0.113.5')).toBe('203.0.113.5')
    expect(clientIp('::ffff:127.0.0.1', null, false)).toBe('127.0.0.1')
    expect(rateLimitIp('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(rateLimitIp('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(rateLimitIp('::1')).toBe('0:0:0:0::/64')
    expect(rateLimitIp('203.0.113.5')).toBe('203.0.113.5')
  })
})
