import { describe, expect, it } from 'vitest';
import { isAddressFor } from '../../domain/funding/chains';
import { deriveAddress } from './derive-address';

const KEY = Buffer.alloc(32, 7);

describe('sandbox deposit addresses', () => {
  it('pass the same checksum checks as withdrawal addresses, on every chain', () => {
    for (let user = 1n; user <= 50n; user++) {
      const trc = deriveAddress(KEY, user, 'USDT', 'TRC20');
      const erc = deriveAddress(KEY, user, 'USDT', 'ERC20');
      const btc = deriveAddress(KEY, user, 'BTC', 'BTC');
      expect(trc).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      expect(erc).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(btc).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
      expect(isAddressFor('TRC20', trc)).toBe(true);
      expect(isAddressFor('ERC20', erc)).toBe(true);
      expect(isAddressFor('BTC', btc)).toBe(true);
    }
  });

  it('write ERC20 in EIP-55 mixed case, and are the same each time and different per user', () => {
    const erc = deriveAddress(KEY, 42n, 'USDT', 'ERC20');
    expect(erc).not.toBe(erc.toLowerCase());
    expect(deriveAddress(KEY, 42n, 'USDT', 'ERC20')).toBe(erc);
    expect(deriveAddress(KEY, 43n, 'USDT', 'ERC20')).not.toBe(erc);
    expect(deriveAddress(Buffer.alloc(32, 8), 42n, 'USDT', 'ERC20')).not.toBe(erc);
  });
});
