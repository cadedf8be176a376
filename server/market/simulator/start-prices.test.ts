import { describe, expect, it } from 'vitest';
import { barOffset, barOpenTime } from '../../../domain/market/instrument';
import { manualMarket } from './manual-market';
import { settlementPrice } from '../../options/settlement-price';
import { createSimulator } from './simulator';

const START = Date.UTC(2026, 10, 23, 9, 0, 0);
/** For the tests of THYAO alone: each instrument draws from its own seed, as in the whole market. */
const onlyThyao = (symbol: string) => symbol === 'THYAO';

/**
 * A restart or a takeover goes on from the last prices saved or mirrored. The stocks
 * did, and an index is their weighted sum, but its weights were set from the catalogue's level:
 * XU100 at 11,935 was back at 10,850 on the first tick, its chart one 9 % drop nobody traded.
 */
describe('the simulator started from saved prices', () => {
  it('starts an index at its saved level, and its history closes there', () => {
    const sim = createSimulator({
      seed: 7,
      clock: { now: () => START },
      alwaysOpen: true,
      profile: 'default',
      startPrices: new Map([
        ['XU100', '11935.00'],
        ['THYAO', '350.25'],
      ]),
    });
    expect(sim.ticker('XU100')?.last).toBe('11935.00');
    expect(sim.candles('XU100', '1h', 1).at(-1)?.c).toBe('11935.00');
    expect(sim.ticker('THYAO')?.last).toBe('350.25');
  });

  it('starts at the catalogue where a saved price does not fit the scale', () => {
    const sim = createSimulator({
      seed: 7,
      clock: { now: () => START },
      alwaysOpen: true,
      profile: 'default',
      startPrices: new Map([
        ['XU100', '11935.123'],
        ['THYAO', '350.257'],
      ]),
    });
    expect(sim.ticker('XU100')?.last).toBe('10850.00');
    expect(sim.ticker('THYAO')?.last).toBe('318.50');
  });

  it('prints trade ids a market started later (a restart, a takeover) never prints again', () => {
    // Both counted from 1: after a takeover the new owner's first prints carried the ids of the
    // old owner's, which a client's tape still held and so dropped as seen (a quiet stock's tape
    // stood still), and fills of different prints shared a trade id.
    const ids = (start: number) => {
      const { advance, of } = manualMarket(7, start, ['BTCUSDT']);
      advance(30_000);
      return of('BTCUSDT').flatMap((e) => (e.type === 'trades' ? e.trades.map((t) => t.id) : []));
    };
    const before = ids(START);
    const after = ids(START + 60_000);
    expect(before.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((id) => before.includes(id))).toEqual([]);
  });

  it("goes on from the day's figures and bars another market published (a takeover)", () => {
    // Read from generated bars instead, THYAO's previous close (the day's change and its ±20 %
    // band are measured from it) was wherever generated history closed yesterday, and the
    // day's turnover an estimate from the day's bar.
    const today = barOpenTime(START, '1d', barOffset('stock'));
    const ticker = {
      symbol: 'THYAO',
      last: '402.25',
      open: '401.00',
      high: '405.00',
      low: '399.50',
      prev: '400.00',
      volume: '12345',
      turnover: '4960000.00',
      t: START - 1_000,
    };
    const sim = createSimulator({
      seed: 7,
      clock: { now: () => START },
      alwaysOpen: true,
      profile: 'default',
      slice: onlyThyao,
      startPrices: new Map([['THYAO', '402.25']]),
      traded: {
        bars: new Map([
          ['THYAO', { '1d': [{ t: today, o: '401.00', h: '405.00', l: '399.50', c: '402.25', v: '12345' }] }],
        ]),
        trades: new Map(),
        tickers: new Map([['THYAO', ticker]]),
      },
    });
    expect(sim.ticker('THYAO')).toEqual({ ...ticker, t: START });
    expect(sim.candles('THYAO', '1d', 2).map((bar) => bar.c)).toEqual(['400.00', '402.25']);
  });

  it('settles an option that expired while it was down at the price it went on from, not a made-up bar', () => {
    // A restart at noon: THYAO had printed 350.25 last before the broker stopped. The 1-minute
    // bars before noon are generated backwards from there; an option that expired at 11:50,
    // settled by the first pass after the restart, took the close of one of them.
    const sim = createSimulator({
      seed: 7,
      clock: { now: () => START },
      alwaysOpen: true,
      profile: 'default',
      slice: onlyThyao,
      startPrices: new Map([['THYAO', '350.25']]),
    });
    expect(settlementPrice(sim, 'THYAO', START - 10 * 60_000)).toEqual({
      price: '350.25',
      at: START,
      from: 'resumed',
    });
  });
});
