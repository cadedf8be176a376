import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { DAY_MS } from '../../domain/time';
import { marketRecordDays, marketRecords } from '../../server/db/schema/replay';
import { settings } from '../../server/db/schema/system';
import { decodeEvents, snapshotIn } from '../../server/replay/record-codec';
import { MarketRecorder } from '../../server/replay/recorder';
import { listSessions, purgeRecords } from '../../server/replay/sessions';
import { dbTargets } from '../support/server';
import {
  COIN_ASKS,
  COIN_BIDS,
  DAY,
  recordSession,
  replayWorld,
  SECOND,
  STOCK_ASKS,
  STOCK_BIDS,
  T0,
  type ReplayWorld,
} from './replay-support';

describe.each(dbTargets())('the market recorder on %s', (target) => {
  let world: ReplayWorld;
  beforeAll(async () => {
    world = await replayWorld(target);
    await recordSession(world);
    world.stopRecording();
  });
  afterAll(async () => world?.close());

  const rows = () =>
    world.db.select().from(marketRecords).orderBy(asc(marketRecords.t1), asc(marketRecords.id));

  it("writes a row per flush that heard something: the first every symbol's state, then the events, the states a minute apart", async () => {
    const all = await rows();
    expect(all.map((r) => [r.t0, r.t1, r.snapshot !== null])).toEqual([
      [T0, T0, true],
      [T0 + 10 * SECOND, T0 + 10 * SECOND, false],
      [T0 + 60 * SECOND, T0 + 60 * SECOND, true],
      [T0 + 120 * SECOND, T0 + 120 * SECOND, true],
    ]);
    const first = snapshotIn('BTCUSDT', all[0]!.snapshot!)!;
    expect(first.book).toMatchObject({ bids: COIN_BIDS, asks: COIN_ASKS });
    expect(first.ticker?.[2]).toBe('50000.00');
    expect(snapshotIn('THYAO', all[0]!.snapshot!)!.book).toMatchObject({
      bids: STOCK_BIDS,
      asks: STOCK_ASKS,
    });
    const after = snapshotIn('BTCUSDT', all[2]!.snapshot!)!;
    expect(after.book.bids).toEqual([['48990.00', '1']]);
    expect(after.book.asks[0]).toEqual(['49000.00', '1']);
    // THYAO never moved: its state in the snapshot rows, no events.
    expect(all.map((r) => decodeEvents('THYAO', r.events))).toEqual([[], [], [], []]);
    expect(snapshotIn('THYAO', all[3]!.snapshot!)!.book.seq).toBe(1);
  });

  it('keeps trades and book diffs as short lines that read back as the source printed them', async () => {
    const all = await rows();
    const t = T0 + 10 * SECOND;
    // The ticker and the bar the script also emitted are not kept: a replay makes them from the
    // trades. The script hands over no integer steps: its decimals are kept as they came (`=`).
    expect(all[1]!.events).toBe(`~4,${t}\n@BTCUSDT\nt0|a1,=50010.00,=0.01\nb0,2||=50010.00:=0.04`);
    expect(decodeEvents('BTCUSDT', all[1]!.events)).toEqual([
      { kind: 'trades', t, trades: [{ id: 'a1', t, price: '50010.00', qty: '0.01', side: 'buy' }] },
      { kind: 'book', t, seq: 2, bids: [], asks: [['50010.00', '0.04']] },
    ]);
  });

  it("merges a symbol's book diffs within half a second into one, at the last one's time and seq", async () => {
    const recorder = new MarketRecorder(world.source);
    const off = recorder.listen();
    const at = T0 + 1_000 * SECOND;
    world.clock.set(at);
    world.source.emitBook('THYAO', [['99.90', '10']], []);
    world.clock.set(at + 100);
    world.source.emitBook('THYAO', [['99.80', '5']], [['100.10', '0']]);
    world.clock.set(at + 499);
    world.source.emitBook('THYAO', [['99.90', '0']], []);
    world.clock.set(at + 500);
    world.source.emitBook('THYAO', [['99.70', '1']], []);
    off();
    const row = recorder.take(at + 600);
    expect(decodeEvents('THYAO', row!.events.toString())).toEqual([
      {
        kind: 'book',
        t: at + 499,
        seq: 4,
        bids: [
          ['99.90', '0'],
          ['99.80', '5'],
        ],
        asks: [['100.10', '0']],
      },
      { kind: 'book', t: at + 500, seq: 5, bids: [['99.70', '1']], asks: [] },
    ]);
  });

  it('lists the day from its days table, and forgets what is past the retention setting', async () => {
    expect(await listSessions(world.db)).toEqual([
      { day: DAY, from: T0, to: T0 + 120 * SECOND, symbols: ['BTCUSDT', 'GARAN', 'THYAO'] },
    ]);
    // Three days kept by default: two days on, nothing goes.
    expect(await purgeRecords(world.db, T0 + 2 * DAY_MS)).toBe(0);
    // One day kept: a day and a minute on, the rows written before the last minute go.
    await world.db
      .update(settings)
      .set({ value: { retentionDays: 1, startingBalances: { TRY: '100000', USDT: '10000' } } })
      .where(eq(settings.key, 'replay'));
    expect(await purgeRecords(world.db, T0 + DAY_MS + 61 * SECOND)).toBe(3);
    expect((await rows()).map((r) => r.t1)).toEqual([T0 + 120 * SECOND]);
    // Every symbol's state was written at +120 s: each can still be replayed there.
    expect((await world.db.select().from(marketRecordDays)).map((d) => [d.symbol, d.to]).sort()).toEqual([
      ['BTCUSDT', T0 + 120 * SECOND],
      ['GARAN', T0 + 120 * SECOND],
      ['THYAO', T0 + 120 * SECOND],
    ]);
    expect(await purgeRecords(world.db, T0 + DAY_MS + 121 * SECOND)).toBe(1);
    expect(await listSessions(world.db)).toEqual([]);
  });
});
