import { insideOf, insideText, isLoopback } from '../../../domain/net/inside-address';
import { parseIpAddress } from '../../../domain/net/ip-address';
import { refused } from './failure';

/** What the guard allows beyond the public internet over HTTPS. */
export type OutboundRules = {
  /**
   * Exactly this host's loopback (127/8, ::1, `localhost`), over HTTPS or plain HTTP, and nothing
   * else: tests run their push service on 127.0.0.1 (PUSH_ALLOW_LOOPBACK=1). Never in production.
   */
  allowLoopback: boolean;
};

/**
 * Names that never lead to the public internet: RFC 6761's special names, mDNS's `.local`, the
 * private-use `.internal` and `.home.arpa` and the habitual `.localdomain`, and the reverse-lookup
 * tree. A name without a dot is completed by the resolver's search list, inside the network.
 */
const INSIDE_NAMES = ['localhost', 'local', 'internal', 'home.arpa', 'localdomain', 'invalid', 'arpa'];

function nameProblem(name: string): string | null {
  if (!name.includes('.')) return 'single-label name';
  const hit = INSIDE_NAMES.find((suffix) => name === suffix || name.endsWith(`.${suffix}`));
  return hit ? `.${hit} name` : null;
}

const isLocalhost = (name: string) => name === 'localhost' || name.endsWith('.localhost');

/** A URL the guard accepts, with the host as the socket is given it (no brackets, no final dot). */
export type CheckedUrl = { url: URL; host: string; literal: boolean };

/**
 * The checks that need no resolver, made on the URL as the WHATWG parser reads it: the parser
 * has already turned `0x7f.1`, `2130706433`, `127.1`, `%2e` and ideographic dots into one
 * canonical host, so every spelling of an address meets the same check. HTTPS only; no user or
 * password in the URL; an address literal outside the public internet is refused here, a name
 * is checked again, address by address, when it is resolved (./lookup.ts).
 */
export function checkUrl(text: string, rules: OutboundRules): CheckedUrl {
  if (!URL.canParse(text)) throw refused('not a URL', '?');
  const url = new URL(text);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (url.username || url.password) throw refused('credentials in the URL', host);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refused(`${url.protocol} scheme`, host);
  const address = parseIpAddress(host);
  const inside = address ? insideOf(address) : null;
  const loopback = rules.allowLoopback && (address ? isLoopback(inside) : isLocalhost(host));
  if (url.protocol === 'http:' && !loopback) throw refused('plain http', host);
  if (inside && !loopback) throw refused(insideText(inside), host);
  if (!address && !loopback) {
    const problem = nameProblem(host);
    if (problem) throw refused(problem, host);
  }
  return { url, host, literal: address !== null };
}
