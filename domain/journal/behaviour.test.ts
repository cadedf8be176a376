import { describe, expect, it } from 'vitest';
import { holdLosers, leverageCreep, moreAfterLoss, sizeAfterLoss } from './behaviour';
import { csvTime, readCsv, writeCsv } from './csv';
import { jd, type ClosedTrade } from './trade';

const M = 60_000;

function t(
  id: string,
  pnl: string,
  openedAt: number,
  closedAt: number,
  more: Partial<ClosedTrade> = {},
): ClosedTrade {
  return {
    id,
    source: 'live',
    product: 'stock',
    symbol: 'THYAO',
    currency: 'TRY',
    side: 'long',
    openedAt,
    closedAt,
    entry: jd(100),
    exit: jd(100),
    qty: jd(10),
    pnl: jd(pnl),
    costs: jd(0),
    leverage: null,
    fills: [],
    ...more,
  };
}

describe('behaviour flags by hand', () => {
  it('more trades within the hour after a loss than after a win', () => {
    const trades = [
      t('a', '-10', 0, 60 * M),
      t('b', '5', 80 * M, 90 * M), // 20 min after a's loss
      t('c', '5', 100 * M, 120 * M), // 40 min after a, 10 min after b's win
      t('d', '-10', 240 * M, 270 * M), // two hours after c: after nothing
    ];
    const flag = moreAfterLoss(trades);
    // After the 2 losses: 2 trades (1 a loss); after the 2 wins: 1 (0.5 a win); 1 ≥ 1.5 × 0.5.
    expect(flag).toMatchObject({ raised: true, figures: { perLoss: '1', perWin: '0.5' } });
    expect(flag.tradeIds.sort()).toEqual(['b', 'c']);
    expect(moreAfterLoss(trades.slice(0, 2)).raised).toBe(false);
  });

  it('size grown over 1.2× after a loss, in half the cases or more', () => {
    const sized = (id: string, pnl: string, at: number, qty: number) =>
      t(id, pnl, at * M, (at + 1) * M, { qty: jd(qty) });
    const trades = [
      sized('t1', '-5', 1, 10), // 1000
      sized('t2', '-5', 3, 15), // 1500 > 1200 after a loss
      sized('t3', '5', 5, 15), // 1500, not over 1800
      sized('t4', '-5', 7, 10), // after a win: not counted
      sized('t5', '5', 9, 20), // 2000 > 1200 after t4's loss
    ];
    const flag = sizeAfterLoss(trades);
    expect(flag).toMatchObject({
      raised: true,
      figures: { grown: '2', afterLosses: '3' },
      tradeIds: ['t2', 't5'],
    });
  });

  it('leverage rising from position to position', () => {
    const lev = (id: string, at: number, leverage: number) =>
      t(id, '1', at * M, (at + 1) * M, { product: 'contract', leverage, currency: 'USDT' });
    const creep = [
      lev('c1', 1, 5),
      lev('c2', 3, 10),
      t('s', '1', 4 * M, 5 * M),
      lev('c3', 6, 10),
      lev('c4', 8, 20),
    ];
    expect(leverageCreep(creep)).toMatchObject({
      raised: true,
      figures: { from: '5', to: '20', rises: '2' },
      tradeIds: ['c2', 'c4'],
    });
    expect(leverageCreep([lev('c1', 1, 20), lev('c2', 3, 10), lev('c3', 5, 20)]).raised).toBe(false);
  });

  it('losers held 1.5× as long as winners', () => {
    const trades = [
      t('w1', '5', 0, 10 * M),
      t('w2', '5', 0, 20 * M), // winners 15 minutes on average
      t('l1', '-5', 0, 30 * M),
      t('l2', '-5', 0, 60 * M),
      t('l3', '-5', 0, 10 * M), // losers 33⅓ minutes ≥ 22.5
    ];
    const flag = holdLosers(trades);
    expect(flag).toMatchObject({ raised: true, figures: { winnerMinutes: '15', loserMinutes: '33' } });
    expect(flag.tradeIds).toEqual(['l1', 'l2']);
    expect(holdLosers(trades.slice(0, 3)).raised).toBe(false);
  });
});

describe('CSV (RFC 4180)', () => {
  it('quotes what needs it and reads it back', () => {
    const rows = [
      ['date', 'description', 'debit'],
      ['2026-11-23', 'Buy THYAO, 10 lots', '1234.5'],
      ['x', 'he said "hi"', 'two\r\nlines'],
      ['', '', ''],
    ];
    const text = writeCsv(rows);
    expect(text).toBe(
      'date,description,debit\r\n2026-11-23,"Buy THYAO, 10 lots",1234.5\r\nx,"he said ""hi""","two\r\nlines"\r\n,,\r\n',
    );
    expect(readCsv(text)).toEqual(rows);
  });

  it('writes times in Istanbul with the offset', () => {
    expect(csvTime(Date.UTC(2026, 10, 23, 21, 30, 5))).toBe('2026-11-24 00:30:05 +03:00');
  });
});
