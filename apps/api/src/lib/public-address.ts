import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns'
import { BlockList, isIP } from 'node:net'

/**
 * IPv4 ranges a server must never be sent to on someone else's say-so (a URL a user gave us): unspecified,
 * private, CGNAT, loopback, link-local (cloud metadata at 169.254.169.254), protocol and documentation ranges,
 * benchmarking, multicast, reserved and broadcast.
 */
const IPV4_NOT_PUBLIC: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
]

/** IPv6 ranges that are never a public host: ::/96 holds :: (unspecified), ::1 (loopback) and IPv4-compatible. */
const IPV6_NOT_PUBLIC: [string, number][] = [
  ['::', 96],
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (the private ranges of IPv6)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
]

const hex16 = (a: number, b: number) => ((a << 8) | b).toString(16)

function buildBlockList(): BlockList {
  const list = new BlockList()
  for (const [net, prefix] of IPV4_NOT_PUBLIC) {
    // BlockList matches IPv4-mapped IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1) against these IPv4 rules itself.
    list.addSubnet(net, prefix, 'ipv4')
    // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 address inside: the same ranges, embedded.
    const [a = 0, b = 0, c = 0, d = 0] = net.split('.').map(Number)
    list.addSubnet(`64:ff9b::${hex16(a, b)}:${hex16(c, d)}`, 96 + prefix, 'ipv6')
    list.addSubnet(`2002:${hex16(a, b)}:${hex16(c, d)}::`, 16 + prefix, 'ipv6')
  }
  for (const [net, prefix] of IPV6_NOT_PUBLIC) list.addSubnet(net, prefix, 'ipv6')
  return list
}
const notPublic = buildBlockList()

/** False for loopback, private, link-local, CGNAT, multicast, unspecified and reserved addresses (v4 and v6). */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address)
  if (version === 0) return false
  return !notPublic.check(address, version === 4 ? 'ipv4' : 'ipv6')
}

/** A host we were asked to connect to resolved to an address inside our network or otherwise not public. */
export class NonPublicAddressError extends Error {
  readonly code = 'ENONPUBLIC'
  constructor(hostname: string, address: string) {
    super(`${hostname} resolves to ${address}, which is not a public address`)
    this.name = 'NonPublicAddressError'
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/**
 * A `lookup` for `net`/`tls`/`http(s).request` that refuses, at connect time, a host resolving to any address that
 * is not public: a name checked when it was saved can point anywhere later (DNS rebinding). Every address is
 * checked, not only the first, so a name cannot mix a public address with a private one. IP literals never reach
 * a lookup (Node connects to them directly): check those with `isPublicAddress` before connecting.
 */
export function publicAddressLookup(
  hostname: string,
  options: LookupOptions | number | undefined,
  callback: LookupCallback,
): void {
  const asked: LookupOptions = typeof options === 'number' ? { family: options } : (options ?? {})
  const all: LookupAllOptions = { ...asked, all: true }
  dnsLookup(hostname, all, (error, addresses) => {
    if (error) return callback(error, [])
    const refused = addresses.find((a) => !isPublicAddress(a.address))
    if (refused) return callback(new NonPublicAddressError(hostname, refused.address), [])
    if (asked.all) return callback(null, addresses)
    const [first] = addresses
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), [])
    callback(null, first.address, first.family)
  })
}
