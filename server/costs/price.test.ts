import { describe, expect, it } from 'vitest';
import { replayRealisticRows, type BookedFill, type ExecutionToPrice } from './price';

const fill = (id: bigint, price: string, qty: string, fee: string, pnl: string | null): BookedFill => ({
  id,
  price,
  qty,
  commission: fee,
  bsmv: '0',
  exchangeFee: '0',
  realizedPnl: pnl,
  t: 0,
});

const base = { kind: 'replay', userId: 1n, accountType: 'demo', wallet: 'coin', symbol: 'BTCUSDT' } as const;

/**
 * A replay's resting buy of 0.5 BTC at 60,000 that a real order got 0.2 of, then a market sell of
 * the 0.5 at 61,000 (domain/costs/held-back.test.ts's figures): paper fee 30 on the buy, 30.5 and
 * a realised 439.5 on the sell.
 */
const buy: ExecutionToPrice = {
  ...base,
  side: 'buy',
  limit: '60000',
  meeting: { kind: 'maker', reached: '0.2', before: '0' },
  queueKnown: true,
  held: '0',
  fills: [fill(1n, '60000', '0.5', '30', null)],
};
const sell: ExecutionToPrice = {
  ...base,
  side: 'sell',
  limit: null,
  meeting: { kind: 'taker', levels: [['61000', '1']] },
  queueKnown: true,
  held: '0.5',
  fills: [fill(2n, '61000', '0.5', '30.5', '439.5')],
};
const ids = new Map([
  [1n, 101n],
  [2n, 102n],
]);

describe("a replay's realistic rows, by the paper account's lives", () => {
  it('a sell after the buy in one life sells only the 0.2 bought for real', () => {
    const rows = replayRealisticRows([[buy, sell]], ids);
    expect(rows.map((r) => [r.fillId, r.qty, r.feesDelta, r.queue, r.delta])).toEqual([
      [101n, '0.2', '0', '0', '0'],
      [102n, '0.2', '-18.3', '282', '263.7'],
    ]);
  });

  it('a reset between them starts again with nothing held back: the sell is whole', () => {
    // The sell's 0.5 in the next life were bought there (held 0.5): real 0.5 @ 61,000, fee 30.5 as paper's.
    const rows = replayRealisticRows([[buy], [sell]], ids);
    expect(rows.map((r) => [r.fillId, r.qty, r.queue, r.delta])).toEqual([
      [101n, '0.2', '0', '0'],
      [102n, '0.5', '0', '0'],
    ]);
  });
});
