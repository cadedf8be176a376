import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { insideOfText, insideText, isLoopback } from '../../../domain/net/inside-address';
import { OutboundFailure, failureOf, refused } from './failure';

/** A name's addresses; the system resolver in the app, a fixed table in tests. */
export type Resolver = (hostname: string) => Promise<readonly LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The `lookup` a socket connects through: it resolves the name, refuses the whole name when ANY
 * of its addresses is inside (a name that also points inside is not a push service), and hands
 * the socket only the addresses it checked. The socket connects to those, never resolving again,
 * so a DNS answer that changes between a check and the connection cannot slip an inside address in.
 */
export function guardedLookup(resolve: Resolver, allowLoopback: boolean) {
  return (
    hostname: string,
    options: { family?: number | string; all?: boolean },
    callback: LookupCallback,
  ) => {
    const checked = async (): Promise<LookupAddress[]> => {
      const addresses = await resolve(hostname);
      for (const { address } of addresses) {
        const inside = insideOfText(address);
        if (inside && !(allowLoopback && isLoopback(inside)))
          throw refused(`${insideText(inside)} address ${address}`, hostname);
      }
      const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
      const usable = addresses.filter((a) => !family || a.family === family);
      if (usable.length === 0) throw new OutboundFailure('network', 'ENOTFOUND', hostname);
      return usable;
    };
    checked().then(
      (usable) => {
        const [first] = usable;
        if (options.all) callback(null, usable);
        else if (first) callback(null, first.address, first.family);
      },
      (error: unknown) => callback(failureOf(error, hostname) as unknown as NodeJS.ErrnoException, ''),
    );
  };
}
