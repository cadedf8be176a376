import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { createLocalBus } from '../../server/bus/local';
import type { Lease } from '../../server/cluster/lease';
import { publishMarket } from '../../server/cluster/market-owner';
import { startPartition, type Partition } from '../../server/cluster/partition';
import { SUBJECTS } from '../../server/cluster/subjects';
import type { Db } from '../../server/db/client';
import { instrument, scriptedSource } from '../support/scripted-source';
import { freshDatabase, testFunding, testMarket, testSecurity } from '../support/server';

/**
 * A takeover (issue 19) started the new owner's market from the catalogue's prices: BTCUSDT had
 * walked for hours under the old owner, and at the takeover it was back at its listing price in
 * one tick, a move nobody traded, which fired stops and liquidated positions against prices the
 * market never printed. The new owner's market resumes from the last prices its mirror saw.
 */
const log = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };

function stubLease(): Lease & { take(): void } {
  const listeners = new Set<(held: boolean) => void>();
  let held = false;
  return {
    name: 'partition:trading',
    held: () => held,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async release() {
      held = false;
    },
    take() {
      held = true;
      for (const listener of listeners) listener(true);
    },
  };
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let db: Db;
let dispose: () => Promise<void>;
let partition: Partition | undefined;
beforeAll(async () => {
  const fresh = await freshDatabase('postgres');
  db = fresh.database.db;
  dispose = fresh.dispose;
});
afterAll(async () => {
  await partition?.stop();
  await dispose?.();
});

describe('a node taking the trading partition over', () => {
  it('resumes the market from the prices the previous owner printed last', async () => {
    const bus = createLocalBus();
    // The old owner: BTCUSDT far from its catalogue price (96,250), THYAO too.
    const old = scriptedSource([instrument('BTCUSDT'), instrument('THYAO')]);
    old.setTicker('BTCUSDT', { last: '81234.56', t: Date.now() });
    old.setTicker('THYAO', { last: '402.25', t: Date.now() });
    const unpublish = publishMarket(bus, old, 'node-a');
    const lease = stubLease();
    partition = await startPartition({
      db,
      config: {
        logLevel: 'silent',
        clientDir: null,
        bodyLimit: 64 * 1024,
        dataDir: tmpdir(),
        security: testSecurity,
        market: testMarket,
        funding: testFunding,
      },
      bus,
      lease,
      log: log as never,
      nodeName: 'node-b',
    });
    bus.publish(SUBJECTS.tradingOwner, { owner: 'node-a' });
    const market = partition.market;
    await until('the mirror has the old owner', () => market.ticker('BTCUSDT')?.last);
    // The old owner dies; this node takes the partition.
    unpublish();
    lease.take();
    await until('this node owns', () => (partition!.owner() ? true : undefined));
    const btc = Number(market.ticker('BTCUSDT')?.last);
    const thyao = Number(market.ticker('THYAO')?.last);
    expect(Math.abs(btc / 81234.56 - 1)).toBeLessThan(0.01);
    expect(Math.abs(thyao / 402.25 - 1)).toBeLessThan(0.01);
  });
});
