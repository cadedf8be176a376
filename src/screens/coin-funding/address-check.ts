import { hasChecksum, isAddressFor, isTxHashFor, KNOWN_CHAINS } from '../../../domain/funding/chains';

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

/** Whether a valid address's checksum was checked (not an ERC20 address in one case). */
export function isChecksummed(chain: string, address: string): boolean {
  return knowsChain(chain) && hasChecksum(chain, address.trim());
}

export function isTxHashForChain(chain: string, hash: string): boolean {
  return knowsChain(chain) ? isTxHashFor(chain, hash.trim()) : hash.trim() !== '';
}
