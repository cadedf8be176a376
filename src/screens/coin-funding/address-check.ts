import { isAddressFor, isTxHashFor, KNOWN_CHAINS } from '../../../domain/funding/chains';

/**
 * The address and transaction-hash checks as the user types, with the server's own rules
 * (domain/funding/chains.ts): a typo is caught before anything is sent, and the form never calls
 * an address fine that the server refuses. A chain this build does not know is left to the server.
 */

/** Whether this client knows the chain's formats. */
export function knowsChain(chain: string): boolean {
  return KNOWN_CHAINS.includes(chain);
}

export function isAddressForChain(chain: string, address: string): boolean {
  return knowsChain(chain) ? isAddressFor(chain, address.trim()) : address.trim() !== '';
}

export function isTxHashForChain(chain: string, hash: string): boolean {
  return knowsChain(chain) ? isTxHashFor(chain, hash.trim()) : hash.trim() !== '';
}

/** "TXYZ…" addresses are long: the start and end are what people compare, so keep those. */
export function shortenMiddle(text: string, keep = 8): string {
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`;
}
