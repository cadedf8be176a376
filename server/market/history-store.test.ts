import { describe, expect, it } from 'vitest';
import { ISTANBUL_OFFSET_MS } from '../../domain/market/instrument';
import { firstUnsaved, parseBars, pruneDue, resumePrices } from './history-store';

const MIN = 60_000;

describe('what a pass of the market history job writes', () => {
  it('starts at the later of the record’s start and the newest bar saved', () => {
    const at = (since: number, lastSaved?: number) =>
      firstUnsaved({ since, lastSaved, interval: '1m', offset: 0 });
    // A new database: the record starts with the market, in the minute it started.
    expect(at(30 * MIN + 1)).toBe(30 * MIN);
    // A restart of a record started at 00:10:05 whose newest saved bar opened at 00:29: from it
    // (it may have been live), whenever this market or its saver started.
    expect(at(10 * MIN + 5_000, 29 * MIN)).toBe(29 * MIN);
    // A takeover's record starting after the newest bar saved: from the record's minute.
    expect(at(40 * MIN + 7, 30 * MIN)).toBe(40 * MIN);
  });

  it('opens daily bars on Istanbul’s midnight for stocks', () => {
    // 12:00 on 23 Nov in Istanbul (09:00 UTC): its day opened at 21:00 UTC on the 22nd.
    const since = Date.UTC(2026, 10, 23, 9);
    const day = (lastSaved?: number) =>
      firstUnsaved({ since, lastSaved, interval: '1d', offset: ISTANBUL_OFFSET_MS });
    expect(day()).toBe(Date.UTC(2026, 10, 22, 21));
    expect(day(Date.UTC(2026, 10, 23, 21))).toBe(Date.UTC(2026, 10, 23, 21));
  });

  it('prunes a series on its first pass, then each time its newest bar passes 100 bars', () => {
    expect(pruneDue(undefined, 5 * MIN, '1m')).toBe(true);
    expect(pruneDue(99 * MIN, 100 * MIN, '1m')).toBe(true);
    expect(pruneDue(100 * MIN, 199 * MIN, '1m')).toBe(false);
    expect(pruneDue(199 * MIN, 200 * MIN, '1m')).toBe(true);
    // An hour's series: 100 hours apart.
    expect(pruneDue(0, 99 * 60 * MIN, '1h')).toBe(false);
    expect(pruneDue(0, 100 * 60 * MIN, '1h')).toBe(true);
  });

  it('reads the joined bars back as the candles they were', () => {
    expect(
      parseBars('60000,96250.10,96300,96200.5,96255.00,1.25000;120000,96255.00,96255.00,96255.00,96255.00,0'),
    ).toEqual([
      { t: 60_000, o: '96250.10', h: '96300', l: '96200.5', c: '96255.00', v: '1.25000' },
      { t: 120_000, o: '96255.00', h: '96255.00', l: '96255.00', c: '96255.00', v: '0' },
    ]);
    expect(parseBars('')).toEqual([]);
  });

  it('goes on from the last saved minute’s close, else the saved last price', () => {
    const bar = (t: number, c: string) => ({ t, o: '1.00', h: c, l: '1.00', c, v: '1' });
    const history = {
      bars: new Map([
        ['BTCUSDT', { '1m': [bar(0, '81200.00'), bar(60_000, '81234.56')], '1h': [bar(0, '80000.00')] }],
        ['THYAO', { '1h': [bar(0, '400.00')] }],
        ['GARAN', { '1m': [bar(0, '0')] }],
      ]),
      trades: new Map(),
      tickers: new Map(),
    };
    const prices = new Map([
      ['BTCUSDT', '81000.00'],
      ['THYAO', '402.25'],
      ['GARAN', '120.10'],
    ]);
    expect(resumePrices(prices, history)).toEqual(
      new Map([
        ['BTCUSDT', '81234.56'],
        ['THYAO', '402.25'],
        ['GARAN', '120.10'],
      ]),
    );
    expect(resumePrices(prices, null)).toEqual(prices);
  });
});
