import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookSnapshot, Trade } from '../../domain/protocol/market';
import { createSimulator, type Simulator } from '../../server/market/simulator/simulator';
import type { Database } from '../../server/db/client';
import { RECORD_FLUSH_MS, RECORD_SNAPSHOT_MS, MarketRecorder } from '../../server/replay/recorder';
import { RECORD_BOOK_MS } from '../../server/replay/record-window';
import { ReplayMarket } from '../../server/replay/replay-market';
import { RecordTape } from '../../server/replay/tape';
import { seedFromEnv } from '../support/random';
import { dbTargets, freshDatabase } from '../support/server';

const SEED = seedFromEnv();
const START = Date.parse('2026-11-23T09:00:00Z');
/** The simulator's tick: the market moves only at these instants. */
const TICK_MS = 100;
/** Long enough to cross two snapshots, so a replay also starts from a later one. */
const RECORDED_MS = 2 * RECORD_SNAPSHOT_MS + 30_000;
const SYMBOLS = ['THYAO', 'GARAN', 'BTCUSDT', 'ETHUSDT'];
/** The depth the book stream shows a client. */
const DEPTH = 20;
const TRADES = 50;

type Seen = { book: BookSnapshot; trades: Trade[]; last: string | undefined };

/**
 * The live market at `t`, as a replay must show it. The recorder merges a symbol's book diffs within
 * RECORD_BOOK_MS into one at the last one's time, so a replay shows the book as of each such
 * frame: the instants compared are the last tick of each frame (every diff of the frame is at or
 * before it), and the flushes' instants.
 */
function seen(market: Simulator): Map<string, Seen> {
  return new Map(
    SYMBOLS.map((symbol) => [
      symbol,
      {
        book: market.book(symbol, DEPTH)!,
        trades: market.trades(symbol, TRADES),
        last: market.ticker(symbol)?.last,
      },
    ]),
  );
}

/**
 * Records a seeded simulated market as the live broker does (its recorder, a flush every
 * RECORD_FLUSH_MS into the database), keeping what the live market showed at each frame's last
 * tick; then replays the record from the database and holds the replay to it.
 */
describe.each(dbTargets())(`a replay of a recorded window on %s (SEED=${SEED})`, (target) => {
  let database: Database;
  let dispose: () => Promise<void>;
  const live = new Map<number, Map<string, Seen>>();
  let market: Simulator;

  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(target));
    let t = START;
    market = createSimulator({
      seed: SEED,
      clock: { now: () => t },
      alwaysOpen: true,
      profile: 'default',
      slice: (symbol) => SYMBOLS.includes(symbol),
    });
    market.step(t);
    const recorder = new MarketRecorder(market);
    const off = recorder.listen();
    await recorder.flush(database.db, t);
    while (t < START + RECORDED_MS) {
      t += TICK_MS;
      market.step(t);
      if (t % RECORD_BOOK_MS === RECORD_BOOK_MS - TICK_MS) live.set(t, seen(market));
      if ((t - START) % RECORD_FLUSH_MS === 0) await recorder.flush(database.db, t);
    }
    off();
  });
  afterAll(async () => dispose?.());

  /** Replays from `from` and compares every kept instant after it; answers how many were compared. */
  async function replayFrom(from: number): Promise<number> {
    const replay = new ReplayMarket(
      market.instruments().filter((i) => SYMBOLS.includes(i.symbol)),
      () => from,
      'R',
    );
    const tapes = SYMBOLS.map((symbol) => new RecordTape(database.db, symbol));
    const startedAt = new Map<string, number>();
    for (const tape of tapes) {
      const start = await tape.seek(from);
      expect(start, tape.symbol).not.toBeNull();
      replay.restore(tape.symbol, start!.snapshot);
      startedAt.set(tape.symbol, start!.at);
    }
    let compared = 0;
    for (const [t, symbols] of live) {
      if (t < from) continue;
      for (const tape of tapes) for (const event of await tape.until(t)) replay.apply(tape.symbol, event);
      for (const [symbol, want] of symbols) {
        const book = replay.book(symbol, DEPTH)!;
        expect({ bids: book.bids, asks: book.asks, seq: book.seq }, `${symbol} at +${t - START} ms`).toEqual({
          bids: want.book.bids,
          asks: want.book.asks,
          seq: want.book.seq,
        });
        // The replay hears trades from its start on: those it can have.
        const trades = want.trades.filter((x) => x.t > startedAt.get(symbol)!);
        expect(replay.trades(symbol, trades.length), `${symbol} at +${t - START} ms`).toEqual(trades);
        if (trades.length > 0) expect(replay.ticker(symbol)?.last).toBe(want.last);
      }
      compared++;
    }
    return compared;
  }

  it('shows, at every half-second frame, the book and trades the live market had then', async () => {
    const frames = RECORDED_MS / RECORD_BOOK_MS;
    expect(await replayFrom(START)).toBe(frames);
  });

  it('shows the same from a later snapshot on, and the market did move meanwhile', async () => {
    const from = START + RECORD_SNAPSHOT_MS + 7_300;
    expect(await replayFrom(from)).toBeGreaterThan(100);
    const first = live.get(START + RECORD_BOOK_MS - TICK_MS)!.get('BTCUSDT')!;
    const last = [...live.values()].at(-1)!.get('BTCUSDT')!;
    expect(last.book.seq).toBeGreaterThan(first.book.seq + 100);
    expect(last.trades.at(-1)!.id).not.toBe(first.trades.at(-1)?.id);
  });
});
