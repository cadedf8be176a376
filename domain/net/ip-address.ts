/**
 * An IP address as its bytes: 4 for IPv4, 16 for IPv6. `zoned` marks an IPv6 address written
 * with a scope (`fe80::1%eth0`): it names an interface of this host, never a place on the internet.
 */
export type IpAddress = { version: 4 | 6; bytes: readonly number[]; zoned: boolean };

const DEC_OCTET = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

/**
 * Dotted decimal exactly as resolvers and the URL parser write it (`127.0.0.1`). The other
 * spellings (`0x7f.1`, `2130706433`, `0177.0.0.1`) are the URL parser's to normalise; here they
 * are not addresses, so a caller treats them as names and never as a harmless literal.
 */
function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => DEC_OCTET.test(p))) return null;
  return parts.map(Number);
}

function groupsOf(text: string): number[] | null {
  if (text === '') return [];
  const out: number[] = [];
  const parts = text.split(':');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? '';
    if (i === parts.length - 1 && part.includes('.')) {
      const v4 = parseIpv4(part);
      if (!v4) return null;
      out.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
    } else if (HEX_GROUP.test(part)) out.push(parseInt(part, 16));
    else return null;
  }
  return out;
}

function parseIpv6(text: string): number[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = groupsOf(halves[0] ?? '');
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  return groups.flatMap((g) => [g >> 8, g & 0xff]);
}

/**
 * The address a literal names, or null when the text is not one: IPv4 dotted decimal, IPv6 in
 * any of its RFC 4291 forms, with or without the URL's brackets and a `%zone`.
 */
export function parseIpAddress(text: string): IpAddress | null {
  const v4 = parseIpv4(text);
  if (v4) return { version: 4, bytes: v4, zoned: false };
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zoneAt = bare.indexOf('%');
  const v6 = parseIpv6(zoneAt === -1 ? bare : bare.slice(0, zoneAt));
  if (!v6 || zoneAt === bare.length - 1) return null;
  return { version: 6, bytes: v6, zoned: zoneAt !== -1 };
}
