import Decimal from 'decimal.js';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toSteps } from '../../domain/market/ticks';
import { catalogue } from '../../server/market/catalogue';
import type { MarketEvent } from '../../server/market/source';
import { createSimulator } from '../../server/market/simulator/simulator';
import { rng, seedFromEnv } from '../support/random';

const ist = (local: string): number => Date.parse(`${local}+03:00`);

/**
 * A default market stepped through `steps`; `symbols`, when given, the only instruments drawn
 * (each draws from its own seed, so they behave as in the whole market): minutes of the whole
 * catalogue's open session cost seconds of CPU a run.
 */
function run(
  seed: number,
  from: number,
  steps: readonly number[],
  alwaysOpen = true,
  symbols?: readonly string[],
) {
  let now = from;
  const only = symbols ? new Set(symbols) : undefined;
  const sim = createSimulator({
    seed,
    clock: { now: () => now },
    alwaysOpen,
    profile: 'default',
    ...(only ? { slice: (symbol: string) => only.has(symbol) } : {}),
  });
  const events: MarketEvent[] = [];
  sim.on((event) => events.push(event));
  for (const step of steps) {
    now += step;
    sim.step(now);
  }
  return { sim, events };
}

const symbolOf = (e: MarketEvent): string => (e.type === 'status' ? 'BIST' : e.symbol);

