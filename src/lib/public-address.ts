/**
 * Which IP addresses an outgoing fetch may connect to (docs/api/quick-add.md §7): only ordinary unicast addresses.
 * The special-purpose ranges are ipaddr.js's (a maintained table of the IANA registries), so anything it
 * classifies otherwise (private, loopback, link-local, unique local, CGNAT, documentation, benchmarking,
 * multicast, 6to4, Teredo, …) is refused, including ranges a later version adds. IPv4-mapped and NAT64
 * addresses are judged by the IPv4 address they carry.
 */
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

/** The well-known NAT64 prefix (RFC 6052): the last 32 bits are the IPv4 address reached through it. */
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96')
/**
 * The deprecated IPv4-compatible addresses (::a.b.c.d, RFC 4291 §2.5.5.1): ipaddr.js names only :: and ::1 in
 * this /96 and calls the rest unicast, but nothing public lives there.
 */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96')

function isPublicV6(address: ipaddr.IPv6): boolean {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().range() === 'unicast'
  if (address.match(NAT64)) return new ipaddr.IPv4(address.toByteArray().slice(12)).range() === 'unicast'
  if (address.match(IPV4_COMPATIBLE)) return false
  return address.range() === 'unicast'
}

/**
 * True only for a syntactically valid address (node's own parser decides) outside every special-purpose range.
 * An IPv6 address is handed to ipaddr.js in the URL standard's canonical form (hex groups, no zone): ipaddr.js
 * reads a dotted tail after "::" (::8.8.8.8) as IPv4-mapped, which it is not.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  const family = isIP(bare)
  if (family === 4) return ipaddr.IPv4.parse(bare).range() === 'unicast'
  if (family === 6) return isPublicV6(ipaddr.IPv6.parse(new URL(`http://[${bare}]/`).hostname.slice(1, -1)))
  return false
}
