import { describe, expect, it } from 'vitest';
import { catalogue } from '../market/catalogue';
import { createSimulator } from '../market/simulator/simulator';
import { partitionMap, partitionName, symbolHash } from './partition-map';
import { partitionedMarket } from './partitioned-market';

const instruments = catalogue('default').map((entry) => entry.instrument);
const coins = instruments.filter((i) => i.market === 'coin').map((i) => i.symbol);
const stocks = instruments.filter((i) => i.market === 'stock').map((i) => i.symbol);

describe('which trading partition trades a symbol', () => {
  it('hashes a symbol the same way everywhere (FNV-1a, hand-computed vectors)', () => {
    // FNV-1a 32: offset basis 0x811c9dc5; "a" → 0xe40c292c, "" → the basis itself.
    expect(symbolHash('')).toBe(0x811c9dc5);
    expect(symbolHash('a')).toBe(0xe40c292c);
    expect(symbolHash('foobar')).toBe(0xbf9cf968);
  });

  it('keeps every symbol in one partition when there is one, under the name a cluster always used', () => {
    const map = partitionMap(1, instruments);
    expect(instruments.every((i) => map.of(i.symbol) === 0)).toBe(true);
    expect(map.ofWallet('stock')).toEqual([0]);
    expect(partitionName(0)).toBe('partition:trading');
    expect(partitionName(2)).toBe('partition:trading:2');
  });

  it('puts coins (spot and contracts share their books) in the first and stocks in the second of two', () => {
    const map = partitionMap(2, instruments);
    expect(coins.length).toBeGreaterThan(0);
    expect(coins.every((s) => map.of(s) === 0)).toBe(true);
    expect(stocks.every((s) => map.of(s) === 1)).toBe(true);
    expect(map.ofWallet('coin')).toEqual([0]);
    expect(map.ofWallet('stock')).toEqual([1]);
  });

  it('spreads stocks over every stock partition by their hash, never onto the coins', () => {
    const map = partitionMap(4, instruments);
    const used = new Set(stocks.map((s) => map.of(s)));
    expect([...used].sort()).toEqual([1, 2, 3]);
    for (const s of stocks) expect(map.of(s)).toBe(1 + (symbolHash(s) % 3));
    expect(coins.every((s) => map.holds(0, s))).toBe(true);
  });

  it('refuses a count it cannot run', () => {
    expect(() => partitionMap(0, instruments)).toThrow();
    expect(() => partitionMap(17, instruments)).toThrow();
    expect(() => partitionMap(1.5, instruments)).toThrow();
  });
});

describe('a node sees one market over the partitions', () => {
  it('draws each slice apart and routes every symbol to its own, a status once', () => {
    const map = partitionMap(3, instruments);
    const clock = { now: () => Date.UTC(2026, 0, 5, 8) };
    const slices = [0, 1, 2].map((p) =>
      createSimulator({
        seed: 7,
        clock,
        alwaysOpen: true,
        profile: 'default',
        slice: (s) => map.holds(p, s),
      }),
    );
    slices.forEach((slice, p) => expect(slice.instruments().every((i) => map.of(i.symbol) === p)).toBe(true));
    const market = partitionedMarket(slices, map);
    const all = market.instruments().map((i) => i.symbol);
    expect(new Set(all).size).toBe(all.length);
    expect(coins.every((s) => all.includes(s))).toBe(true);
    const stock = stocks.find((s) => map.of(s) === 2)!;
    expect(market.ticker(stock)?.last).toBe(slices[2]!.ticker(stock)?.last);
    expect(market.ticker(coins[0]!)?.last).toBe(slices[0]!.ticker(coins[0]!)?.last);
    const heard: string[] = [];
    market.on((event) =>
      heard.push(event.type === 'status' ? `status:${event.status.market}` : event.symbol),
    );
    clock.now = () => Date.UTC(2026, 0, 5, 8, 0, 5);
    slices.forEach((slice) => slice.step(clock.now()));
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.filter((h) => h.startsWith('status:')).length).toBeLessThanOrEqual(2);
  });
});
