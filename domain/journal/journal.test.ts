import { describe, expect, it } from 'vitest';
import { pnlCalendar, periodKey } from './calendar';
import { contractTrade, optionTrade } from './positions';
import { roundTrips, type SpotFillIn } from './round-trips';
import { dailyPnl, maxDrawdown, sharpe, tradeStats } from './stats';
import { jd, type ClosedTrade } from './trade';

const H = 3_600_000;
// Monday 23 November 2026, 00:00 in Istanbul (21:00 UTC the day before).
const MON = Date.UTC(2026, 10, 22, 21);

const fill = (
  f: Partial<SpotFillIn> & Pick<SpotFillIn, 'id' | 'orderId' | 'side' | 'price' | 'qty' | 'costs' | 't'>,
) => ({ product: 'stock', symbol: 'THYAO', currency: 'TRY', ...f }) as SpotFillIn;

describe('roundTrips: FIFO by hand', () => {
  const fills: SpotFillIn[] = [
    // Given out of order: the function reads them by time.
    fill({ id: '5', orderId: 'o4', side: 'sell', price: '104', qty: '2', costs: '0.4', t: 4 * H + 1 }),
    fill({ id: '1', orderId: 'o1', side: 'buy', price: '100', qty: '10', costs: '2', t: 1 * H }),
    fill({ id: '2', orderId: 'o2', side: 'buy', price: '110', qty: '10', costs: '2.2', t: 2 * H }),
    fill({ id: '3', orderId: 'o3', side: 'sell', price: '120', qty: '15', costs: '3.6', t: 3 * H }),
    fill({ id: '4', orderId: 'o4', side: 'sell', price: '105', qty: '3', costs: '0.6', t: 4 * H }),
    // Coins sold without a buy in the fills (a transfer in): no trade.
    fill({
      id: '6',
      orderId: 'o5',
      product: 'coin',
      symbol: 'BTCUSDT',
      currency: 'USDT',
      side: 'sell',
      price: '50000',
      qty: '1',
      costs: '5',
      t: 5 * H,
    }),
  ];
  const [first, second, ...rest] = roundTrips(fills, 'live');

  it('a sell takes the oldest units first', () => {
    // 10 @ 100 and 5 @ 110: entry 1550 ÷ 15; exit 1800; costs 2 + 5 × 0.22 + 3.6 = 6.7; P&L 1800 − 1550 − 6.7.
    expect(first?.id).toBe('live:stock:o3');
    expect(first?.qty.toFixed()).toBe('15');
    expect(first?.entry.toDecimalPlaces(4).toFixed()).toBe('103.3333');
    expect(first?.exit.toFixed()).toBe('120');
    expect(first?.costs.toFixed()).toBe('6.7');
    expect(first?.pnl.toFixed()).toBe('243.3');
    expect([first?.openedAt, first?.closedAt]).toEqual([H, 3 * H]);
    // All of buy 1, half of buy 2, all of the sell.
    expect(first?.fills.map((f) => [f.id, f.qty.toFixed(), f.of.toFixed()])).toEqual([
      ['1', '10', '10'],
      ['3', '15', '15'],
      ['2', '5', '10'],
    ]);
  });

  it("one selling order's fills make one trade", () => {
    // The last 5 @ 110 sold 3 @ 105 and 2 @ 104: exit 523 ÷ 5 = 104.6; costs 5 × 0.22 + 1.0; P&L 523 − 550 − 2.1.
    expect(second?.id).toBe('live:stock:o4');
    expect(second?.fills.map((f) => [f.id, f.qty.toFixed(), f.of.toFixed()])).toEqual([
      ['2', '5', '10'],
      ['4', '3', '3'],
      ['5', '2', '2'],
    ]);
    expect(second?.entry.toFixed()).toBe('110');
    expect(second?.exit.toFixed()).toBe('104.6');
    expect(second?.costs.toFixed()).toBe('2.1');
    expect(second?.pnl.toFixed()).toBe('-29.1');
    expect([second?.openedAt, second?.closedAt]).toEqual([2 * H, 4 * H + 1]);
    expect(rest).toEqual([]);
  });

  it('keeps replay trades apart by their id', () => {
    expect(roundTrips(fills, 'replay')[0]?.id).toBe('replay:stock:o3');
  });
});

