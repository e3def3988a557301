import { isIP } from 'node:net'
import type { TrustProxy } from '../../config'
import { requestScope } from './request-scope'

/** IPv4-mapped IPv6 addresses are used as IPv4 (docs/api/conventions.md §11.3). */
export function canonicalIp(address: string): string {
  const a = address.trim().replace(/^\[|\]$/g, '')
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a)
  return mapped ? mapped[1]! : a.toLowerCase()
}

/** The client address under TRUST_PROXY: the N-th valid entry from the right of X-Forwarded-For. */
export function clientIp(peer: string, forwardedFor: string | null, trust: TrustProxy): string {
  const peerIp = canonicalIp(peer)
  if (trust === false || !forwardedFor) return peerIp
  const hops = forwardedFor.split(',').map(canonicalIp).filter((a) => isIP(a) !== 0)
  if (hops.length === 0) return peerIp
  return hops[Math.max(0, hops.length - trust)]!
}

/** Rate-limit key of an address: IPv6 reduced to its /64 prefix. */
export function rateLimitIp(ip: string): string {
  if (isIP(ip) !== 6) return ip
  const [head, tail] = ip.split('::') as [string, string | undefined]
  const left = head ? head.split(':') : []
  const right = tail !== undefined && tail !== '' ? tail.split(':') : []
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
  return groups.slice(0, 4).map((g) => parseInt(g || '0', 16).toString(16)).join(':') + '::/64'
}

/** The client address of a request, per TRUST_PROXY. */
export function requestIp(config: { trustProxy: TrustProxy }, request: Request): string {
  return clientIp(requestScope().peerIp, request.headers.get('x-forwarded-for'), config.trustProxy)
}
