import { describe, expect, it } from 'vitest';
import type { WireLevel } from '../../domain/protocol/ws';
import { fromSteps } from '../../domain/market/ticks';
import { rng, seedFromEnv } from '../support/random';
import { settle } from '../fixtures/binance/fixture-transport';
import { startHarness } from '../fixtures/binance/setup';
import { STALE_SNAPSHOT_PAUSE_MS, STALE_SNAPSHOT_RETRIES } from '../../server/market/binance/coins';

/**
 * A live exchange in miniature: a true book with update ids, diff events cut from it, and
 * snapshots served from its state at request time. The feed drops events (gaps) and repeats
 * old ones (stale); once faults stop, the adapter's book must equal the truth and the
 * republished diffs must rebuild it downstream.
 */
const seed = seedFromEnv();

type Side = Map<number, string>;
const QTYS = ['0.10000000', '1.25000000', '0.00500000', '3.00000000'];

function sorted(side: Side, dir: 1 | -1): WireLevel[] {
  return [...side.entries()]
    .sort((a, b) => dir * (a[0] - b[0]))
    .map(([p, q]) => [fromSteps(p, 2), q.slice(0, -3)] as WireLevel);
}

describe(`Binance book under faults (seed ${seed})`, () => {
  it.each([0, 1, 2, 3, 4, 5, 6, 7])(
    'converges on the true book after drops and repeats (run %i)',
    async (run) => {
      const random = rng(seed + run);
      const h = await startHarness();
      const truth = {
        bids: new Map<number, string>() as Side,
        asks: new Map<number, string>() as Side,
        id: 5000,
      };
      for (let i = 0; i < 20; i++) {
        truth.bids.set(9_499_000 + i * 50, QTYS[i % 4]!);
        truth.asks.set(9_500_050 + i * 50, QTYS[(i + 1) % 4]!);
      }
      h.transport.answer('/api/v3/depth?symbol=BTCUSDT&limit=1000', () => ({
        lastUpdateId: truth.id,
        bids: [...truth.bids].map(([p, q]) => [fromSteps(p * 1_000_000, 8), q]),
        asks: [...truth.asks].map(([p, q]) => [fromSteps(p * 1_000_000, 8), q]),
      }));
      const sent: string[] = [];
      const next = (): string => {
        const n = 1 + Math.floor(random() * 3);
        const b: [string, string][] = [];
        const a: [string, string][] = [];
        for (let k = 0; k < 1 + Math.floor(random() * 4); k++) {
          const bid = random() < 0.5;
          const price = bid
            ? 9_499_000 + Math.floor(random() * 1000)
            : 9_500_050 + Math.floor(random() * 1000);
          const qty = random() < 0.3 ? '0.00000000' : QTYS[Math.floor(random() * 4)]!;
          const side = bid ? truth.bids : truth.asks;
          if (qty === '0.00000000') side.delete(price);
          else side.set(price, qty);
          (bid ? b : a).push([fromSteps(price * 1_000_000, 8), qty]);
        }
        const frame = JSON.stringify({
          stream: 'btcusdt@depth@100ms',
          data: { e: 'depthUpdate', E: 1, s: 'BTCUSDT', U: truth.id + 1, u: truth.id + n, b, a },
        });
        truth.id += n;
        sent.push(frame);
        return frame;
      };
      const stream = h.transport.streams[0]!;
      const initial = h.coins.book('BTCUSDT', 5000)!;
      stream.open();
      for (let i = 0; i < 600; i++) {
        const frame = next();
        const fault = random();
        if (fault < 0.03) continue; // dropped: a gap
        stream.push(frame);
        if (fault > 0.97) stream.push(sent[Math.floor(random() * sent.length)]!); // a late repeat
        h.time.advance(100); // the stream's 100 ms cadence: retry backoffs fall due
        if (random() < 0.1) await settle();
      }
      for (let i = 0; i < 20; i++) stream.push(next());
      // Faults stop: answers in flight land and retries fall due, until nothing is pending.
      await settle();
      for (let i = 0; i < 10 && h.time.pending() > 0; i++) {
        h.time.advance(60_000);
        await settle();
      }
      expect(h.time.pending()).toBe(0);
      stream.push(next());
      // One more gap, now that the book is in sync whatever the seed: it costs exactly one
      // snapshot, answered with the truth as it stands, so the adapter is in sync again.
      const before = h.coins.stats().snapshots;
      next(); // dropped
      stream.push(next());
      await settle();
      expect(h.coins.stats().snapshots - before).toBe(1);
      expect(h.time.pending()).toBe(0);
      stream.push(next());

      const book = h.coins.book('BTCUSDT', 5000)!;
      expect({ bids: book.bids, asks: book.asks }).toEqual({
        bids: sorted(truth.bids, -1),
        asks: sorted(truth.asks, 1),
      });
      // Downstream: every republished diff applied to the first snapshot gives the same book.
      const bids = new Map(initial.bids);
      const asks = new Map(initial.asks);
      let seq = initial.seq;
      for (const event of h.events) {
        if (event.type !== 'book' || event.symbol !== 'BTCUSDT') continue;
        expect(event.seq).toBe(seq + 1);
        seq = event.seq;
        for (const [side, levels] of [
          [bids, event.bids],
          [asks, event.asks],
        ] as const)
          for (const [p, q] of levels) {
            if (q === '0') side.delete(p);
            else side.set(p, q);
          }
      }
      expect(seq).toBe(book.seq);
      expect(new Map(book.bids)).toEqual(bids);
      expect(new Map(book.asks)).toEqual(asks);
      // The gaps made the adapter fetch the book again: as resyncs once in sync, or as retried
      // first syncs when every first sync met a gap (seed 118437484, run 7: 22 drops, 8
      // snapshots, 0 resyncs; the book in sync only once the faults stopped). The random drops
      // alone hold no bound every seed keeps (600 frames all kept is 0.97^600 ≈ 1e-8, and 1,000
      // seeds swept took 7–21 snapshots per run), so the first sync and the deliberate gap
      // above are what this counts on: at least two, for every seed.
      expect(h.coins.stats().snapshots).toBeGreaterThan(1);
      h.coins.stop();
    },
  );
});

