import { describe, expect, it } from 'vitest';
import { packCandleResets, packCandles, unpackCandleResets, unpackCandles } from './candles-transfer';
import type { ChartBar, MarketPatch } from './contract';

const bars: ChartBar[] = [
  { time: 1_700_000_000_000, open: 31_250, high: 31_400, low: 31_100, close: 31_300, volume: 1200 },
  { time: 1_700_000_060_000, open: 31_300, high: 31_350, low: 31_200, close: 31_225, volume: 0 },
  { time: 1_700_000_120_000, open: 31_225, high: 31_500, low: 31_225, close: 31_480, volume: 987.5 },
];
const reset = () => ({
  bars: bars.map((bar) => ({ ...bar })),
  // A line still warming up has nulls; a value of 0 must stay 0, not turn into null.
  main: {
    MA5: bars.map((bar, i) => ({ time: bar.time, value: i < 2 ? null : 31_335 })),
    MA10: bars.map((bar) => ({ time: bar.time, value: null })),
  },
  sub: { VOLMA5: bars.map((bar, i) => ({ time: bar.time, value: i === 1 ? 0 : 729.17 })) },
});

describe('candle resets packed for the trip from the worker', () => {
  it('comes back exactly as it left: bars, line order, nulls and zeros', () => {
    const original = reset();
    const packed = packCandles(original);
    expect(packed).not.toBeNull();
    // 3 bars × (6 bar columns + 2 main lines + 1 sub line)
    expect(packed!.columns.length).toBe(27);
    const back = unpackCandles(packed!);
    expect(back).toEqual(original);
    expect(Object.keys(back.main)).toEqual(['MA5', 'MA10']);
  });

  it('packs an empty series', () => {
    const empty = { bars: [], main: {}, sub: {} };
    expect(unpackCandles(packCandles(empty)!)).toEqual(empty);
  });

  it('leaves a reset whose lines are not one point per bar as it is', () => {
    const short = reset();
    short.main.MA5 = short.main.MA5.slice(1);
    expect(packCandles(short)).toBeNull();
    const shifted = reset();
    shifted.sub.VOLMA5[0] = { time: 1, value: 5 };
    expect(packCandles(shifted)).toBeNull();
    const patch: MarketPatch = { candles: { 'THYAO|1d': { reset: short } } };
    expect(packCandleResets(patch)).toEqual([]);
    expect(patch.candles!['THYAO|1d']!.reset).toBe(short);
  });

  it('packs every reset of a patch in place, names the buffers to transfer, and unpacks them', () => {
    const first = reset();
    const patch: MarketPatch = {
      candles: {
        'THYAO|1d': { reset: first },
        'BTCUSDT|1m': { bars: [bars[2]!], main: { MA5: [{ time: bars[2]!.time, value: 31_335 }] } },
      },
      tickers: { THYAO: { last: '312.50' } },
    };
    const buffers = packCandleResets(patch);
    expect(buffers).toHaveLength(1);
    expect(patch.candles!['THYAO|1d']!.reset).toBeUndefined();
    expect(buffers[0]).toBe(patch.candles!['THYAO|1d']!.packed!.columns.buffer);
    // A structured clone with the buffer transferred, as postMessage does.
    const received = structuredClone(patch, { transfer: buffers });
    unpackCandleResets(received);
    expect(received).toEqual({
      candles: {
        'THYAO|1d': { reset: reset() },
        'BTCUSDT|1m': { bars: [bars[2]], main: { MA5: [{ time: bars[2]!.time, value: 31_335 }] } },
      },
      tickers: { THYAO: { last: '312.50' } },
    });
  });
});
