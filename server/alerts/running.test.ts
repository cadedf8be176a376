import { describe, expect, it } from 'vitest';
import { createLocalBus } from '../bus/local';
import { createAlertRunner } from './running';
import type { StoredAlert } from './store';

/** An engine that records what it was told, and knows what it was added. */
function engine() {
  const known = new Set<string>();
  const told: string[] = [];
  return {
    told,
    add(row: StoredAlert) {
      known.add(String(row.id));
      told.push(`add ${row.id}`);
    },
    remove(id: bigint) {
      told.push(`remove ${id}`);
      return known.delete(String(id));
    },
    settled: () => Promise.resolve(),
  };
}

const row = (id: bigint, symbol: string): StoredAlert => ({
  id,
  userId: 1n,
  accountType: 'demo',
  symbol,
  kind: 'above',
  threshold: '1',
  windowMinutes: null,
  armed: true,
  restingUntil: null,
  firedCount: 0,
  lastFiredAt: null,
  createdAt: new Date(0),
});

/** Two nodes on one bus: A owns the THYAO partition, B the ASELS and the coins' partitions. */
function twoNodes() {
  const bus = createLocalBus();
  const holds = (symbols: string[]) => (symbol: string) => symbols.includes(symbol);
  const a = createAlertRunner(bus);
  const b = createAlertRunner(bus);
  const thyao = engine();
  const asels = engine();
  const coins = engine();
  const start = (runner: typeof a, e: ReturnType<typeof engine>, symbols: string[]) => {
    runner.use(e, holds(symbols));
    runner.follow(e, holds(symbols));
  };
  start(a, thyao, ['THYAO']);
  start(b, asels, ['ASELS']);
  start(b, coins, ['BTCUSDT']);
  return { a, b, thyao, asels, coins };
}

describe('alert changes reach the engine of their partition', () => {
  it('an alert added on any node is watched by its partition’s engine only', () => {
    const { a, b, thyao, asels, coins } = twoNodes();
    b.added(row(1n, 'THYAO'));
    b.added(row(2n, 'ASELS'));
    a.added(row(3n, 'BTCUSDT'));
    a.added(row(4n, 'THYAO'));
    expect(thyao.told).toEqual(['add 1', 'add 4']);
    expect(asels.told).toEqual(['add 2']);
    expect(coins.told).toEqual(['add 3']);
  });

  it('an alert deleted on any node is forgotten by the engine that watched it', () => {
    const { a, b, thyao, asels } = twoNodes();
    a.added(row(1n, 'THYAO'));
    b.added(row(2n, 'ASELS'));
    b.removed(1n);
    a.removed(2n);
    expect(thyao.told.filter((t) => t.startsWith('remove 1'))).toHaveLength(1);
    expect(asels.told.filter((t) => t.startsWith('remove 2'))).toHaveLength(1);
    // Forgotten: a second delete finds it watched nowhere.
    b.removed(1n);
    a.removed(2n);
    expect(thyao.told.at(-1)).toBe('remove 2');
  });

  it('one process without a bus gives every change to its one engine', () => {
    const runner = createAlertRunner(null);
    const only = engine();
    runner.use(only);
    runner.added(row(1n, 'THYAO'));
    runner.removed(1n);
    expect(only.told).toEqual(['add 1', 'remove 1']);
    expect(runner.engine()).toBe(only);
  });

  it('a stopped engine hears nothing more', () => {
    const runner = createAlertRunner(null);
    const only = engine();
    const stop = runner.use(only);
    stop();
    runner.added(row(1n, 'THYAO'));
    expect(only.told).toEqual([]);
    expect(runner.engine()).toBeNull();
  });
});
