import { BlockList, isIP } from 'node:net';

/**
 * Where webhooks may post (issue #16): public unicast addresses only. A hosted platform must not
 * post into its own network, its cloud's metadata service or anyone's private range, whatever a
 * host name resolves to. The ranges are the IANA IPv4 and IPv6 special-purpose address registries
 * (plus multicast and the reserved 240/4); on IPv6 only global unicast (2000::/3) and the
 * well-known NAT64 prefix count as public at all.
 */

/** Lifted by WEBHOOKS_ALLOW_PRIVATE (tests and development only): loopback and private use. */
const LOOPBACK_AND_PRIVATE: readonly (readonly [string, number])[] = [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['::1', 128],
  ['fc00::', 7],
];

/** Never lifted. */
const SPECIAL: readonly (readonly [string, number])[] = [
  // IPv4 special-purpose registry (RFC 6890 and later), multicast, reserved and broadcast.
  ['0.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.31.196.0', 24],
  ['192.52.193.0', 24],
  ['192.88.99.0', 24],
  ['192.175.48.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
  // IPv6 special-purpose registry inside global unicast (everything outside 2000::/3 is refused anyway).
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2620:4f:8000::', 48],
  ['3fff::', 20],
];

const GLOBAL_UNICAST_V6: readonly [string, number] = ['2000::', 3];
/** The well-known NAT64 prefix (RFC 6052): the IPv4 address in its last 32 bits is what is reached. */
const NAT64_WELL_KNOWN: readonly [string, number] = ['64:ff9b::', 96];
/** 6to4 (RFC 3056): the relay's IPv4 address sits in bits 16 to 47. */
const SIX_TO_FOUR: readonly [string, number] = ['2002::', 16];

function blockList(ranges: readonly (readonly [string, number])[]): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, isIP(network) === 6 ? 'ipv6' : 'ipv4');
  return list;
}

const special = blockList(SPECIAL);
const loopbackAndPrivate = blockList(LOOPBACK_AND_PRIVATE);
const globalUnicast = blockList([GLOBAL_UNICAST_V6]);
const nat64 = blockList([NAT64_WELL_KNOWN]);
const sixToFour = blockList([SIX_TO_FOUR]);

export interface AddressPolicy {
  /** WEBHOOKS_ALLOW_PRIVATE: loopback and private-use ranges become reachable (never metadata, link-local or the rest). */
  allowPrivate: boolean;
}

/** The 16 bytes of an IPv6 address (as isIP accepts it, dotted IPv4 tail included). */
function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a, b, c, d] = dotted[1].split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const words = [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return words.flatMap((word) => [word >> 8, word & 0xff]);
}

const dottedQuad = (bytes: number[]): string => bytes.join('.');

function blockedV4(address: string, policy: AddressPolicy): boolean {
  if (special.check(address, 'ipv4')) return true;
  return !policy.allowPrivate && loopbackAndPrivate.check(address, 'ipv4');
}

/** True when a delivery must not go to `address` (an IPv4 or IPv6 literal; anything else is refused). */
export function isBlockedAddress(address: string, policy: AddressPolicy): boolean {
  const version = isIP(address);
  if (version === 4) return blockedV4(address, policy);
  if (version !== 6) return true;
  // Zone ids (fe80::1%eth0) only exist on link-local addresses: refused with them.
  if (address.includes('%')) return true;
  const bytes = ipv6Bytes(address);
  if (nat64.check(address, 'ipv6')) return blockedV4(dottedQuad(bytes.slice(12)), policy);
  if (!policy.allowPrivate || !loopbackAndPrivate.check(address, 'ipv6')) {
    // Mapped (::ffff:0:0/96), loopback, link-local, unique local, multicast, discard-only, and
    // NAT64 local-use (64:ff9b:1::/48, not globally reachable) all lie outside global unicast.
    if (!globalUnicast.check(address, 'ipv6')) return true;
  }
  if (special.check(address, 'ipv6')) return true;
  if (sixToFour.check(address, 'ipv6')) return blockedV4(dottedQuad(bytes.slice(2, 6)), policy);
  return false;
}

/**
 * Host names refused before any lookup: `localhost` and its subdomains (RFC 6761 keeps them local
 * whatever DNS says), other local-only suffixes, names with a trailing dot (`localhost.` escapes
 * naive comparisons), and single labels, which resolve through the server's own search domains to
 * internal hosts. Development (allowPrivate) may name its local receivers; their addresses are
 * still checked.
 */
export function isBlockedHostName(hostname: string, policy: AddressPolicy): boolean {
  if (policy.allowPrivate) return false;
  const host = hostname.toLowerCase();
  if (host.endsWith('.') || !host.includes('.')) return true;
  return host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local');
}

/**
 * Whether a webhook URL's host is refused on its face (an IP literal in a blocked range, or a
 * refused name). Checked on create and update for a clear error; what counts is the check of the
 * resolved address at delivery time (dataplane/webhooks/post.ts).
 */
export function isBlockedUrlHost(hostname: string, policy: AddressPolicy): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return isBlockedAddress(host, policy);
  return isBlockedHostName(host, policy);
}
