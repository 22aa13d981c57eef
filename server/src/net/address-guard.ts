import { BlockList, isIP } from 'node:net';

// Addresses a server-side fetch must never reach: this machine, private networks, cloud
// metadata, carrier NAT, link-local, multicast, documentation and reserved ranges, and the
// IPv6 forms that embed an IPv4 address (so a private IPv4 cannot hide inside one).
const BLOCKED_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, incl. 169.254.169.254 metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast
];
const BLOCKED_V6: Array<[string, number]> = [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID ...)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

// Separate lists: Node matches IPv4 addresses against IPv6 rules through their mapped form,
// so one list holding ::ffff:0:0/96 would block every IPv4 address.
const blockedV4 = new BlockList();
for (const [net, prefix] of BLOCKED_V4) blockedV4.addSubnet(net, prefix, 'ipv4');
const blockedV6 = new BlockList();
for (const [net, prefix] of BLOCKED_V6) blockedV6.addSubnet(net, prefix, 'ipv6');
const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet('2000::', 3, 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 one (::ffff:1.2.3.4, as dual-stack sockets report clients). */
export function unmapIPv4(address: string): string {
  return /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(address)?.[1] ?? address;
}

/** True only for a public unicast address; anything unparsable counts as not public. */
export function isPublicAddress(address: string): boolean {
  const bare = unmapIPv4(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  const family = isIP(bare);
  if (family === 4) return !blockedV4.check(bare, 'ipv4');
  if (family === 6) return globalUnicastV6.check(bare, 'ipv6') && !blockedV6.check(bare, 'ipv6');
  return false;
}
