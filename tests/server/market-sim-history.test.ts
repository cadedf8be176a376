import { describe, expect, it } from 'vitest';
import { barOffset, barOpenTime, INTERVAL_MS, INTERVALS } from '../../domain/market/instrument';
import { onBistTick, toSteps } from '../../domain/market/ticks';
import { createCalendar } from '../../server/market/calendar';
import { catalogue } from '../../server/market/catalogue';
import { createSimulator } from '../../server/market/simulator/simulator';
import { seedFromEnv } from '../support/random';

const DAY = 86_400_000;

describe('market simulator: catalogue and generated history', () => {
  // A Tuesday afternoon in session, so today's bars are part of the history.
  const created = Date.parse('2026-11-24T14:37:12+03:00');
  const seed = seedFromEnv();
  const why = `SEED=${seed} replays`;
  const sim = createSimulator({ seed, clock: { now: () => created }, alwaysOpen: false, profile: 'default' });
  const calendar = createCalendar({ alwaysOpen: false });

  it('lists real BIST stocks, the three indices, USDT coins and the USDT/TRY rate', () => {
    const all = sim.instruments();
    const stocks = all.filter((i) => i.market === 'stock');
    const coins = all.filter((i) => i.market === 'coin');
    expect(stocks.length).toBeGreaterThanOrEqual(30);
    expect(coins.length).toBeGreaterThanOrEqual(10);
    expect(all.filter((i) => i.market === 'index').map((i) => i.symbol)).toEqual(['XU100', 'XU030', 'XBANK']);
    for (const symbol of [
      'THYAO',
      'GARAN',
      'AKBNK',
      'ASELS',
      'BIMAS',
      'KCHOL',
      'TUPRS',
      'SASA',
      'KOZAL',
      'ODAS',
    ])
      expect(sim.instrument(symbol)?.market).toBe('stock');
    for (const stock of stocks) {
      expect(stock).toMatchObject({ lot: 1, priceScale: 2, qtyScale: 0, country: 'TR', base: null });
      expect(onBistTick(toSteps(sim.ticker(stock.symbol)!.last, 2)), stock.symbol).toBe(true);
    }
    expect(new Set(stocks.map((s) => s.group))).toEqual(new Set([1, 2, 3]));
    expect(stocks.filter((s) => s.t1).length).toBeGreaterThan(0);
    expect(sim.instrument('XBANK')?.members).toContain('GARAN');
    expect(sim.instrument('XU030')?.members).toHaveLength(30);
    for (const coin of coins) {
      expect(coin.symbol).toBe(`${coin.base}${coin.quote}`);
      expect(coin.quote).toBe(coin.symbol === 'USDTTRY' ? 'TRY' : 'USDT');
      expect(toSteps(coin.minQty, coin.qtyScale)).toBe(1);
    }
    // What values the USDT wallets in TRY (the portfolio figure), at a plausible level.
    const rate = Number(sim.ticker('USDTTRY')!.last);
    expect(rate).toBeGreaterThan(30);
    expect(rate).toBeLessThan(60);
    const xu100 = Number(sim.ticker('XU100')!.last);
    expect(xu100).toBeGreaterThan(9_000);
    expect(xu100).toBeLessThan(12_500);
  });

  it('has at least 500 aligned, increasing bars per interval, ending at the current price', () => {
    const start = new Map(catalogue('default').map((e) => [e.instrument.symbol, e.price]));
    for (const instrument of sim.instruments()) {
      const offset = barOffset(instrument.market);
      for (const interval of INTERVALS) {
        const bars = sim.candles(instrument.symbol, interval, 5000);
        const where = `${why}: ${instrument.symbol} ${interval}`;
        expect(bars.length, where).toBeGreaterThanOrEqual(500);
        let previous = -Infinity;
        // One expect per bar would dominate the run: the bad bars are gathered instead.
        const bad = bars.filter((bar) => {
          const [o, h, l, c] = [bar.o, bar.h, bar.l, bar.c].map((p) => toSteps(p, instrument.priceScale));
          const ok =
            barOpenTime(bar.t, interval, offset) === bar.t &&
            bar.t > previous &&
            h! >= Math.max(o!, c!) &&
            l! <= Math.min(o!, c!) &&
            l! > 0;
          previous = bar.t;
          return !ok;
        });
        expect(bad, where).toEqual([]);
        expect(bars[bars.length - 1]!.t, where).toBeLessThanOrEqual(created);
        if (instrument.market !== 'index')
          expect(bars[bars.length - 1]!.c, where).toBe(start.get(instrument.symbol));
      }
      // Paging back: `end` returns the bars up to it.
      const page = sim.candles(instrument.symbol, '1h', 100);
      const older = sim.candles(instrument.symbol, '1h', 100, page[0]!.t - 1);
      expect(older[older.length - 1]!.t).toBeLessThan(page[0]!.t);
    }
  });

  it('puts BIST bars only in sessions (weekdays, not holidays, half days until 12:30)', () => {
    for (const symbol of ['THYAO', 'XU100']) {
      for (const interval of INTERVALS) {
        const size = INTERVAL_MS[interval];
        const outside = sim.candles(symbol, interval, 5000).filter((bar) => {
          if (interval === '1w')
            return !Array.from({ length: 7 }, (_, d) => calendar.session(calendar.dayOf(bar.t) + d)).some(
              Boolean,
            );
          const session = calendar.session(calendar.dayOf(bar.t));
          if (interval === '1d') return session === null;
          return session === null || bar.t + size <= session.open || bar.t >= session.close;
        });
        expect(outside, `${symbol} ${interval}`).toEqual([]);
      }
    }
    // Republic Day (29 Oct 2026) has no bar; its eve ends at 12:30.
    const daily = sim.candles('GARAN', '1d', 5000).map((b) => calendar.dayOf(b.t));
    expect(daily).not.toContain(calendar.dayOf(Date.parse('2026-10-29T12:00:00+03:00')));
    expect(daily).toContain(calendar.dayOf(Date.parse('2026-10-28T12:00:00+03:00')));
    const eve = sim
      .candles('GARAN', '30m', 5000)
      .filter((b) => calendar.dayOf(b.t) === calendar.dayOf(Date.parse('2026-10-28T12:00:00+03:00')));
    expect(eve.map((b) => new Date(b.t + 3 * 3_600_000).toISOString().slice(11, 16))).toEqual([
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
    ]);
  });

  it('trades coins around the clock: hourly bars without gaps', () => {
    const bars = sim.candles('BTCUSDT', '1h', 5000);
    for (let i = 1; i < bars.length; i++) expect(bars[i]!.t - bars[i - 1]!.t).toBe(3_600_000);
    expect(bars[bars.length - 1]!.t).toBe(barOpenTime(created, '1h', 0));
    expect(sim.candles('BTCUSDT', '1d', 1)[0]!.t % DAY).toBe(0);
  });

  it('starts inside the day band with the day figures of the last daily bar', () => {
    for (const instrument of sim.instruments().filter((i) => i.market === 'stock')) {
      const ticker = sim.ticker(instrument.symbol)!;
      const [yesterday, today] = sim.candles(instrument.symbol, '1d', 2);
      expect(ticker.prev).toBe(yesterday!.c);
      expect(ticker).toMatchObject({
        open: today!.o,
        high: today!.h,
        low: today!.l,
        last: today!.c,
        volume: today!.v,
      });
      const band = { 1: 0.2, 2: 0.15, 3: 0.1 }[instrument.group!];
      const ratio = Number(ticker.last) / Number(ticker.prev);
      expect(Math.abs(ratio - 1), instrument.symbol).toBeLessThanOrEqual(band);
    }
  });
});
