import { describe, expect, it } from 'vitest';
import type { AssetsAnswer } from '../../domain/protocol/account';
import { portfolioTopics } from './use-portfolio';

const zero = { available: '0', frozen: '0', locked: '0', total: '0' };

describe('portfolioTopics', () => {
  it("follows what was traded since the day's reference, even when it is no longer held", () => {
    // AKBNK and ETH sold out today: their day P&L needs the reference price (and the rate).
    const assets: AssetsAnswer = {
      accountType: 'real',
      balances: [
        { wallet: 'stock', currency: 'TRY', ...zero, available: '5098.98', total: '5098.98' },
        { wallet: 'stock', currency: 'THYAO', ...zero, available: '10', total: '10' },
        { wallet: 'coin', currency: 'USDT', ...zero },
      ],
      today: [
        { wallet: 'stock', currency: 'AKBNK', qty: '-100', cost: '-5098.98' },
        { wallet: 'coin', currency: 'ETH', qty: '-1', cost: '-3000' },
      ],
    };
    expect(portfolioTopics(assets, []).map((t) => t.symbol)).toEqual([
      'AKBNK',
      'ETHUSDT',
      'THYAO',
      'USDTTRY',
    ]);
    // Without the window (an older answer) only the holdings count, and no rate for an empty USDT wallet.
    expect(portfolioTopics({ ...assets, today: undefined }, []).map((t) => t.symbol)).toEqual(['THYAO']);
  });
});
