import { beforeEach, describe, expect, it } from 'vitest';
import { BARS_KEPT, type CandlesPatch, type ChartBar } from '../../domain/market-data/contract';
import { applyPatch, market, onCandles, resetMarket } from '../../src/state/market';

// A trading day with the app open: the page's copy of each candle series must stay as bounded as
// the worker's, and go when the worker drops the series.
const KEY = 'THYAO|1m';
const TOPIC = 'candles|THYAO|1m';

const bar = (minute: number): ChartBar => ({
  time: minute * 60,
  open: 1,
  high: 1,
  low: 1,
  close: 1,
  volume: 1,
});
const point = (minute: number) => ({ time: minute * 60, value: minute });

/** What a chart mounted now starts from: the series onCandles hands a new listener. */
function seriesNow(): NonNullable<CandlesPatch['reset']> | null {
  let seen: NonNullable<CandlesPatch['reset']> | null = null;
  const stop = onCandles(KEY, (patch) => {
    seen = patch.reset ?? null;
  });
  stop();
  return seen;
}

beforeEach(() => resetMarket());

describe('the page copy of a candle series', () => {
  it(`keeps the newest ${BARS_KEPT} bars and their indicator points as live bars arrive`, () => {
    const first = Array.from({ length: 10 }, (_, i) => i);
    applyPatch({
      candles: {
        [KEY]: {
          reset: { bars: first.map(bar), main: { MA5: first.map(point) }, sub: { VOL: first.map(point) } },
        },
      },
    });
    // A whole day of one-minute bars past the cap, one patch each as the worker posts them.
    const last = 10 + BARS_KEPT + 50;
    for (let minute = 10; minute < last; minute++) {
      applyPatch({
        candles: {
          [KEY]: { bars: [bar(minute)], main: { MA5: [point(minute)] }, sub: { VOL: [point(minute)] } },
        },
      });
    }
    const series = seriesNow()!;
    expect(series.bars).toHaveLength(BARS_KEPT);
    expect(series.bars[0]!.time).toBe((last - BARS_KEPT) * 60);
    expect(series.bars.at(-1)!.time).toBe((last - 1) * 60);
    for (const points of [series.main.MA5!, series.sub.VOL!]) {
      expect(points).toHaveLength(BARS_KEPT);
      expect(points[0]!.time).toBe(series.bars[0]!.time);
    }
  });

  it('goes when the worker drops the series, stays while a chart listens', () => {
    const reset = { bars: [bar(1)], main: {}, sub: {} };
    applyPatch({ candles: { [KEY]: { reset } } });
    const stop = onCandles(KEY, () => undefined);
    applyPatch({ streams: { [TOPIC]: null } });
    expect(seriesNow()).not.toBeNull();
    stop();
    applyPatch({ streams: { [TOPIC]: null } });
    expect(seriesNow()).toBeNull();
    // Another topic of the symbol going leaves the series alone.
    applyPatch({ candles: { [KEY]: { reset } } });
    applyPatch({ streams: { 'ticker|THYAO': null, 'candles|THYAO|5m': null } });
    expect(seriesNow()).not.toBeNull();
  });

  it("keeps a new chart's listener when an old chart's stop is called twice", () => {
    const stopOld = onCandles(KEY, () => undefined);
    stopOld();
    const seen: CandlesPatch[] = [];
    const stopNew = onCandles(KEY, (patch) => seen.push(patch));
    stopOld();
    applyPatch({ candles: { [KEY]: { reset: { bars: [bar(1)], main: {}, sub: {} } } } });
    expect(seen).toHaveLength(1);
    stopNew();
  });
});

describe("the page copy of a symbol's book and tape", () => {
  const book = {
    reset: true as const,
    bids: ['10.5'],
    asks: ['10.6'],
    bidQty: ['10.5', '3'],
    askQty: ['10.6', '2'],
  };
  const tape = {
    reset: true as const,
    add: [{ id: '1', t: 1, price: '10.5', qty: '3', side: 'buy' as const }],
  };

  it('go when the worker stops following them, so a screen that follows them again starts from its snapshot', () => {
    applyPatch({ books: { THYAO: book, GARAN: book }, trades: { THYAO: tape, GARAN: tape } });
    applyPatch({ streams: { 'book|THYAO': null, 'trades|THYAO': null } });
    expect(market.books.THYAO).toBeUndefined();
    expect(market.trades.THYAO).toBeUndefined();
    // The other symbol's, and THYAO's ticker going, leave the rest alone.
    applyPatch({ streams: { 'ticker|GARAN': null } });
    expect(market.books.GARAN?.bidQty).toEqual({ '10.5': '3' });
    expect(market.trades.GARAN?.list).toHaveLength(1);
  });
});
