import { describe, expect, it } from 'vitest';
import { isAddressForChain, isTxHashForChain } from './address-check';
import { shortenMiddle } from './shorten';

describe('address and hash checks per chain', () => {
  it('TRC20: T and 33 base58 characters with a valid base58check checksum', () => {
    expect(isAddressForChain('TRC20', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toBe(true);
    expect(isAddressForChain('TRC20', ' TJRabPrwbZy45sbavfcjinPJC18kjpRTv8 ')).toBe(true);
    expect(isAddressForChain('TRC20', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv')).toBe(false);
    // 0, O, I and l are not base58.
    expect(isAddressForChain('TRC20', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv0')).toBe(false);
    expect(isAddressForChain('TRC20', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
    // The right shape with one character mistyped: the checksum catches it as it is typed.
    expect(isAddressForChain('TRC20', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv9')).toBe(false);
  });

  it('ERC20: 0x and 40 hex digits, EIP-55 checksummed when in mixed case', () => {
    expect(isAddressForChain('ERC20', '0x52908400098527886E0F7030069857D2E4169EE7')).toBe(true);
    expect(isAddressForChain('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isAddressForChain('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isAddressForChain('ERC20', '52908400098527886E0F7030069857D2E4169EE7')).toBe(false);
    expect(isAddressForChain('ERC20', '0x52908400098527886E0F7030069857D2E4169EG7')).toBe(false);
  });

  it('BTC: bech32 bc1q…/bech32m bc1p… (one case, checksummed) or legacy base58check 1…/3…', () => {
    expect(isAddressForChain('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true);
    // All upper case is the same address (BIP-173; QR codes carry it so); mixed case is not.
    expect(isAddressForChain('BTC', 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ')).toBe(true);
    expect(isAddressForChain('BTC', 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDq')).toBe(false);
    expect(isAddressForChain('BTC', 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDP')).toBe(false);
    // A look-alike letter that changes case into a real one (the Kelvin sign K → k) is no address.
    expect(
      isAddressForChain('BTC', 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ'.replace('K', '\u212a')),
    ).toBe(false);
    expect(isAddressForChain('BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(true);
    expect(isAddressForChain('BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true);
    expect(isAddressForChain('BTC', '1BvBMSEYstWetqTFn5Au4m4G')).toBe(false);
    expect(isAddressForChain('BTC', '2BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false);
    expect(isAddressForChain('BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBe(
      true,
    );
    // Right shape, no checksum: shape alone once passed these.
    expect(isAddressForChain('BTC', `bc1p${'q'.repeat(58)}`)).toBe(false);
    expect(isAddressForChain('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdp')).toBe(false);
    expect(isAddressForChain('BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3')).toBe(false);
    // A bech32 body of another length is no segwit program.
    expect(isAddressForChain('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5md')).toBe(false);
    expect(isAddressForChain('BTC', `1${'A'.repeat(34)}`)).toBe(false);
  });

  it('transaction hashes: 64 hex, ERC20 with 0x', () => {
    const hex = 'ab'.repeat(32);
    expect(isTxHashForChain('TRC20', hex)).toBe(true);
    expect(isTxHashForChain('BTC', hex)).toBe(true);
    expect(isTxHashForChain('ERC20', hex)).toBe(false);
    expect(isTxHashForChain('ERC20', `0x${hex}`)).toBe(true);
    expect(isTxHashForChain('TRC20', hex.slice(1))).toBe(false);
  });

  it('leaves unknown chains to the server, but not an empty field', () => {
    expect(isAddressForChain('SOL', 'anything')).toBe(true);
    expect(isAddressForChain('SOL', '  ')).toBe(false);
  });

  it('shortens in the middle, keeping both ends', () => {
    expect(shortenMiddle('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toBe('TJRabPrw…8kjpRTv8');
    expect(shortenMiddle('short')).toBe('short');
  });
});
