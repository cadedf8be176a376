import { describe, expect, it } from 'vitest';
import { barOffset, barOpenTime, INTERVALS, type Interval } from '../../../domain/market/instrument';
import type { Candle } from '../../../domain/protocol/market';
import type { PrintedSince, TradedBars } from '../source';
import { lastPrices } from '../resume';
import { createSimulator } from './simulator';

const START = Date.UTC(2026, 10, 23, 9, 0, 0);
const SYMBOLS = ['BTCUSDT', 'THYAO', 'XU100'];

const market = (
  now: () => number,
  traded?: Parameters<typeof createSimulator>[0]['traded'],
  prices?: Map<string, string>,
) =>
  createSimulator({
    seed: 7,
    clock: { now },
    alwaysOpen: true,
    profile: 'default',
    ...(prices ? { startPrices: prices } : {}),
    ...(traded ? { traded } : {}),
  });

/**
 * A restart on the same database (server/market/history-store.ts): the simulator drew its past
 * anew on every start, so every bar a user saw before it had moved. Handed what the first market
 * saved (its printedSince and the bars from there on), the next one draws the same past and goes
 * on from the saved bars; the minutes it was down have no bars.
 */
describe('the simulator restarted from its saved history', () => {
  it('shows every bar saved before the restart unchanged, and none for the minutes it was down', () => {
    let now = START;
    const first = market(() => now);
    now += 7 * 60_000;
    first.step(now);
    const before = new Map<string, Candle[]>();
    const bars = new Map<string, TradedBars>();
    const since = new Map<string, PrintedSince>();
    for (const symbol of SYMBOLS) {
      const printed = first.printedSince?.(symbol);
      expect(printed?.since).toBe(START);
      since.set(symbol, printed!);
      const offset = barOffset(first.instrument(symbol)!.market);
      const saved: TradedBars = {};
      for (const interval of INTERVALS) {
        const all = first.candles(symbol, interval, 1000);
        before.set(`${symbol}|${interval}`, all);
        saved[interval] = all.filter((bar) => bar.t >= barOpenTime(START, interval, offset));
      }
      bars.set(symbol, saved);
    }
    expect(before.get('BTCUSDT|1m')!.length).toBeGreaterThan(500);

    const down = now;
    now += 30 * 60_000;
    const second = market(
      () => now,
      { bars, trades: new Map(), tickers: new Map(), since },
      lastPrices(first),
    );
    second.step(now + 90_000);
    for (const symbol of SYMBOLS) {
      expect(second.printedSince?.(symbol)).toEqual(since.get(symbol));
      for (const interval of INTERVALS as readonly Interval[]) {
        const was = before.get(`${symbol}|${interval}`)!;
        const is = second.candles(symbol, interval, 1000);
        const live = was.at(-1)!;
        expect(
          is.filter((bar) => bar.t < live.t),
          `${symbol} ${interval}`,
        ).toEqual(was.slice(0, -1));
        // The bar that was live goes on: its open stays, its range only widens.
        const goesOn = is.find((bar) => bar.t === live.t)!;
        expect(goesOn.o).toBe(live.o);
        expect(Number(goesOn.h)).toBeGreaterThanOrEqual(Number(live.h));
        expect(Number(goesOn.l)).toBeLessThanOrEqual(Number(live.l));
      }
      // Nothing drawn for the half hour nobody traded: the next one-minute bar opens after it.
      const after = second
        .candles(symbol, '1m', 1000)
        .filter((bar) => bar.t > before.get(`${symbol}|1m`)!.at(-1)!.t);
      expect(
        after.every((bar) => bar.t >= down + 30 * 60_000),
        symbol,
      ).toBe(true);
    }
  });

  it('draws a new past where no history was saved (a new database)', () => {
    const a = market(() => START);
    const b = market(() => START + 3_600_000);
    expect(b.candles('BTCUSDT', '1m', 5)).not.toEqual(a.candles('BTCUSDT', '1m', 5));
    expect(b.printedSince?.('BTCUSDT')?.since).toBe(START + 3_600_000);
  });
});
