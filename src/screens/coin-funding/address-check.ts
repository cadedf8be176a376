/**
 * The address and transaction-hash shapes of each chain, checked as the user types so a typo is
 * caught before anything is sent. It mirrors the server's check (domain/funding/chains.ts, on the
 * server's branch while both are built: the BTC lengths are its stricter ones, so this never calls
 * an address fine that the server refuses); the server stays the judge, this saves a round trip. Shape only: no
 * checksum is verified here, a wrong checksum still gets the server's ADDRESS_FORMAT.
 */

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const BECH32 = '[02-9ac-hj-np-z]';

const ADDRESS: Readonly<Record<string, RegExp>> = {
  TRC20: new RegExp(`^T${BASE58}{33}$`),
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  // Segwit v0 (bc1q, 20- or 32-byte programs) and taproot (bc1p), or legacy P2PKH/P2SH (1…, 3…).
  BTC: new RegExp(`^(bc1q${BECH32}{38}|bc1q${BECH32}{58}|bc1p${BECH32}{58}|[13]${BASE58}{25,33})$`),
};

const TX_HASH: Readonly<Record<string, RegExp>> = {
  TRC20: /^[0-9a-fA-F]{64}$/,
  ERC20: /^0x[0-9a-fA-F]{64}$/,
  BTC: /^[0-9a-fA-F]{64}$/,
};

/** Whether this client knows the chain's formats; an unknown chain is left to the server. */
export function knowsChain(chain: string): boolean {
  return chain in ADDRESS;
}

export function isAddressForChain(chain: string, address: string): boolean {
  const pattern = ADDRESS[chain];
  return pattern === undefined ? address.trim() !== '' : pattern.test(address.trim());
}

export function isTxHashForChain(chain: string, hash: string): boolean {
  const pattern = TX_HASH[chain];
  return pattern === undefined ? hash.trim() !== '' : pattern.test(hash.trim());
}

/** "TXYZ…" addresses are long: the start and end are what people compare, so keep those. */
export function shortenMiddle(text: string, keep = 8): string {
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`;
}