describe('positions as trades', () => {
  it('a contract: exit the closes’ average, costs fees and funding', () => {
    const t = contractTrade(
      {
        id: '7',
        symbol: 'BTCUSDT',
        side: 'long',
        leverage: 10,
        entryPrice: '50000',
        openFee: '0.5',
        closeFee: '0.515',
        funding: '0.1',
        realizedPnl: '28.885',
        openedAt: 0,
        closedAt: H,
        closes: [
          { qty: '0.01', price: '51000' },
          { qty: '0.01', price: '52000' },
        ],
        qty: '0.01',
        closePrice: '52000',
      },
      'live',
    );
    expect([t.qty.toFixed(), t.exit.toFixed(), t.costs.toFixed(), t.pnl.toFixed()]).toEqual([
      '0.02',
      '51500',
      '1.115',
      '28.885',
    ]);
  });

  const option = {
    id: '9',
    symbol: 'THYAO',
    contracts: '2',
    multiplier: 100,
    premium: '2.5',
    premiumTotal: '500',
    fee: '5',
    openedAt: 0,
    closedAt: H,
  };
  it('an option closed early: credited 595 after its 5 fee, P&L 595 − 500 − 5', () => {
    const t = optionTrade({ ...option, closePremium: '3', payoff: '595', closeFee: '5' }, 'live');
    expect([t.qty.toFixed(), t.exit.toFixed(), t.costs.toFixed(), t.pnl.toFixed()]).toEqual([
      '200',
      '3',
      '10',
      '90',
    ]);
  });
  it('an option expired: worthless loses all 505; in the money paid 2000 (10 a share)', () => {
    const lost = optionTrade({ ...option, closePremium: null, payoff: null, closeFee: null }, 'live');
    expect([lost.exit.toFixed(), lost.pnl.toFixed()]).toEqual(['0', '-505']);
    const paid = optionTrade({ ...option, closePremium: null, payoff: '2000', closeFee: null }, 'live');
    expect([paid.exit.toFixed(), paid.pnl.toFixed()]).toEqual(['10', '1495']);
  });
});

function trade(id: string, pnl: string, closedAt: number, more: Partial<ClosedTrade> = {}): ClosedTrade {
  return {
    id,
    source: 'live',
    product: 'stock',
    symbol: 'THYAO',
    currency: 'TRY',
    side: 'long',
    openedAt: closedAt - H,
    closedAt,
    entry: jd(100),
    exit: jd(100),
    qty: jd(1),
    pnl: jd(pnl),
    costs: jd(0),
    leverage: null,
    fills: [],
    ...more,
  };
}

describe('report figures by hand', () => {
  // +100 and −50 on Monday, +30 on Wednesday, −40 on Thursday.
  const trades = [
    trade('a', '100', MON + 10 * H),
    trade('b', '-50', MON + 11 * H),
    trade('c', '30', MON + 2 * 24 * H + 10 * H),
    trade('d', '-40', MON + 3 * 24 * H + 10 * H),
  ];

  it('win rate, averages, expectancy', () => {
    const s = tradeStats(trades);
    expect([s.trades, s.wins, s.losses]).toEqual([4, 2, 2]);
    expect(s.winRate?.toFixed()).toBe('50');
    expect(s.avgWin?.toFixed()).toBe('65');
    expect(s.avgLoss?.toFixed()).toBe('-45');
    expect(s.expectancy?.toFixed()).toBe('10');
    expect(s.totalPnl.toFixed()).toBe('40');
  });

  it('drawdown from the peak, the open positions marked last', () => {
    // Equity 100, 50, 80, 40: the deepest fall 100 → 40 = 60; with −20 open: 100 → 20 = 80.
    expect(tradeStats(trades).maxDrawdown.toFixed()).toBe('60');
    expect(tradeStats(trades, '-20').maxDrawdown.toFixed()).toBe('80');
    expect(maxDrawdown(['-10', '5', '-10']).toFixed()).toBe('15');
    expect(maxDrawdown([]).toFixed()).toBe('0');
  });

  it('Sharpe of the daily P&L, empty days counted as 0', () => {
    // Days 50, 0, 30, −40: mean 10, sample variance 4600 ÷ 3; 10 ÷ 39.1578… × √365 = 4.87896…
    expect(dailyPnl(trades).map((v) => v.toFixed())).toEqual(['50', '0', '30', '-40']);
    expect(tradeStats(trades).sharpe?.toDecimalPlaces(4).toFixed()).toBe('4.879');
    expect(sharpe([jd(5)])).toBeNull();
    expect(sharpe([jd(5), jd(5)])).toBeNull();
  });

  it('no trades: nothing to divide by', () => {
    const s = tradeStats([]);
    expect([s.winRate, s.avgWin, s.avgLoss, s.expectancy, s.sharpe]).toEqual([null, null, null, null, null]);
  });
});

describe('calendar in Istanbul time', () => {
  it('names a day, its week by Monday and its month', () => {
    // Monday 03:00 in Istanbul; 21:30 UTC on Monday is 00:30 on Tuesday there.
    expect(periodKey(MON + 3 * H, 'day')).toBe('2026-11-23');
    expect(periodKey(Date.UTC(2026, 10, 23, 21, 30), 'day')).toBe('2026-11-24');
    expect(periodKey(Date.UTC(2026, 10, 29, 20, 59), 'week')).toBe('2026-11-23');
    expect(periodKey(Date.UTC(2026, 10, 29, 21, 0), 'week')).toBe('2026-11-30');
    expect(periodKey(Date.UTC(2026, 10, 30, 21, 0), 'month')).toBe('2026-12');
  });

  it('sums P&L per period and currency', () => {
    const cells = pnlCalendar(
      [
        trade('a', '100', MON + 10 * H),
        trade('b', '-50', MON + 11 * H),
        trade('c', '7', MON + 12 * H, { currency: 'USDT' }),
        trade('d', '30', MON + 8 * 24 * H),
      ],
      'week',
    );
    expect(cells.map((c) => [c.key, c.currency, c.pnl.toFixed(), c.trades, c.wins])).toEqual([
      ['2026-11-23', 'TRY', '50', 2, 1],
      ['2026-11-23', 'USDT', '7', 1, 1],
      ['2026-11-30', 'TRY', '30', 1, 1],
    ]);
  });
});