/**
 * What a snapshot request's outcome costs in waiting. A snapshot older than the buffered diffs is
 * the normal race of Binance's sync procedure: it is fetched again after a short fixed pause
 * (each wait buffers more events, and under frame loss more of them are likelier to hold another
 * gap), a bounded number of times in a row; a failed request backs off exponentially.
 */
describe('snapshot retries', () => {
  const DEPTH = '/api/v3/depth?symbol=BTCUSDT&limit=1000';
  const level = (price: string): [string, string] => [price, '1.00000000'];
  const snapshot = (lastUpdateId: number) => ({
    lastUpdateId,
    bids: [level('94990.00000000')],
    asks: [level('95010.00000000')],
  });
  const diff = (first: number, last: number) =>
    JSON.stringify({
      stream: 'btcusdt@depth@100ms',
      data: { e: 'depthUpdate', E: 1, s: 'BTCUSDT', U: first, u: last, b: [level('94980.00000000')], a: [] },
    });

  /**
   * The adapter with BTCUSDT's depth answered by `answers` (its stream not open yet); the virtual
   * times of its fetches.
   */
  async function fetching(...answers: unknown[]) {
    const h = await startHarness();
    h.transport.answer(DEPTH, ...answers);
    const at: number[] = [];
    const getJson = h.transport.getJson.bind(h.transport);
    h.transport.getJson = (url) => {
      if (url.endsWith(DEPTH)) at.push(h.time.now());
      return getJson(url);
    };
    const stream = h.transport.streams[0]!;
    const gaps = () => at.slice(1).map((t, i) => t - at[i]!);
    return { h, stream, at, gaps };
  }

  it('fetches a snapshot older than the buffered diffs again after a short pause, not a backoff', async () => {
    const { h, stream, at } = await fetching(snapshot(100), snapshot(300));
    stream.open();
    stream.push(diff(201, 210)); // buffered before the snapshot lands: it predates U=201
    await settle();
    expect(at).toHaveLength(1);
    expect(h.coins.book('BTCUSDT', 10)!.seq).toBe(0);
    h.time.advance(STALE_SNAPSHOT_PAUSE_MS);
    await settle();
    expect(at).toHaveLength(2); // a backoff would still be waiting (750 ms with this jitter)
    stream.push(diff(301, 302));
    expect(h.coins.book('BTCUSDT', 10)).toMatchObject({
      seq: 2,
      bids: [
        ['94990.00', '1.00000'],
        ['94980.00', '1.00000'],
      ],
    });
    h.coins.stop();
  });

  it('a REST book that stays behind is fetched again only a bounded number of times before backing off', async () => {
    const { h, stream, gaps } = await fetching(snapshot(100));
    stream.open();
    stream.push(diff(201, 202));
    await settle();
    let id = 202;
    for (let i = 0; i < 1200; i++) {
      stream.push(diff(id + 1, id + 2));
      id += 2;
      h.time.advance(50);
      await settle();
    }
    // Runs of short pauses, each at most STALE_SNAPSHOT_RETRIES long, between backoffs that double.
    let run = 0;
    let longest = 0;
    for (const gap of gaps()) {
      run = gap === STALE_SNAPSHOT_PAUSE_MS ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    expect(longest).toBe(STALE_SNAPSHOT_RETRIES);
    const backoffs = gaps().filter((gap) => gap > STALE_SNAPSHOT_PAUSE_MS);
    expect(backoffs.slice(0, 5)).toEqual([750, 1500, 3000, 6000, 12000]);
    h.coins.stop();
  });

  it('a failing snapshot endpoint still backs off exponentially', async () => {
    const { h, stream, gaps } = await fetching(new Error('503 Service Unavailable'));
    stream.open();
    await settle();
    for (let i = 0; i < 600; i++) {
      h.time.advance(50);
      await settle();
    }
    expect(gaps().slice(0, 5)).toEqual([750, 1500, 3000, 6000, 12000]);
    h.coins.stop();
  });
});

/** The first sync's seeds: fixed, see the comparison below. */
// A run draws from base + 100 + run and base + 200 + run: bases 1,000 apart share no run.
const FIRST_SYNC_SEEDS = [1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 7_000, 8_000];

describe('first sync under sustained frame loss', () => {
  /**
   * The first sync of one book, frames dropped at 15 % and the REST book 0–5 frames behind the
   * stream, its answer landing ~1 s after the request: the virtual ms until the book synced and
   * the snapshots fetched. `lag` and `faults` are separate streams, so both policies meet the same
   * dropped frames.
   */
  async function firstSync(base: number, run: number, staleSnapshotRetries?: number) {
    const faults = rng(base + 100 + run);
    const lag = rng(base + 200 + run);
    const h = await startHarness(staleSnapshotRetries === undefined ? {} : { staleSnapshotRetries });
    let id = 5000;
    const history: number[] = [];
    h.transport.answer('/api/v3/depth?symbol=BTCUSDT&limit=1000', () => ({
      lastUpdateId: history[Math.max(0, history.length - 1 - Math.floor(lag() * 6))] ?? id,
      bids: [['94990.00000000', '1.00000000']],
      asks: [['95010.00000000', '1.00000000']],
    }));
    const stream = h.transport.streams[0]!;
    const start = h.time.now();
    stream.open();
    let synced = Infinity;
    for (let i = 0; i < 6000 && synced === Infinity; i++) {
      const n = 1 + Math.floor(faults() * 3);
      const frame = JSON.stringify({
        stream: 'btcusdt@depth@100ms',
        data: { e: 'depthUpdate', E: 1, s: 'BTCUSDT', U: id + 1, u: id + n, b: [], a: [] },
      });
      id += n;
      history.push(id);
      if (faults() >= 0.15) stream.push(frame);
      h.time.advance(100);
      if (faults() < 0.1) await settle(); // an answer in flight lands
      if (h.events.some((event) => event.type === 'book' && event.symbol === 'BTCUSDT'))
        synced = h.time.now();
    }
    const snapshots = h.transport.gets.filter((get) => get.startsWith('/api/v3/depth?symbol=BTCUSDT')).length;
    h.coins.stop();
    return { ms: synced - start, snapshots };
  }

  /**
   * A snapshot predating the buffer, or a gap in it, is the common case here, not a failure.
   * Backed off (staleSnapshotRetries 0, the policy before), each wait buffered more frames,
   * likelier to hold a gap: over ten seeds 32 first syncs took 172–492 s in all, against 72–131 s
   * fetched again at once, with about as many snapshots (65–101 against 64–108).
   *
   * Both totals are sums of random waits, and two random processes keep no order that every seed
   * can be held to: of 1,000 seeds swept, two were slower fetched again at once (by up to 27 %)
   * and two took more than 1.5× the snapshots (713141570: 111 against 71). So the comparison is
   * asserted on fixed seeds, each printed in its name; none is near either bound (backed off, the
   * total is 2.6–5.9× slower on them; fetched again at once, 0.89–1.18× the snapshots).
   */
  it.each(FIRST_SYNC_SEEDS)(
    'is reached sooner fetching a stale snapshot again at once than backing off, over 32 runs (seed %i)',
    async (base) => {
      const total = async (retries?: number) => {
        let ms = 0;
        let snapshots = 0;
        for (let run = 0; run < 32; run++) {
          const one = await firstSync(base, run, retries);
          expect(one.ms, `run ${run} synced`).toBeLessThan(Infinity);
          ms += one.ms;
          snapshots += one.snapshots;
        }
        return { ms, snapshots };
      };
      const quick = await total();
      const backedOff = await total(0);
      expect(quick.ms).toBeLessThan(backedOff.ms);
      expect(quick.snapshots).toBeLessThan(backedOff.snapshots * 1.5);
    },
  );
});
