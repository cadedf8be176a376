import { describe, expect, it } from 'vitest';
import { addressKey, isAddressFor, isTxHashFor } from './chains';

describe('chain formats', () => {
  it('checks TRC20 addresses: T and 33 base58 characters', () => {
    expect(isAddressFor('TRC20', 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9')).toBe(true);
    expect(isAddressFor('TRC20', 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m')).toBe(false); // 33 long
    expect(isAddressFor('TRC20', 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m0')).toBe(false); // 0 is not base58
    expect(isAddressFor('TRC20', 'AN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9')).toBe(false);
  });

  it('checks ERC20 addresses: 0x and 40 hex digits', () => {
    expect(isAddressFor('ERC20', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true);
    expect(isAddressFor('ERC20', '0x52908400098527886E0F7030069857D2E4169EE')).toBe(false);
    expect(isAddressFor('ERC20', '52908400098527886E0F7030069857D2E4169EE7aa')).toBe(false);
    expect(isAddressFor('ERC20', '0x52908400098527886E0F7030069857D2E4169EZ7')).toBe(false);
  });

  it('checks BTC addresses: bech32 segwit and legacy', () => {
    expect(isAddressFor('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true);
    expect(isAddressFor('BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(true);
    expect(isAddressFor('BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true);
    expect(isAddressFor('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdb')).toBe(false); // b is not bech32
    expect(isAddressFor('BTC', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
  });

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

  it('compares hex and bech32 addresses without case, base58 with', () => {
    expect(addressKey('ERC20', '0xAbC')).toBe('0xabc');
    expect(addressKey('BTC', 'bc1QAR')).toBe('bc1qar');
    expect(addressKey('TRC20', 'TAbc')).toBe('TAbc');
  });
});
