import { describe, expect, it } from 'vitest';
import type { AssetsAnswer } from '../../domain/protocol/account';
import { portfolioTopics } from './use-portfolio';

const zero = { available: '0', frozen: '0', locked: '0', total: '0' };
const emptyWallets: AssetsAnswer['balances'] = [
  { wallet: 'stock', currency: 'TRY', ...zero, available: '100', total: '100' },
  { wallet: 'coin', currency: 'USDT', ...zero },
  { wallet: 'contract', currency: 'USDT', ...zero },
];
const still = [
  { wallet: 'stock' as const, currency: 'TRY', pnl: '0', flows: '0' },
  { wallet: 'coin' as const, currency: 'USDT', pnl: '0', flows: '0' },
];

describe('portfolioTopics and the day moves of cash', () => {
  it('follows the USDT rate for a USDT wallet emptied today, or a position open at the reference', () => {
    // 100 USDT moved into the contract wallet today and lost there: nothing held, a loss to value.
    const lost: AssetsAnswer = {
      accountType: 'real',
      balances: emptyWallets,
      todayCash: [...still, { wallet: 'contract', currency: 'USDT', pnl: '-100', flows: '100' }],
      openPnlRef: '0',
    };
    expect(portfolioTopics(lost, []).map((t) => t.symbol)).toEqual(['USDTTRY']);
    // A position open at the reference and closed since, for nothing: its P&L then still counts.
    const closed: AssetsAnswer = {
      accountType: 'real',
      balances: emptyWallets,
      todayCash: [...still, { wallet: 'contract', currency: 'USDT', pnl: '0', flows: '0' }],
      openPnlRef: '4',
    };
    expect(portfolioTopics(closed, []).map((t) => t.symbol)).toEqual(['USDTTRY']);
    // Nothing moved and nothing held in USDT: no rate needed.
    expect(portfolioTopics({ ...closed, openPnlRef: '0' }, []).map((t) => t.symbol)).toEqual([]);
  });
});
