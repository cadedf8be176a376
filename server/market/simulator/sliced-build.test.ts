import { describe, expect, it } from 'vitest';
import { INTERVALS } from '../../../domain/market/instrument';
import { HISTORY_BARS } from './history';
import { buildSimulator, createSimulator, type Simulator, type SimulatorOptions } from './simulator';

const START = Date.UTC(2026, 10, 24, 8, 30, 0);

/**
 * Everything a reader sees of a market at its clock's time, by symbol: its instrument, every bar,
 * book, tape and quote (as JSON: a deep comparison of ~800,000 bars took half a minute).
 */
function seen(market: Simulator): [string, string][] {
  return market.instruments().map(({ symbol }) => [
    symbol,
    JSON.stringify({
      instrument: market.instrument(symbol),
      bars: INTERVALS.map((interval) => market.candles(symbol, interval, HISTORY_BARS + 10)),
      book: market.book(symbol, 50),
      trades: market.trades(symbol, 50),
      ticker: market.ticker(symbol),
      mark: market.mark(symbol),
      volatility: market.volatility?.(symbol) ?? null,
      printedSince: market.printedSince?.(symbol) ?? null,
    }),
  ]);
}

/** The bench catalogue's coins and one stock in four (BNC004, BNC008, …): its 200 stocks cost seconds to compare. */
const benchQuarter = (symbol: string) => !symbol.startsWith('BNC') || Number(symbol.slice(3)) % 4 === 0;

/**
 * A node taking a trading partition over builds its market one instrument at a time, yielding to
 * its event loop between them (its lease's proofs run there). The market must be the one a build
 * in one go makes from the same seed and start: the same generated history, books and quotes, and
 * the same ticks after.
 */
describe('a market built in slices', () => {
  for (const profile of ['default', 'bench'] as const) {
    it(`is the market a build in one go makes (${profile} catalogue)`, async () => {
      let now = START;
      const options: SimulatorOptions = {
        seed: 11,
        clock: { now: () => now },
        alwaysOpen: true,
        profile,
        ...(profile === 'bench' ? { slice: benchQuarter } : {}),
      };
      let pauses = 0;
      const sliced = await buildSimulator(options, async () => {
        pauses++;
        await new Promise((resolve) => setImmediate(resolve));
      });
      const whole = createSimulator(options);
      const symbols = whole.instruments().map((i) => i.symbol);
      // One pause after each instrument made: its history is the heavy part.
      expect(pauses).toBe(symbols.length);
      expect(seen(sliced)).toEqual(seen(whole));
      // And they go on alike: every tick draws from each instrument's own random state (the
      // bench catalogue's 20 Hz ticks make this seconds of CPU: the default's are enough).
      if (profile === 'bench') return;
      now += 10_000;
      sliced.step(now);
      whole.step(now);
      expect(seen(sliced)).toEqual(seen(whole));
    }, 90_000);
  }

  it("draws only the partition's slice, as the build in one go does", async () => {
    const slice = (symbol: string) => symbol.endsWith('USDT');
    const options: SimulatorOptions = {
      seed: 3,
      clock: { now: () => START },
      alwaysOpen: false,
      profile: 'default',
      slice,
    };
    const sliced = await buildSimulator(options, () => Promise.resolve());
    const whole = createSimulator(options);
    expect(sliced.instruments().length).toBeGreaterThan(5);
    expect(sliced.instruments().every((i) => slice(i.symbol))).toBe(true);
    expect(seen(sliced)).toEqual(seen(whole));
  });
});
