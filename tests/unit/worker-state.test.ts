import { describe, expect, it } from 'vitest';
import { DEFAULT_INDICATOR_CONFIG } from '../../domain/indicators/defaults';
import { createIndicatorSeries } from '../../domain/indicators/series';
import type { IndicatorConfig } from '../../domain/indicators/types';
import { BARS_KEPT, CandleSeries } from '../../workers/candles';
import { nextTicker, percent, tickerChanges } from '../support/ticker-reference';
import { TradeTape, TRADES_KEPT } from '../../workers/trades';
import { barOf, tradeSteps } from '../../domain/protocol/stream-codec-frame';

const factory = (config: IndicatorConfig) => ({
  main: createIndicatorSeries(config.main, config.periods),
  sub: createIndicatorSeries(config.sub, config.periods),
});
const quote = { open: '100', high: '110', low: '90', prev: '100', vol: '5', turnover: '500', t: 1 };

describe('ticker maths', () => {
  it('computes change and percent in integer steps, rounding half away from zero', () => {
    const view = nextTicker('THYAO', { ...quote, last: '98.765' }, 3, undefined)!;
    expect(view).toMatchObject({ last: '98.765', prev: '100.000', change: '-1.235', pct: '-1.24', dir: 0 });
    expect(percent(1, 3)).toBe('33.33');
    expect(percent(2, 3)).toBe('66.67');
    expect(percent(-5, 1_000)).toBe('-0.50');
    expect(percent(-1, 1_000_000)).toBe('0.00');
    expect(percent(5, 0)).toBe('0.00');
  });

  it('keeps the direction of the last move while the price stands still', () => {
    const a = nextTicker('X', { ...quote, last: '100.10' }, 2, undefined)!;
    const b = nextTicker('X', { ...quote, last: '100.20' }, 2, a)!;
    const c = nextTicker('X', { ...quote, last: '100.20' }, 2, b)!;
    const d = nextTicker('X', { ...quote, last: '99.00' }, 2, c)!;
    expect([a.dir, b.dir, c.dir, d.dir]).toEqual([0, 1, 1, -1]);
    expect(tickerChanges(b, c)).toBeNull();
    expect(tickerChanges(c, d)).toEqual({ last: '99.00', change: '-1.00', pct: '-1.00', dir: -1 });
  });

  it('rejects prices off the grid', () => {
    expect(nextTicker('X', { ...quote, last: '1.001' }, 2, undefined)).toBeNull();
  });
});

describe('candles', () => {
  // A wire bar as the stream codec reads it (scale 2).
  const bar = (t: number, c: string, v = '10') =>
    barOf({ t: t * 60_000, o: '1', h: '9', l: '0.5', c, v }, 2)!;

  it('replaces the live bar in place, appends a later one, ignores older ones', () => {
    const series = new CandleSeries(DEFAULT_INDICATOR_CONFIG, factory);
    series.load([bar(1, '1'), bar(2, '2')]);
    const reset = series.patch()!.reset!;
    expect(reset.bars.map((b) => [b.time, b.close])).toEqual([
      [60, 1],
      [120, 2],
    ]);
    expect(Object.keys(reset.main)).toEqual(['MA5', 'MA10', 'MA30']);
    expect(Object.keys(reset.sub)).toEqual(['VOL', 'MA5', 'MA10']);
    series.update([bar(2, '3', '11')]);
    series.update([bar(2, '4', '12')]);
    series.update([bar(1, '7')]);
    expect(series.patch()).toEqual({
      bars: [{ time: 120, open: 1, high: 9, low: 0.5, close: 4, volume: 12 }],
      main: {
        MA5: [{ time: 120, value: null }],
        MA10: [{ time: 120, value: null }],
        MA30: [{ time: 120, value: null }],
      },
      sub: {
        VOL: [{ time: 120, value: 12 }],
        MA5: [{ time: 120, value: null }],
        MA10: [{ time: 120, value: null }],
      },
    });
    for (let t = 3; t <= 6; t++) series.update([bar(t, String(t))]);
    const patch = series.patch()!;
    expect(patch.bars!.map((b) => b.time)).toEqual([180, 240, 300, 360]);
    // MA5 over closes 1, 4, 3, 4, 5, 6 → the last five: (4 + 3 + 4 + 5 + 6) / 5.
    expect(patch.main!.MA5!.at(-1)).toEqual({ time: 360, value: 4.4 });
    expect(series.patch()).toBeNull();
    // The live bar replaced, then a new one: both are sent, oldest first, once each.
    series.update([bar(6, '8')]);
    series.update([bar(7, '9'), bar(7, '10')]);
    series.update([bar(5, '1')]);
    expect(series.patch()!.bars!.map((b) => [b.time, b.close])).toEqual([
      [360, 8],
      [420, 10],
    ]);
  });

  it('sends every kept bar when more than it keeps arrive between two patches', () => {
    const series = new CandleSeries(DEFAULT_INDICATOR_CONFIG, factory);
    series.load([bar(1, '1')]);
    series.patch();
    series.update(Array.from({ length: BARS_KEPT + 5 }, (_, i) => bar(2 + i, '2')));
    const bars = series.patch()!.bars!;
    expect(bars).toHaveLength(BARS_KEPT);
    expect(bars[0]!.time).toBe((2 + 5) * 60);
    expect(bars.at(-1)!.time).toBe((1 + BARS_KEPT + 5) * 60);
  });

  it('recomputes and resends the whole series when the indicators change', () => {
    const series = new CandleSeries(DEFAULT_INDICATOR_CONFIG, factory);
    series.load([bar(1, '1'), bar(2, '2'), bar(3, '3')]);
    series.patch();
    series.setIndicators({ ...DEFAULT_INDICATOR_CONFIG, main: 'EMA', sub: 'RSI' });
    const reset = series.patch()!.reset!;
    expect(Object.keys(reset.main)).toEqual(['EMA5', 'EMA10', 'EMA30']);
    expect(Object.keys(reset.sub)).toEqual(['RSI6', 'RSI12', 'RSI24']);
    expect(reset.bars).toHaveLength(3);
  });
});

describe('trade tape', () => {
  const trade = (id: number) => ({ id: String(id), t: id, price: '1.5', qty: '2', side: 'buy' as const });

  it('sends new trades newest first, a reset after a snapshot, and stays bounded', () => {
    const tape = new TradeTape(2);
    const steps = (trades: ReturnType<typeof trade>[]) => tradeSteps(trades, 2);
    const list = [trade(1), trade(2)];
    tape.load(list, steps(list));
    expect(tape.patch()).toEqual({
      reset: true,
      add: [
        { ...trade(2), price: '1.50' },
        { ...trade(1), price: '1.50' },
      ],
    });
    const next = [trade(3), trade(4), trade(3)];
    tape.add(next, steps(next));
    expect(tape.patch()!.add.map((t) => t.id)).toEqual(['4', '3']);
    expect(tape.patch()).toBeNull();
    const many = Array.from({ length: 300 }, (_, i) => trade(10 + i));
    tape.add(many, steps(many));
    const add = tape.patch()!.add;
    expect(add).toHaveLength(TRADES_KEPT);
    expect(add[0]!.id).toBe('309');
  });
});
