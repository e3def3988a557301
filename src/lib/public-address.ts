/**
 * Which IP addresses an outgoing fetch may connect to (quick-add.md §7): every special-purpose range is
 * refused, IPv4-mapped and NAT64 IPv6 addresses are judged by the IPv4 address they carry.
 */
import { isIP } from 'node:net'

type V4Range = [base: number, prefix: number]

const v4 = (text: string): number => text.split('.').reduce((acc, part) => acc * 256 + Number(part), 0)

const REFUSED_V4: V4Range[] = ([
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const).map(([base, prefix]) => [v4(base), prefix])

function inV4Range(value: number, [base, prefix]: V4Range): boolean {
  const size = 2 ** (32 - prefix)
  return Math.floor(value / size) === Math.floor(base / size)
}

function isPublicV4(value: number): boolean {
  return !REFUSED_V4.some((range) => inV4Range(value, range))
}

/** Eight 16-bit groups of an IPv6 address (zone id dropped), or undefined when it does not parse. */
export function parseIpv6(text: string): number[] | undefined {
  let s = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s)
  if (dotted) {
    // A trailing dotted quad (::ffff:1.2.3.4) stands for the last two groups.
    if (isIP(dotted[1]!) !== 4) return undefined
    const n = v4(dotted[1]!)
    s = s.slice(0, -dotted[1]!.length) + Math.floor(n / 65536).toString(16) + ':' + (n % 65536).toString(16)
  }
  const halves = s.split('::')
  if (halves.length > 2) return undefined
  const parse = (part: string) => part === '' ? [] : part.split(':').map((g) => /^[0-9a-fA-F]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)
  const head = parse(halves[0]!)
  const rest = halves.length === 2 ? parse(halves[1]!) : []
  const known = head.length + rest.length
  if ([...head, ...rest].some(Number.isNaN)) return undefined
  if (halves.length === 1 ? known !== 8 : known > 7) return undefined
  return [...head, ...new Array<number>(8 - known).fill(0), ...rest]
}

const startsWith = (groups: number[], prefix: number[]) => prefix.every((g, i) => groups[i] === g)

function isPublicV6(g: number[]): boolean {
  const embedded = g[6]! * 65536 + g[7]!
  // ::ffff:0:0/96 (mapped), 64:ff9b::/96 (NAT64) and the deprecated ::/96 (compatible) carry an IPv4 address.
  if (startsWith(g, [0, 0, 0, 0, 0, 0xffff])) return isPublicV4(embedded)
  if (startsWith(g, [0x64, 0xff9b, 0, 0, 0, 0])) return isPublicV4(embedded)
  if (startsWith(g, [0, 0, 0, 0, 0, 0])) return false // covers ::/128, ::1/128 and IPv4-compatible addresses
  if (startsWith(g, [0x100, 0, 0, 0])) return false // 100::/64
  if (g[0] === 0x2001 && g[1] === 0xdb8) return false // 2001:db8::/32
  if ((g[0]! & 0xfe00) === 0xfc00) return false // fc00::/7
  if ((g[0]! & 0xffc0) === 0xfe80) return false // fe80::/10
  if ((g[0]! & 0xff00) === 0xff00) return false // ff00::/8
  return true
}

/** True only for a syntactically valid address outside every refused range. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '')
  const family = isIP(bare.replace(/%.*$/, ''))
  if (family === 4) return isPublicV4(v4(bare))
  if (family === 6) {
    const groups = parseIpv6(bare)
    return groups !== undefined && isPublicV6(groups)
  }
  return false
}
