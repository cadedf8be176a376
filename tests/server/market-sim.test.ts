import { describe, expect, it } from 'vitest';
import { barOpenTime, barOffset, INTERVALS } from '../../domain/market/instrument';
import { bistBand, onBistTick, toSteps } from '../../domain/market/ticks';
import type { Trade } from '../../domain/protocol/market';
import type { MarketEvent } from '../../server/market/source';
import { createSimulator } from '../../server/market/simulator/simulator';
import { seedFromEnv } from '../support/random';
import { MirrorBook, PrintBars } from './market-sim-support';

const TUESDAY_NOON = Date.parse('2026-11-24T12:00:00+03:00');

/**
 * A long seeded run of the default market, every event checked as a client would see it:
 * prints on the grid and in the band, books never crossed, every print at a level that was
 * in the book, diffs that rebuild the book exactly, live bars that are the sum of their prints.
 */
describe('market simulator: a long seeded run', () => {
  it('keeps books, prints, bands and bars consistent', { timeout: 120_000 }, () => {
    const seed = seedFromEnv();
    const why = `SEED=${seed} replays`;
    let now = TUESDAY_NOON;
    const sim = createSimulator({ seed, clock: { now: () => now }, alwaysOpen: true, profile: 'default' });
    const instruments = sim.instruments().filter((i) => i.market !== 'index');
    const books = new Map(
      instruments.map((i) => [i.symbol, new MirrorBook(sim.book(i.symbol, 1000)!, i.priceScale, i.qtyScale)]),
    );
    const scale = new Map(sim.instruments().map((i) => [i.symbol, i]));
    const prev = new Map(instruments.map((i) => [i.symbol, sim.ticker(i.symbol)!.prev]));
    const pending = new Map<string, Trade[]>();
    const printBars = new Map(instruments.map((i) => [i.symbol, new PrintBars()]));
    const lastCandle = new Map<string, MarketEvent>();
    const counts = { trades: 0, book: 0, crossedChecks: 0, walks: 0 };
    // expect() per event would dominate the run; failures are gathered and asserted once.
    const failures: string[] = [];
    const check = (ok: boolean, message: () => string): void => {
      if (!ok && failures.length < 10) failures.push(message());
    };

    sim.on((event) => {
      if (event.type === 'status') return;
      const instrument = scale.get(event.symbol)!;
      const ps = instrument.priceScale;
      if (event.type === 'trades') {
        const book = books.get(event.symbol)!;
        const used = new Map<string, number>();
        for (const trade of event.trades) {
          counts.trades++;
          // The taker hit a resting level: a buy lifts an ask, a sell hits a bid.
          const side = trade.side === 'buy' ? book.asks : book.bids;
          const resting = side.get(toSteps(trade.price, ps));
          check(resting !== undefined, () => `${event.symbol} print ${trade.price} not in the book`);
          const key = `${trade.side}${trade.price}`;
          const total = (used.get(key) ?? 0) + toSteps(trade.qty, instrument.qtyScale);
          used.set(key, total);
          check(
            resting !== undefined && total <= resting,
            () => `${event.symbol} print ${trade.price} larger than its level`,
          );
          if (instrument.market === 'stock')
            check(onBistTick(toSteps(trade.price, 2)), () => `${event.symbol} ${trade.price} off tick`);
          printBars
            .get(event.symbol)!
            .add(
              instrument.market === 'coin' ? 'coin' : 'stock',
              trade.t,
              toSteps(trade.price, ps),
              toSteps(trade.qty, instrument.qtyScale),
            );
        }
        if (used.size > 1) counts.walks++;
        pending.set(event.symbol, [...(pending.get(event.symbol) ?? []), ...event.trades]);
      } else if (event.type === 'book') {
        counts.book++;
        const book = books.get(event.symbol)!;
        try {
          book.apply(event);
        } catch (error) {
          check(false, () => String(error));
        }
        const { bid, ask } = book.touch();
        if (bid !== null && ask !== null) {
          counts.crossedChecks++;
          check(bid < ask, () => `${event.symbol} crossed at seq ${event.seq}`);
        }
      } else if (event.type === 'ticker' && instrument.market === 'stock') {
        // The ticker follows its tick's prints and carries the band's reference (prevClose).
        prev.set(event.symbol, event.ticker.prev);
        const band = bistBand(toSteps(event.ticker.prev, 2), instrument.group!);
        for (const trade of pending.get(event.symbol) ?? []) {
          const p = toSteps(trade.price, 2);
          check(p >= band.lower && p <= band.upper, () => `${event.symbol} ${trade.price} outside band`);
        }
        pending.delete(event.symbol);
      } else if (event.type === 'candle') {
        lastCandle.set(`${event.symbol}/${event.interval}`, event);
      }
    });

    for (let i = 0; i < 6_000; i++) {
      now += 100;
      sim.step(now);
    }
    expect(failures, why).toEqual([]);
    // Floors every seed keeps: each count adds up thousands of per-step draws. Over 200 seeds
    // trades were 76,107–79,996, walks 16,266–17,536 and crossed checks 195,074–197,549 (σ about
    // 1 % of each), 6–160× their floors: Chernoff's exp(−μδ²/2) is below e^−8000. The median
    // depth (47–48) is the depth the simulator keeps its books at, not a draw.
    expect(counts.trades, why).toBeGreaterThan(10_000);
    expect(counts.walks, `${why}: some takers walk several levels`).toBeGreaterThan(100);
    expect(counts.crossedChecks, why).toBeGreaterThan(30_000);

    const depths: number[] = [];
    for (const instrument of instruments) {
      const { symbol, priceScale: ps, qtyScale: qs } = instrument;
      const mirror = books.get(symbol)!;
      const snapshot = sim.book(symbol, 1000)!;
      expect(snapshot.seq, why).toBe(mirror.seq);
      expect(mirror.sorted(), `${why}: ${symbol} diffs do not rebuild the book`).toEqual({
        bids: snapshot.bids,
        asks: snapshot.asks,
      });
      // Right after a fast run one side is thinner; it is never thin for long. At the day's band
      // a side holds only the prices left inside it, so there it must reach the limit instead.
      const band =
        instrument.market === 'stock' ? bistBand(toSteps(prev.get(symbol)!, 2), instrument.group!) : null;
      const deepEnough = (levels: [string, string][], limit: number | undefined) =>
        levels.length >= 15 || (limit !== undefined && toSteps(levels.at(-1)![0], 2) === limit);
      expect(
        deepEnough(snapshot.bids, band?.lower),
        `${why}: ${symbol} bid depth ${snapshot.bids.length}`,
      ).toBe(true);
      expect(
        deepEnough(snapshot.asks, band?.upper),
        `${why}: ${symbol} ask depth ${snapshot.asks.length}`,
      ).toBe(true);
      depths.push(snapshot.bids.length, snapshot.asks.length);

      // Live bars opened during the run are exactly the aggregation of their prints.
      const firstLive = (interval: (typeof INTERVALS)[number]) =>
        barOpenTime(TUESDAY_NOON, interval, barOffset(instrument.market));
      for (const interval of INTERVALS) {
        for (const candle of sim.candles(symbol, interval, 2000)) {
          if (candle.t <= firstLive(interval)) continue;
          const expected = printBars.get(symbol)!.get(interval, candle.t);
          expect(expected, `${why}: ${symbol} ${interval} bar ${candle.t} has no prints`).toBeDefined();
          expect(
            {
              o: toSteps(candle.o, ps),
              h: toSteps(candle.h, ps),
              l: toSteps(candle.l, ps),
              c: toSteps(candle.c, ps),
              v: toSteps(candle.v, qs),
            },
            `${why}: ${symbol} ${interval} ${candle.t}`,
          ).toEqual(expected);
        }
        const last = sim.candles(symbol, interval, 1)[0];
        const event = lastCandle.get(`${symbol}/${interval}`);
        expect(event && event.type === 'candle' ? event.candle : null, why).toEqual(last);
      }
    }
    depths.sort((x, y) => x - y);
    expect(depths[Math.floor(depths.length / 2)], `${why}: median depth`).toBeGreaterThanOrEqual(30);
  });
});