describe('market simulator: determinism, sessions, indices', () => {
  it('gives the same events for the same seed and clock, and others for another seed', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    // Irregular wall-clock steps, as a timer delivers them.
    const steps = Array.from({ length: 300 }, () => 20 + Math.floor(random() * 300));
    const from = ist('2026-11-24T15:00:00');
    const digest = (events: MarketEvent[]) =>
      createHash('sha256').update(JSON.stringify(events)).digest('hex');
    const a = run(seed, from, steps);
    const b = run(seed, from, steps);
    // Over 200 seeds: 68,166–80,252 events; a floor 68× below the least is past any seed.
    expect(a.events.length, `SEED=${seed}`).toBeGreaterThan(1000);
    expect(digest(b.events), `SEED=${seed}`).toBe(digest(a.events));
    expect(b.sim.book('THYAO', 50)).toEqual(a.sim.book('THYAO', 50));
    const other = run(seed + 1, from, steps);
    expect(digest(other.events)).not.toBe(digest(a.events));
  });

  it('keeps stocks still while BIST is closed and coins trading', () => {
    const { sim, events } = run(7, ist('2026-11-22T12:00:00'), Array(3000).fill(100), false);
    const stocks = new Set(
      sim
        .instruments()
        .filter((i) => i.market !== 'coin')
        .map((i) => i.symbol),
    );
    expect(events.filter((e) => stocks.has(symbolOf(e)))).toEqual([]);
    expect(events.filter((e) => e.type === 'trades' && e.symbol === 'BTCUSDT').length).toBeGreaterThan(50);
    expect(sim.status('BIST')).toMatchObject({ state: 'weekend', open: false });
    expect(sim.status('CRYPTO')).toMatchObject({ state: 'open', open: true });
    expect(sim.book('THYAO', 10)!.seq).toBe(0);
  });

  it('opens at 10:00 with a status event and a new trading day, and closes at 18:00', () => {
    // The session's opening and closing are the calendar's: two stocks show them.
    const read = ['THYAO', 'GARAN'];
    const monday = run(11, ist('2026-11-23T09:58:00'), Array(3000).fill(100), false, read);
    const statuses = monday.events.filter((e) => e.type === 'status');
    expect(statuses).toHaveLength(1);
    expect(statuses[0]).toMatchObject({ status: { market: 'BIST', state: 'open', open: true } });
    const opening = ist('2026-11-23T10:00:00');
    const stockTrades = monday.events.flatMap((e) =>
      e.type === 'trades' && e.symbol === 'THYAO' ? e.trades : [],
    );
    expect(stockTrades.length).toBeGreaterThan(0);
    expect(Math.min(...stockTrades.map((t) => t.t))).toBeGreaterThanOrEqual(opening);
    // The day rolled: Friday's close is the previous close, today's open is the first print.
    const ticker = monday.sim.ticker('THYAO')!;
    expect(ticker.prev).toBe(catalogue('default').find((e) => e.instrument.symbol === 'THYAO')!.price);
    expect(ticker.open).toBe(stockTrades[0]!.price);
    expect(Number(ticker.volume)).toBe(stockTrades.reduce((sum, t) => sum + Number(t.qty), 0));

    const evening = run(11, ist('2026-11-23T17:58:00'), Array(3000).fill(100), false, read);
    const closing = ist('2026-11-23T18:00:00');
    expect(evening.events.filter((e) => e.type === 'status')).toMatchObject([
      { status: { state: 'closed', open: false } },
    ]);
    const late = evening.events.filter(
      (e) => e.type === 'trades' && e.symbol === 'GARAN' && e.trades[0]!.t >= closing,
    );
    expect(late).toEqual([]);
    expect(evening.sim.status('BIST').nextOpen).toBe(ist('2026-11-24T10:00:00'));
  });

  it('computes each index from its members with a fixed divisor', () => {
    const seed = seedFromEnv();
    let now = ist('2026-11-24T11:00:00');
    const sim = createSimulator({ seed, clock: { now: () => now }, alwaysOpen: true, profile: 'default' });
    const indexTickers: string[] = [];
    sim.on((e) => {
      if (e.type === 'ticker' && e.symbol === 'XU100') indexTickers.push(e.ticker.last);
    });
    const start = new Map(sim.instruments().map((i) => [i.symbol, toSteps(sim.ticker(i.symbol)!.last, 2)]));
    const levels = new Map(catalogue('default').map((e) => [e.instrument.symbol, toSteps(e.price, 2)]));
    for (let i = 0; i < 1200; i++) sim.step((now += 100));
    // An index ticks on its own cadence, not by chance: 1,160–1,190 over 200 seeds, and each
    // index's members traded 1.8e10 TRY or more in the two minutes.
    expect(indexTickers.length, `SEED=${seed}`).toBeGreaterThan(100);
    for (const symbol of ['XU100', 'XU030', 'XBANK']) {
      const members = sim.instrument(symbol)!.members;
      const ratio =
        members.reduce((sum, m) => sum + toSteps(sim.ticker(m)!.last, 2) / start.get(m)!, 0) / members.length;
      const level = toSteps(sim.ticker(symbol)!.last, 2);
      expect(Math.abs(level - levels.get(symbol)! * ratio), `SEED=${seed} ${symbol}`).toBeLessThanOrEqual(1);
      expect(sim.candles(symbol, '1m', 1)[0]!.c).toBe(sim.ticker(symbol)!.last);
      // An index trades nothing itself: its volume and turnover are its members' (as BIST reports them).
      const sum = (field: 'volume' | 'turnover') =>
        members.reduce((total, m) => total.plus(sim.ticker(m)![field]), new Decimal(0));
      expect(sim.ticker(symbol)!.volume, `${symbol} volume`).toBe(sum('volume').toFixed(0));
      expect(sim.ticker(symbol)!.turnover, `${symbol} turnover`).toBe(sum('turnover').toFixed(2));
      expect(sum('turnover').gt(0), `${symbol} traded`).toBe(true);
    }
  });

  it('publishes coin marks every second with the funding rate and the next 8 h boundary', () => {
    const { sim, events } = run(5, ist('2026-11-24T11:00:00'), Array(100).fill(100));
    const marks = events.filter((e) => e.type === 'mark' && e.symbol === 'ETHUSDT');
    expect(marks).toHaveLength(10);
    const mark = sim.mark('ETHUSDT')!;
    expect(mark.funding).toBe('0.0100');
    expect(mark.nextFunding! % (8 * 3_600_000)).toBe(0);
    expect(mark.nextFunding! - mark.t).toBeLessThanOrEqual(8 * 3_600_000);
    expect(Math.abs(Number(mark.mark) / Number(sim.ticker('ETHUSDT')!.last) - 1)).toBeLessThan(0.01);
    expect(sim.mark('THYAO')).toBeUndefined();
  });

  it('serves the benchmark load: 200 stocks at 10 Hz, one book at 20 Hz, ~50 trades/s', () => {
    let now = ist('2026-11-22T03:00:00');
    const sim = createSimulator({ seed: 3, clock: { now: () => now }, alwaysOpen: false, profile: 'bench' });
    const stocks = sim.instruments().filter((i) => i.market === 'stock');
    expect(stocks).toHaveLength(200);
    expect(stocks[0]!.symbol).toBe('BNC001');
    const tickers = new Map<string, number>();
    let books = 0;
    let prints = 0;
    sim.on((e) => {
      if (e.type === 'ticker') tickers.set(e.symbol, (tickers.get(e.symbol) ?? 0) + 1);
      if (e.type === 'book' && e.symbol === 'BTCUSDT') books++;
      if (e.type === 'trades') prints += e.trades.length;
    });
    for (let i = 0; i < 200; i++) sim.step((now += 50));
    // Ten seconds of virtual time.
    // Every 100 ms, plus the odd trade between two quotes.
    for (const symbol of ['BNC001', 'BNC100', 'BNC200']) {
      expect(tickers.get(symbol)).toBeGreaterThanOrEqual(100);
      expect(tickers.get(symbol)).toBeLessThan(110);
    }
    expect(books).toBeGreaterThanOrEqual(190);
    expect(prints / 10).toBeGreaterThan(30);
    expect(prints / 10).toBeLessThan(120);
  });
});
