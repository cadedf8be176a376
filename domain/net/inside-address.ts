import { parseIpAddress, type IpAddress } from './ip-address';

/** Why an address is not a place on the public internet (IANA's special-purpose registries). */
export type InsideRange =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'site-local'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'benchmarking'
  | 'documentation'
  | 'protocol-assignments'
  | 'discard'
  | 'teredo'
  | 'nat64-local'
  | 'ipv4-mapped'
  | 'ipv4-compatible'
  | 'not-an-address';

/**
 * The range an address falls in, and `via` when an IPv6 address carries an IPv4 one that a
 * translator (NAT64) or relay (6to4) would deliver it to: such an address reaches the IPv4
 * address's network, so it counts as that address.
 */
export type Inside = { range: InsideRange; via: 'nat64' | '6to4' | null };

type Range = { prefix: readonly number[]; bits: number; range: InsideRange };

const r = (prefix: readonly number[], bits: number, range: InsideRange): Range => ({ prefix, bits, range });

// Broadcast is listed before the reserved block that holds it, so it is named for what it is.
const V4: readonly Range[] = [
  r([0], 8, 'unspecified'),
  r([10], 8, 'private'),
  r([100, 64], 10, 'shared'),
  r([127], 8, 'loopback'),
  r([169, 254], 16, 'link-local'),
  r([172, 16], 12, 'private'),
  r([192, 0, 0], 24, 'protocol-assignments'),
  r([192, 0, 2], 24, 'documentation'),
  r([192, 88, 99], 24, 'reserved'),
  r([192, 168], 16, 'private'),
  r([198, 18], 15, 'benchmarking'),
  r([198, 51, 100], 24, 'documentation'),
  r([203, 0, 113], 24, 'documentation'),
  r([224], 4, 'multicast'),
  r([255, 255, 255, 255], 32, 'broadcast'),
  r([240], 4, 'reserved'),
];

const ZERO_80 = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
// Teredo (2001::/32) comes before the IETF block (2001::/23) that holds it, for its own name.
const V6: readonly Range[] = [
  r([...ZERO_80, 0, 0, 0, 0, 0, 0], 128, 'unspecified'),
  r([...ZERO_80, 0, 0, 0, 0, 0, 1], 128, 'loopback'),
  r([...ZERO_80, 0xff, 0xff], 96, 'ipv4-mapped'),
  r([0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0], 96, 'ipv4-mapped'),
  r([...ZERO_80, 0, 0], 96, 'ipv4-compatible'),
  r([0, 0x64, 0xff, 0x9b, 0, 1], 48, 'nat64-local'),
  r([1, 0, 0, 0, 0, 0, 0, 0], 64, 'discard'),
  r([0x20, 0x01, 0, 0], 32, 'teredo'),
  r([0x20, 0x01, 0x0d, 0xb8], 32, 'documentation'),
  r([0x20, 0x01, 0x00], 23, 'protocol-assignments'),
  r([0x3f, 0xff, 0], 20, 'documentation'),
  r([0xfc], 7, 'private'),
  r([0xfe, 0x80], 10, 'link-local'),
  r([0xfe, 0xc0], 10, 'site-local'),
  r([0xff], 8, 'multicast'),
];

function within(bytes: readonly number[], { prefix, bits }: Range): boolean {
  for (let i = 0; i * 8 < bits; i++) {
    const left = Math.min(8, bits - i * 8);
    const mask = (0xff << (8 - left)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

const rangeOf = (bytes: readonly number[], table: readonly Range[]) =>
  table.find((range) => within(bytes, range))?.range ?? null;

function embedded(bytes: readonly number[], from: number, via: 'nat64' | '6to4'): Inside | null {
  const range = rangeOf(bytes.slice(from, from + 4), V4);
  return range ? { range, via } : null;
}

/** Where an address points when it is not the public internet; null for a public address. */
export function insideOf(address: IpAddress): Inside | null {
  const { bytes } = address;
  if (address.version === 4) {
    const range = rangeOf(bytes, V4);
    return range ? { range, via: null } : null;
  }
  // A scope names this host's own interface.
  if (address.zoned) return { range: 'link-local', via: null };
  const range = rangeOf(bytes, V6);
  if (range) return { range, via: null };
  if (within(bytes, r([0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96, 'reserved')))
    return embedded(bytes, 12, 'nat64');
  if (within(bytes, r([0x20, 0x02], 16, 'reserved'))) return embedded(bytes, 2, '6to4');
  // Only 2000::/3 is handed out as global unicast; everything else is unassigned or special.
  return within(bytes, r([0x20], 3, 'reserved')) ? null : { range: 'reserved', via: null };
}

/** `insideOf` for a literal as a resolver or the URL parser writes it; not an address counts as inside. */
export function insideOfText(text: string): Inside | null {
  const address = parseIpAddress(text);
  return address ? insideOf(address) : { range: 'not-an-address', via: null };
}

/** Exactly this host's loopback (127/8, ::1): what a test-only allowance may reach, nothing wider. */
export const isLoopback = (inside: Inside | null): boolean =>
  inside?.range === 'loopback' && inside.via === null;

/** "loopback", "private via 6to4": how a refusal names the range in a log line. */
export const insideText = (inside: Inside): string =>
  inside.via ? `${inside.range} via ${inside.via}` : inside.range;
