/**
 * Per-chain formats of addresses and transaction hashes (issue 13), shared by the server's
 * checks and the client's forms. Shape only: checksums (base58check, EIP-55, bech32) would
 * need hashing the browser bundle does not carry, and a sandbox never sends to a chain.
 */

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const BECH32 = '[02-9ac-hj-np-z]';

const ADDRESS: Record<string, RegExp> = {
  // Tron: base58, 34 characters, always starting with T.
  TRC20: new RegExp(`^T${BASE58}{33}$`),
  // Ethereum and its tokens: 0x and 20 bytes in hex.
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  // Bitcoin: bech32 segwit (bc1…, 42 or 62 characters) or legacy base58 P2PKH/P2SH (1…, 3…).
  BTC: new RegExp(`^(bc1q${BECH32}{38}|bc1q${BECH32}{58}|bc1p${BECH32}{58}|[13]${BASE58}{25,33})$`),
};

const TX_HASH: Record<string, RegExp> = {
  TRC20: /^[0-9a-fA-F]{64}$/,
  ERC20: /^0x[0-9a-fA-F]{64}$/,
  BTC: /^[0-9a-fA-F]{64}$/,
};

/** The chains whose formats are known; a chain outside them cannot be funded. */
export const KNOWN_CHAINS = Object.keys(ADDRESS);

export function isAddressFor(chain: string, address: string): boolean {
  return ADDRESS[chain]?.test(address) ?? false;
}

export function isTxHashFor(chain: string, hash: string): boolean {
  return TX_HASH[chain]?.test(hash) ?? false;
}

/**
 * One address written two ways is one address: hex (ERC20) and bech32 are case-insensitive,
 * base58 is not. Used to compare, never to rewrite what the user saved.
 */
export function addressKey(chain: string, address: string): string {
  if (chain === 'ERC20' || address.startsWith('bc1')) return address.toLowerCase();
  return address;
}

/** Transaction hashes compare without case (and ERC20's without its 0x written differently). */
export function txHashKey(hash: string): string {
  return hash.toLowerCase();
}
