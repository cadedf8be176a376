import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketDataApi, MarketPatch, StreamHealth, Topic } from '../../domain/market-data/contract';
import { topicKey } from '../../domain/market-data/contract';
import type { Clock } from '../../workers/clock';
import { createMarketData } from '../../workers/market-data';
import { UNLEARNED_SILENCE_MS } from '../../workers/stream-health';
import { FeedSim } from '../support/feed-sim';
import { rng } from '../support/random';

/**
 * In virtual time against the scripted server with its fault knobs: "Live" only after
 * a server frame, a stale state per stream (starved, lossy, refused), refused subs retried with
 * backoff, and recovery within 2 s of the server coming back.
 */
const clock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};
const FRAME_MS = 20;
const ticker: Topic = { kind: 'ticker', market: 'stock', symbol: 'THYAO' };
const book: Topic = { kind: 'book', market: 'stock', symbol: 'THYAO' };
const candles: Topic = { kind: 'candles', market: 'stock', symbol: 'THYAO', interval: '1m' };

let sim: FeedSim;
let api: MarketDataApi;
/** What the UI would hold: the feed's state and each stream's health, as patches leave them. */
let feed: string;
let health: Record<string, StreamHealth | null>;
let last: string | undefined;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 1_790_000_000_000 });
  sim = new FeedSim(7, [{ symbol: 'THYAO', scale: 2, mid: 31_050 }]);
  api = createMarketData({ WebSocket: sim.socketClass(null), fetch: sim.fetch, clock, random: rng(3) });
  feed = 'none';
  health = {};
  last = undefined;
});
afterEach(() => {
  sim.stop();
  vi.clearAllTimers();
  vi.useRealTimers();
});

function apply(patch: MarketPatch): void {
  if (patch.feed) feed = patch.feed.state;
  if (patch.streams) Object.assign(health, patch.streams);
  if (patch.tickers?.THYAO?.last) last = patch.tickers.THYAO.last;
}

/** Runs `ms` of virtual time a frame at a time; `each` sees the state after every frame. */
async function run(ms: number, each: (now: number) => void = () => {}): Promise<void> {
  for (let t = 0; t < ms; t += FRAME_MS) {
    vi.advanceTimersByTime(FRAME_MS);
    for (let i = 0; i < 6; i++) await Promise.resolve();
    const patch = api.flush();
    if (patch) apply(patch);
    each(Date.now());
  }
}

/** Time until `done` holds, at most `limit` ms (Infinity if never). */
async function until(done: () => boolean, limit: number): Promise<number> {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > limit) return Infinity;
    await run(FRAME_MS);
  }
  return Date.now() - start;
}

function connect(...topics: Topic[]): void {
  api.connect({ wsUrl: 'ws://sim/ipxtrg-api/ws', apiBase: 'http://sim/ipxtrg-api', locale: 'en-US' });
  for (const topic of topics) api.subscribe(topic);
}

const state = (topic: Topic) => health[topicKey(topic)]?.state;
const subs = () => sim.received.filter((text) => text.includes('"op":"sub"')).length;

