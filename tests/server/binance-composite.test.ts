import { describe, expect, it } from 'vitest';
import { createCompositeSource } from '../../server/market/composite';
import { createSimulator } from '../../server/market/simulator/simulator';
import type { MarketEvent, MarketSource } from '../../server/market/source';
import { fixtureLines, settle } from '../fixtures/binance/fixture-transport';
import { startHarness } from '../fixtures/binance/setup';

/** The real simulator for BIST (it carries its own coins, which the composite must hide). */
async function composite() {
  const h = await startHarness();
  const simulator = createSimulator({ seed: 42, clock: h.time, alwaysOpen: true, profile: 'default' });
  return { h, simulator, source: createCompositeSource(simulator, h.coins) };
}

describe('composite source (MARKET_COINS=binance)', () => {
  it('takes stocks and indices from one source and coins only from the other', async () => {
    const { h, simulator, source } = await composite();
    const coins = source.instruments().filter((i) => i.market === 'coin');
    expect(coins.map((i) => i.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(source.instrument('BTCUSDT')).toBe(h.coins.instrument('BTCUSDT'));
    const stocks = simulator.instruments().filter((i) => i.market !== 'coin');
    expect(stocks.length).toBeGreaterThan(0);
    expect(source.instruments().filter((i) => i.market !== 'coin')).toEqual(stocks);
    // A coin only the simulator has is not offered at all: no symbol has two prices.
    expect(simulator.instrument('SOLUSDT')?.market).toBe('coin');
    expect(source.instrument('SOLUSDT')).toBeUndefined();
    expect(source.ticker('SOLUSDT')).toBeUndefined();
    expect(source.trades('SOLUSDT', 5)).toEqual([]);

    const stock = stocks[0]!.symbol;
    expect(source.ticker(stock)).toEqual(simulator.ticker(stock));
    expect(source.book(stock, 5)).toEqual(simulator.book(stock, 5));
    expect(source.candles(stock, '1d', 5)).toEqual(simulator.candles(stock, '1d', 5));
    expect(source.mark(stock)).toEqual(simulator.mark(stock));

    const stream = h.transport.streams[0]!;
    stream.open();
    stream.push(...fixtureLines('btcusdt-depth-stream.jsonl').slice(0, 2));
    await settle();
    stream.push(...fixtureLines('btcusdt-events.jsonl'));
    expect(source.book('BTCUSDT', 3)).toEqual(h.coins.book('BTCUSDT', 3));
    expect(source.book('BTCUSDT', 3)!.bids[0]).toEqual(['95000.00', '1.70000']);
    expect(source.ticker('BTCUSDT')!.last).toBe('95000.00');
    expect(source.trades('BTCUSDT', 5)).toHaveLength(2);
    expect(source.mark('BTCUSDT')!.mark).toBe('95000.75');
    expect(source.candles('BTCUSDT', '1m', 5).map((c) => c.t)).toEqual(
      h.coins.candles('BTCUSDT', '1m', 5).map((c) => c.t),
    );
    expect(source.status('BIST')).toEqual(simulator.status('BIST'));
    expect(source.status('CRYPTO')).toMatchObject({ market: 'CRYPTO', open: true });
    h.coins.stop();
  });

  it('passes on events of the routed source only, and unsubscribes from both', async () => {
    const { h, simulator, source } = await composite();
    const seen: MarketEvent[] = [];
    const off = source.on((event) => seen.push(event));
    const raw: MarketEvent[] = [];
    simulator.on((event) => raw.push(event));
    simulator.step(h.time.now() + 2_000);
    // The simulator did announce coins; none of them got through.
    expect(raw.some((e) => e.type !== 'status' && simulator.instrument(e.symbol)?.market === 'coin')).toBe(
      true,
    );
    const symbols = new Set(seen.flatMap((e) => (e.type === 'status' ? [] : [e.symbol])));
    expect(symbols.size).toBeGreaterThan(0);
    for (const symbol of symbols) expect(source.instrument(symbol)?.market).not.toBe('coin');
    for (const e of seen) if (e.type === 'status') expect(e.status.market).toBe('BIST');

    const stream = h.transport.streams[0]!;
    stream.open();
    stream.push(fixtureLines('btcusdt-events.jsonl')[1]!);
    expect(seen.at(-1)).toMatchObject({ type: 'trades', symbol: 'BTCUSDT' });

    off();
    const count = seen.length;
    simulator.step(h.time.now() + 4_000);
    stream.push(fixtureLines('btcusdt-events.jsonl')[2]!);
    expect(seen).toHaveLength(count);
    h.coins.stop();
  });

  it('starts and stops both sources', () => {
    const calls: string[] = [];
    const fake = (name: string, base: MarketSource): MarketSource => ({
      ...base,
      start: () => calls.push(`${name}.start`),
      stop: () => calls.push(`${name}.stop`),
    });
    const simulator = createSimulator({
      seed: 1,
      clock: { now: () => 0 },
      alwaysOpen: true,
      profile: 'default',
    });
    const source = createCompositeSource(fake('stocks', simulator), fake('coins', simulator));
    source.start();
    source.stop();
    expect(calls.sort()).toEqual(['coins.start', 'coins.stop', 'stocks.start', 'stocks.stop']);
  });
});
