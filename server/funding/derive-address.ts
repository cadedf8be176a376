import { createHmac } from 'node:crypto';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/**
 * A sandbox deposit address: HMAC-SHA512 of (user, coin, chain) under the server's key, written
 * in the chain's format (domain/funding/chains.ts accepts it). Deterministic, so the same user
 * asking again gets the same address; it belongs to no real chain wallet (paper money only).
 */
export function deriveAddress(key: Buffer, userId: bigint, currency: string, chain: string): string {
  const mac = createHmac('sha512', key).update(`deposit:${userId}:${currency}:${chain}`).digest();
  const pick = (alphabet: string, n: number) =>
    Array.from(mac.subarray(0, n), (b) => alphabet[b % alphabet.length] ?? '').join('');
  switch (chain) {
    case 'TRC20':
      return `T${pick(BASE58, 33)}`;
    case 'BTC':
      return `bc1q${pick(BECH32, 38)}`;
    default:
      // ERC20 and the EVM chains: 20 bytes in hex.
      return `0x${mac.subarray(0, 20).toString('hex')}`;
  }
}
