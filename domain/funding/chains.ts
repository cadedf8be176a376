import { base58checkDecode, decodeSegwit, hasValidEip55, toEip55 } from './address-checksum';

/**
 * Per-chain formats of addresses and transaction hashes, shared by the server's
 * checks and the client's forms. An address must have its chain's shape and its checksum, so a
 * single mistyped character is refused before a withdrawal is saved, as exchanges do:
 * - TRC20: base58check (double SHA-256) of 25 bytes, version byte 0x41 (the leading T);
 * - ERC20: 0x + 40 hex; mixed case must match EIP-55 (Keccak-256), one case carries no checksum;
 * - BTC: bech32 v0 (bc1q…, 20- or 32-byte program) or bech32m v1 (bc1p…, taproot), in one case,
 *   or legacy base58check of 25 bytes with version 0x00 (1…, P2PKH) or 0x05 (3…, P2SH).
 * The hashes are small pure code (hash.ts); this module is only on the funding screens' lazy
 * chunks, never the first load. Transaction hashes are still checked for shape only.
 */

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const TRON_SHAPE = new RegExp(`^T${BASE58}{33}$`);
const LEGACY_BTC_SHAPE = new RegExp(`^[13]${BASE58}{25,33}$`);

function isBase58checkWith(address: string, versions: number[]): boolean {
  const payload = base58checkDecode(address);
  return payload?.length === 21 && versions.includes(payload[0] ?? -1);
}

function isBech32Bitcoin(address: string): boolean {
  return address.slice(0, 3).toLowerCase() === 'bc1';
}

function isBitcoinAddress(address: string): boolean {
  if (isBech32Bitcoin(address)) {
    // One case (BIP-173, checked by decodeSegwit): all capitals is how QR codes carry it.
    const segwit = decodeSegwit('bc', address);
    if (!segwit) return false;
    // Witness v0 (P2WPKH, P2WSH) and v1 taproot; later versions have no spending rules yet.
    return segwit.version === 0 || (segwit.version === 1 && segwit.program.length === 32);
  }
  return LEGACY_BTC_SHAPE.test(address) && isBase58checkWith(address, [0x00, 0x05]);
}

const ADDRESS: Record<string, (address: string) => boolean> = {
  // Tron: 0x41 and a 20-byte account in base58check, always 34 characters starting with T.
  TRC20: (a) => TRON_SHAPE.test(a) && isBase58checkWith(a, [0x41]),
  // Ethereum and its tokens: 0x and 20 bytes in hex, EIP-55 checksummed when in mixed case.
  ERC20: (a) => /^0x[0-9a-fA-F]{40}$/.test(a) && hasValidEip55(a),
  BTC: isBitcoinAddress,
};

const TX_HASH: Record<string, RegExp> = {
  TRC20: /^[0-9a-fA-F]{64}$/,
  ERC20: /^0x[0-9a-fA-F]{64}$/,
  BTC: /^[0-9a-fA-F]{64}$/,
};

/** The chains whose formats are known; a chain outside them cannot be funded. */
export const KNOWN_CHAINS = Object.keys(ADDRESS);

export function isAddressFor(chain: string, address: string): boolean {
  return ADDRESS[chain]?.(address) ?? false;
}

/**
 * Whether a valid address carried a checksum that was checked: an ERC20 address carries one only
 * when its letters' case is its EIP-55 form (all lower case, or capitals that are not that form,
 * carry none), so a typo in it could not be caught and the form says so.
 */
export function hasChecksum(chain: string, address: string): boolean {
  return chain !== 'ERC20' || toEip55(address) === address;
}

export function isTxHashFor(chain: string, hash: string): boolean {
  return TX_HASH[chain]?.test(hash) ?? false;
}

/**
 * One address written two ways is one address: hex (ERC20) and bech32 are case-insensitive,
 * base58 is not. Used to compare, never to rewrite what the user saved.
 */
export function addressKey(chain: string, address: string): string {
  if (chain === 'ERC20' || isBech32Bitcoin(address)) return address.toLowerCase();
  return address;
}

/** Transaction hashes compare without case (and ERC20's without its 0x written differently). */
export function txHashKey(hash: string): string {
  return hash.toLowerCase();
}
