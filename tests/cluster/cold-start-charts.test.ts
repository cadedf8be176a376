import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERVAL_MS, INTERVALS } from '../../domain/market/instrument';
import type { Candle } from '../../domain/protocol/market';
import { createLocalBus } from '../../server/bus/local';
import type { Lease } from '../../server/cluster/lease';
import { startPartition, type Partition } from '../../server/cluster/partition';
import type { Db } from '../../server/db/client';
import { settings } from '../../server/db/schema/system';
import { freshDatabase, testConfig } from '../support/server';

/**
 * A cold start of the whole cluster (every node stopped, then started on the same database): the
 * first owner's market went on from the last prices saved but drew its charts anew, so every bar
 * a user had seen before had moved. It goes on from the bars the last owner saved
 * (server/market/history-store.ts), as a single broker's restart does.
 */
const log = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };
const SAVE_MS = 200;

/** A lease this node holds from the start: nobody else runs. */
function heldLease(): Lease {
  let held = true;
  return {
    name: 'partition:trading',
    held: () => held,
    onChange: () => () => {},
    async release() {
      held = false;
    },
  };
}

let db: Db;
let dispose: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshDatabase('postgres');
  db = fresh.database.db;
  dispose = fresh.dispose;
});
afterAll(async () => {
  await dispose?.();
});

async function owner(): Promise<Partition> {
  const partition = await startPartition({
    db,
    config: testConfig({ market: { historySaveMs: SAVE_MS } }),
    bus: createLocalBus(),
    lease: heldLease(),
    log: log as never,
    nodeName: 'node-a',
  });
  const deadline = Date.now() + 10_000;
  while (!partition.owner()) {
    if (Date.now() > deadline) throw new Error('never owned');
    await new Promise((r) => setTimeout(r, 20));
  }
  return partition;
}

const SYMBOLS = ['THYAO', 'BTCUSDT', 'XU100'];

describe('a cold start of the cluster', () => {
  it('shows the bars the last owner saved, not a past drawn anew', async () => {
    const first = await owner();
    await new Promise((r) => setTimeout(r, 1_500));
    const before = new Map<string, Candle[]>();
    for (const symbol of SYMBOLS)
      for (const interval of INTERVALS)
        before.set(`${symbol}|${interval}`, first.market.candles(symbol, interval, 1000));
    const readAt = Date.now();
    // Passes after the read: what had closed by then is saved.
    await new Promise((r) => setTimeout(r, 3 * SAVE_MS));
    await first.stop();
    // The prices walked on before the stop (saved by the resume job): the second market goes on
    // from these, and a past drawn anew would be drawn back from them.
    const prices = { BTCUSDT: '90000.00', THYAO: '300.00', XU100: '10000.00' };
    await db
      .insert(settings)
      .values({ key: 'market.resume', value: { prices } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { prices } } });

    await new Promise((r) => setTimeout(r, 1_000));
    const second = await owner();
    try {
      for (const [key, was] of before) {
        const interval = key.split('|')[1] as (typeof INTERVALS)[number];
        const end = Math.min(readAt - INTERVAL_MS[interval], was.at(-1)!.t) + 1;
        const is = second.market.candles(key.split('|')[0]!, interval, 1000);
        const from = Math.max(was[0]!.t, is[0]!.t);
        const pick = (bars: Candle[]) => bars.filter((bar) => bar.t >= from && bar.t < end);
        expect(pick(was).length, key).toBeGreaterThan(0);
        expect(pick(is), key).toEqual(pick(was));
      }
      // The book goes on from where the saved chart ends, not from an older price row: the first
      // print does not jump from one to the other.
      const close = Number(before.get('BTCUSDT|1m')!.at(-1)!.c);
      const bid = Number(second.market.book('BTCUSDT', 1)?.bids[0]?.[0]);
      expect(Math.abs(bid / close - 1), `bid ${bid}, chart ${close}`).toBeLessThan(0.01);
      // Where the record starts is the first owner's: bars before it were drawn, after it printed.
      expect(second.market.printedSince?.('BTCUSDT')?.since).toBeLessThan(readAt - 1_000);
    } finally {
      await second.stop();
    }
  });
});