describe('liveness', () => {
  it('never says Live on an accepted socket the server says nothing on', async () => {
    sim.silent = true;
    connect(ticker, book);
    const seen = new Set<string>();
    await run(8_000, () => seen.add(feed));
    expect(seen.has('live')).toBe(false);
    // The streams don't stay skeletons: past the grace they say stale.
    expect(state(ticker)).toBe('stale');
    expect(state(book)).toBe('stale');
    // The dead line was dropped and dialled again rather than held forever.
    expect(api.stats().reconnects).toBeGreaterThan(0);
    sim.silent = false;
    expect(await until(() => feed === 'live' && state(book) === 'live', 2_000)).toBeLessThanOrEqual(2_000);
  });

  it('never says Live over a line that holds every frame 2.5 s, and does once it is fast again', async () => {
    // Heartbeats still come once a second, so arrival alone said "Live" over 2.5 s old prices.
    sim.lagMs = 2_500;
    connect(ticker, book);
    const seen = new Set<string>();
    await run(10_000, () => seen.add(feed));
    expect(seen.has('live')).toBe(false);
    expect([feed, state(ticker), state(book)]).toEqual(['stale', 'stale', 'stale']);
    expect(last).toBeDefined(); // the prices did arrive: late, and shown as late
    // Its note dates the book by the server's clock, not by arrival nor by when it turned stale:
    // 10 s on, the shown book is about 2.5 s old.
    const age = Date.now() - health[topicKey(book)]!.heard;
    expect(age).toBeGreaterThanOrEqual(2_500);
    expect(age).toBeLessThan(4_500);
    sim.lagMs = 0;
    expect(await until(() => feed === 'live' && state(book) === 'live', 3_000)).toBeLessThanOrEqual(3_000);
  });

  it.each([3_600_000, -3_600_000])(
    'a fast line is live from its first seconds whatever the clocks say (server %i ms ahead)',
    async (skew) => {
      sim.skewMs = skew;
      connect(ticker, book);
      expect(await until(() => feed === 'live', 500)).toBeLessThan(500);
      const seen = new Set<string>();
      await run(10_000, () => seen.add(feed));
      expect([...seen]).toEqual(['live']);
    },
  );

  it('shows a starved stream stale within 2 s while heartbeats keep the socket live', async () => {
    connect(ticker, candles);
    await run(2_000);
    expect([feed, state(ticker), state(candles)]).toEqual(['live', 'live', 'live']);
    sim.starve.add('candles:1m');
    const stale = await until(() => state(candles) === 'stale', 5_000);
    expect(stale).toBeLessThanOrEqual(2_500);
    expect(feed).toBe('live'); // the socket is fine; this stream is not
    expect(state(ticker)).toBe('live');
    expect(health[topicKey(candles)]!.heard).toBeGreaterThan(0);
    sim.starve.clear();
    expect(await until(() => state(candles) === 'live', 2_000)).toBeLessThanOrEqual(2_000);
  });

  it('shows a stream starved before its cadence is learned stale, and a merely quiet one never', async () => {
    // A ticker moves only on a trade: starved from its first seconds, the silence teaches nothing,
    // so the probe's missing answer must be what says stale (it once stayed "live" forever).
    connect(ticker, book);
    await run(120);
    expect(state(ticker)).toBe('live');
    sim.starve.add('ticker');
    const stale = await until(() => state(ticker) === 'stale', 10_000);
    expect(stale).toBeLessThanOrEqual(UNLEARNED_SILENCE_MS + 2_000);
    expect(feed).toBe('live');
    expect(state(book)).toBe('live');
    sim.starve.clear();
    expect(await until(() => state(ticker) === 'live', 2_000)).toBeLessThanOrEqual(2_000);

    // Nothing new to say is not starvation: its probes are answered at the same seq, never stale.
    sim.hush.add('ticker');
    const tickerSubs = () => sim.received.filter((text) => /"op":"sub".*"ch":"ticker"/.test(text)).length;
    const before = tickerSubs();
    const seen = new Set<string>();
    await run(20_000, () => seen.add(state(ticker) ?? 'none'));
    expect([...seen]).toEqual(['live']);
    // …and it is asked less each time (a probe costs the server a snapshot).
    const probes = tickerSubs() - before;
    expect(probes).toBeGreaterThan(0);
    expect(probes).toBeLessThanOrEqual(7);
  });

  it('under heavy frame loss a quote is never shown live while more than 2 s behind', async () => {
    connect(ticker);
    await run(1_000);
    sim.dataLoss = 0.9;
    let behindSince: number | null = null;
    let worst = 0;
    let staleSeen = false;
    await run(15_000, (now) => {
      if (state(ticker) !== 'live') staleSeen = true;
      const behind = state(ticker) === 'live' && last !== sim.tickerLast('THYAO');
      if (!behind) behindSince = null;
      else {
        behindSince ??= now;
        worst = Math.max(worst, now - behindSince);
      }
    });
    expect(staleSeen).toBe(true);
    expect(worst).toBeLessThan(2_000);
    sim.dataLoss = 0;
    expect(await until(() => state(ticker) === 'live', 3_000)).toBeLessThanOrEqual(3_000);
  });

  /**
   * A learned trades stream goes quiet for 15 s and must stay live throughout; starved, it must
   * turn stale within `staleWithinMs`. `learnMs`: long enough to learn the cadence (and the line).
   */
  async function quietThenStarved(learnMs: number, staleWithinMs: number): Promise<void> {
    const trades: Topic = { kind: 'trades', market: 'stock', symbol: 'THYAO' };
    connect(trades, book);
    await run(learnMs);
    expect(state(trades)).toBe('live');
    sim.hush.add('trades');
    const seen = new Set<string>();
    await run(15_000, () => seen.add(state(trades) ?? 'none'));
    expect([...seen]).toEqual(['live']);
    sim.hush.clear();
    await run(3_000);
    sim.starve.add('trades');
    expect(await until(() => state(trades) === 'stale', 5_000)).toBeLessThanOrEqual(staleWithinMs);
  }

  it('a stream whose cadence is learned and that goes quiet (a pause in prints) never flashes stale', async () => {
    // BTCUSDT's prints paused now and then and its ticker, trades and candles showed "stale" for
    // the probe's round trip, then "live" on its quiet answer. A starved one still shows stale
    // within 2 s.
    await quietThenStarved(3_000, 2_000);
  });

  it('nor on a slow line, where the probe takes longer to answer than on a fast one', async () => {
    // 0.7 s each frame: a quiet stream's probe answers 0.7 s after it is sent, past the 0.5 s a
    // fast line's answer is given; the line's measured lag extends that wait. Starved, it shows
    // stale later by the line's lag only.
    sim.lagMs = 700;
    await quietThenStarved(5_000, 3_000);
    sim.lagMs = 0;
  });

  it('surfaces a refused subscription with its reason and retries it with backoff', async () => {
    sim.refuseSubs = 'MALFORMED_REQUEST';
    connect(book);
    await run(500);
    expect(feed).toBe('live'); // the server speaks…
    expect(health[topicKey(book)]).toEqual({ state: 'refused', heard: 0, reason: 'MALFORMED_REQUEST' });
    const before = subs();
    await run(20_000);
    const retries = subs() - before;
    // Asked again, but backing off: not every watchdog tick (80 in 20 s), nor never.
    expect(retries).toBeGreaterThanOrEqual(3);
    expect(retries).toBeLessThanOrEqual(10);
    sim.refuseSubs = null;
    expect(await until(() => state(book) === 'live', 16_000)).toBeLessThan(16_000);
    expect(health[topicKey(book)]!.reason).toBeNull();
  });

  it('recovers within 2 s of the server coming back after a restart', async () => {
    connect(ticker, book, candles);
    await run(1_500);
    sim.down = true;
    sim.disconnectAll();
    await run(200);
    expect(feed).toBe('reconnecting');
    expect([state(ticker), state(book), state(candles)]).toEqual(['stale', 'stale', 'stale']);
    await run(10_000); // a long outage: the backoff has reached its cap
    sim.down = false;
    const recovered = await until(
      () => feed === 'live' && [ticker, book, candles].every((t) => state(t) === 'live'),
      5_000,
    );
    expect(recovered).toBeLessThanOrEqual(2_000);
  });

  it('posts a stream health only when it flips, not per frame', async () => {
    connect(ticker, book);
    let posts = 0;
    const count = (patch: MarketPatch | null) => {
      if (patch?.streams) posts += Object.keys(patch.streams).length;
    };
    for (let t = 0; t < 3_000; t += FRAME_MS) {
      vi.advanceTimersByTime(FRAME_MS);
      for (let i = 0; i < 6; i++) await Promise.resolve();
      count(api.flush());
    }
    // waiting → live for each of the two streams, nothing more over 150 frames of ticks.
    expect(posts).toBeLessThanOrEqual(4);
  });
});
