import { describe, expect, it } from 'vitest';
import { base58checkDecode, base58checkEncode, encodeSegwit } from './address-checksum';
import { addressKey, hasChecksum, isAddressFor, isTxHashFor } from './chains';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const HEX = '0123456789abcdef';

/**
 * Every one-character typo of `address` after its prefix: each character in turn replaced by the
 * next one of its alphabet (a hex letter keeps its case, which EIP-55 checks separately).
 */
function typos(address: string, from: number, alphabet: string): string[] {
  const caseless = alphabet === HEX;
  return Array.from(address.slice(from), (ch, i) => {
    const at = alphabet.indexOf(caseless ? ch.toLowerCase() : ch);
    const next = alphabet[(at + 1) % alphabet.length] ?? '';
    const typed = caseless && ch !== ch.toLowerCase() ? next.toUpperCase() : next;
    return address.slice(0, from + i) + typed + address.slice(from + i + 1);
  });
}

/** The same account under another version byte: right shape and checksum, wrong network. */
function withVersion(address: string, version: number): string {
  const payload = base58checkDecode(address) ?? new Uint8Array();
  return base58checkEncode(Uint8Array.of(version, ...payload.subarray(1)));
}

describe('TRC20 addresses: base58check, 25 bytes, version 0x41', () => {
  const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

  it('accepts real Tron addresses', () => {
    expect(isAddressFor('TRC20', USDT_CONTRACT)).toBe(true);
    expect(isAddressFor('TRC20', 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9')).toBe(true);
  });

  it('refuses the wrong shape', () => {
    expect(isAddressFor('TRC20', 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m')).toBe(false); // 33 long
    expect(isAddressFor('TRC20', 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m0')).toBe(false); // 0 is not base58
    expect(isAddressFor('TRC20', 'AN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9')).toBe(false);
  });

  it('refuses the right shape with one character wrong', () => {
    expect(isAddressFor('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isAddressFor('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLJ6t')).toBe(false);
    const mutated = typos(USDT_CONTRACT, 1, BASE58);
    expect(mutated).toHaveLength(33);
    expect(mutated.filter((a) => isAddressFor('TRC20', a))).toEqual([]);
  });

  it('refuses a valid checksum under another version byte', () => {
    const other = withVersion(USDT_CONTRACT, 0x42);
    expect(other).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(base58checkDecode(other)).not.toBeNull();
    expect(isAddressFor('TRC20', other)).toBe(false);
    expect(isAddressFor('TRC20', withVersion(USDT_CONTRACT, 0x41))).toBe(true);
  });
});

describe('ERC20 addresses: 0x, 40 hex digits, EIP-55 when in mixed case', () => {
  const EIP55 = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it('accepts the EIP’s examples, and one-case addresses that carry no checksum', () => {
    for (const address of EIP55) {
      expect(isAddressFor('ERC20', address)).toBe(true);
      expect(isAddressFor('ERC20', address.toLowerCase())).toBe(true);
      expect(isAddressFor('ERC20', `0x${address.slice(2).toUpperCase()}`)).toBe(true);
    }
    expect(isAddressFor('ERC20', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true);
  });

  it('refuses the wrong shape', () => {
    expect(isAddressFor('ERC20', '0x52908400098527886E0F7030069857D2E4169EE')).toBe(false);
    expect(isAddressFor('ERC20', '52908400098527886E0F7030069857D2E4169EE7aa')).toBe(false);
    expect(isAddressFor('ERC20', '0x52908400098527886E0F7030069857D2E4169EZ7')).toBe(false);
  });

  it('refuses a mixed-case address with one character or one letter’s case wrong', () => {
    for (const address of EIP55) {
      expect(typos(address, 2, HEX).filter((a) => isAddressFor('ERC20', a))).toEqual([]);
      const flips = Array.from(address.slice(2), (ch, i) =>
        /[a-f]/i.test(ch)
          ? `${address.slice(0, 2 + i)}${ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase()}${address.slice(3 + i)}`
          : null,
      ).filter((a) => a !== null);
      expect(flips.length).toBeGreaterThan(10);
      expect(flips.filter((a) => isAddressFor('ERC20', a))).toEqual([]);
    }
  });
});

describe('BTC addresses: bech32 v0, bech32m v1 (taproot), legacy base58check 0x00/0x05', () => {
  const VALID = [
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', // BIP-173 P2WPKH
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', // BIP-173 P2WSH
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', // BIP-350 taproot
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  ];

  it('accepts segwit v0, taproot and legacy addresses', () => {
    for (const address of VALID) expect(isAddressFor('BTC', address)).toBe(true);
  });

  it('refuses every one-character typo', () => {
    for (const address of VALID) {
      const bech = address.startsWith('bc1');
      const mutated = typos(address, bech ? 4 : 1, bech ? BECH32 : BASE58);
      expect(mutated.filter((a) => isAddressFor('BTC', a))).toEqual([]);
    }
    expect(isAddressFor('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdb')).toBe(false); // b is not bech32
  });

  it('refuses the BIP-350 invalid vectors and bech32 where bech32m belongs', () => {
    for (const address of [
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', // v1 with bech32
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', // v0 with bech32m
      'bc1pw5dgrnzv',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf',
      'bc1gmk9yu',
    ])
      expect(isAddressFor('BTC', address)).toBe(false);
    // Shape alone once passed: a bech32 body of the right length, with no checksum.
    expect(isAddressFor('BTC', `bc1p${'q'.repeat(58)}`)).toBe(false);
  });

  it('refuses what is valid but not for this wallet: other networks, versions and mixed case', () => {
    expect(isAddressFor('BTC', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7')).toBe(false);
    expect(isAddressFor('BTC', 'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs')).toBe(false); // v2
    expect(isAddressFor('BTC', encodeSegwit('bc', 1, new Uint8Array(20)))).toBe(false); // v1 of 20 bytes
    expect(isAddressFor('BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(true); // one case: upper is the same
    expect(isAddressFor('BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3t4')).toBe(false); // mixed case
    expect(isAddressFor('BTC', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn')).toBe(false); // testnet, 0x6f
    const p2sh = withVersion('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 0x06);
    expect(p2sh).toMatch(/^3[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(isAddressFor('BTC', p2sh)).toBe(false);
    expect(isAddressFor('BTC', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
    expect(isAddressFor('BTC', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
  });
});

describe('chain formats', () => {
  it('knows no address on an unknown chain', () => {
    expect(isAddressFor('SOL', 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9')).toBe(false);
  });

  it('checks transaction hashes per chain', () => {
    const hex = 'a'.repeat(64);
    expect(isTxHashFor('TRC20', hex)).toBe(true);
    expect(isTxHashFor('BTC', hex)).toBe(true);
    expect(isTxHashFor('ERC20', hex)).toBe(false);
    expect(isTxHashFor('ERC20', `0x${hex}`)).toBe(true);
    expect(isTxHashFor('TRC20', 'a'.repeat(63))).toBe(false);
    expect(isTxHashFor('BTC', `${'a'.repeat(63)}g`)).toBe(false);
  });

  it('tells an ERC20 address in one case (no checksum to check) from a checksummed one', () => {
    expect(hasChecksum('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(hasChecksum('ERC20', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(false);
    expect(hasChecksum('ERC20', '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe(false);
    // EIP-55's own all-capitals example: its capitals are its checksum.
    expect(hasChecksum('ERC20', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true);
    expect(hasChecksum('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
  });

  it('compares hex and bech32 addresses without case, base58 with', () => {
    expect(addressKey('ERC20', '0xAbC')).toBe('0xabc');
    expect(addressKey('BTC', 'bc1QAR')).toBe('bc1qar');
    expect(addressKey('BTC', 'BC1QAR')).toBe('bc1qar');
    expect(addressKey('TRC20', 'TAbc')).toBe('TAbc');
  });
});
