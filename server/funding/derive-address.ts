import { createHmac } from 'node:crypto';
import { base58checkEncode, encodeSegwit, toEip55 } from '../../domain/funding/address-checksum';

/**
 * A sandbox deposit address: HMAC-SHA512 of (user, coin, chain) under the server's key gives the
 * 20 bytes of an account, written in the chain's format with its checksum, so it passes the same
 * check a withdrawal address does (domain/funding/chains.ts). Deterministic, so the same user
 * asking again gets the same address; it belongs to no real chain wallet (paper money only).
 */
export function deriveAddress(key: Buffer, userId: bigint, currency: string, chain: string): string {
  const mac = createHmac('sha512', key).update(`deposit:${userId}:${currency}:${chain}`).digest();
  const account = new Uint8Array(mac.subarray(0, 20));
  switch (chain) {
    case 'TRC20':
      // Tron: version byte 0x41 and the account, base58check (34 characters, starting with T).
      return base58checkEncode(Uint8Array.of(0x41, ...account));
    case 'BTC':
      // Native segwit v0 with a 20-byte program (P2WPKH): bc1q…, 42 characters.
      return encodeSegwit('bc', 0, account);
    default:
      // ERC20 and the EVM chains: 20 bytes in hex, EIP-55 mixed case.
      return toEip55(Buffer.from(account).toString('hex'));
  }
}
