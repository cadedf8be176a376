import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketDataApi, MarketPatch, Topic, WakeApi } from '../../domain/market-data/contract';
import { topicKey } from '../../domain/market-data/contract';
import { systemClock } from '../../workers/clock';
import { createMarketData } from '../../workers/market-data';
import { AWAIT_GRACE_MS } from '../../workers/stream-health';
import { FeedSim } from '../support/feed-sim';
import { rng } from '../support/random';

/**
 * A screen at rest costs no frames: the page asks for a patch only after the worker
 * woke it, so what it shows must be exactly what a page pulling every frame shows. In virtual time
 * against the scripted server: a "page" that pulls in a frame only when a wake came since its last
 * pull holds the server's last price after every frame, sees the feed go stale on time, and pulls
 * on a fraction of the frames.
 */
// The worker's own clock: it reads the timers at call time, so vitest's fake timers drive it.
const clock = systemClock;
const FRAME_MS = 16;
const ticker: Topic = { kind: 'ticker', market: 'stock', symbol: 'THYAO' };
const book: Topic = { kind: 'book', market: 'stock', symbol: 'THYAO' };

let sim: FeedSim;
let api: MarketDataApi & WakeApi;
let wakes: number;
/** Wakes the page has answered with a pull. */
let answered: number;
let pulls: number;
let feed: string;
let last: string | undefined;
let bookSeen: boolean;
let tickerHealth: string | undefined;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 1_790_000_000_000 });
  sim = new FeedSim(11, [{ symbol: 'THYAO', scale: 2, mid: 31_050 }]);
  api = createMarketData({ WebSocket: sim.socketClass(null), fetch: sim.fetch, clock, random: rng(5) });
  wakes = 0;
  answered = 0;
  pulls = 0;
  feed = 'none';
  last = undefined;
  bookSeen = false;
  tickerHealth = undefined;
  missed = 0;
  api.setWakePort({ postMessage: () => wakes++ });
});
afterEach(() => {
  sim.stop();
  vi.clearAllTimers();
  vi.useRealTimers();
});

function pull(): void {
  pulls++;
  answered = wakes;
  const patch: MarketPatch | null = api.flush();
  if (!patch) return;
  if (patch.feed) feed = patch.feed.state;
  if (patch.tickers?.THYAO?.last) last = patch.tickers.THYAO.last;
  if (patch.books?.THYAO) bookSeen = true;
  const health = patch.streams?.[topicKey(ticker)];
  if (health) tickerHealth = health.state;
}

/** Frames in which the page was not woken but the worker had a patch for it (must stay 0). */
let missed: number;

/**
 * `ms` of virtual time a frame at a time; the page pulls in a frame only if woken since its last
 * pull. In every other frame the worker is asked anyway, as a page pulling every frame would: it
 * must have nothing (the ask arms nothing new: the line is armed until the next wake).
 */
async function run(ms: number, each: () => void = () => {}): Promise<number> {
  let frames = 0;
  for (let t = 0; t < ms; t += FRAME_MS) {
    vi.advanceTimersByTime(FRAME_MS);
    for (let i = 0; i < 6; i++) await Promise.resolve();
    frames++;
    if (wakes > answered) pull();
    else if (api.flush() !== null) missed++;
    each();
  }
  return frames;
}

describe('the wake line (pull only when there is news)', () => {
  it('a page that pulls only when woken misses no patch, and keeps up with the ticks', async () => {
    api.connect({ wsUrl: 'ws://sim/ipxtrg-api/ws', apiBase: 'http://sim/ipxtrg-api', locale: 'en-US' });
    pull(); // the first pull arms the line, as the page's first frame does
    api.subscribe(ticker);
    const prices = new Set<string>();
    const frames = await run(5_000, () => {
      if (last !== undefined) prices.add(last);
    });
    expect(feed).toBe('live');
    expect(missed).toBe(0);
    expect(prices.size).toBeGreaterThan(3);
    expect(last).toBe(sim.tickerLast('THYAO'));
    // A pull is a frame with news, not every frame.
    expect(pulls).toBeLessThan(frames / 2);
  });

  it('a call from the page wakes it: a new topic’s snapshot is pulled without waiting for a tick', async () => {
    api.connect({ wsUrl: 'ws://sim/ipxtrg-api/ws', apiBase: 'http://sim/ipxtrg-api', locale: 'en-US' });
    pull();
    api.subscribe(ticker);
    await run(500);
    pull();
    const before = wakes;
    api.subscribe(book);
    expect(wakes).toBe(before + 1);
    // One wake for any amount of news until the next pull.
    await run(FRAME_MS * 3);
    expect(bookSeen).toBe(true);
    expect(missed).toBe(0);
  });

  it('with no news at all it pulls at most four times a second, and still shows a stream stale on time', async () => {
    sim.silent = true;
    api.connect({ wsUrl: 'ws://sim/ipxtrg-api/ws', apiBase: 'http://sim/ipxtrg-api', locale: 'en-US' });
    pull();
    api.subscribe(ticker);
    // The server's first frame never comes: past its grace the ticker says stale, and only time
    // says so; the page learns it within a watchdog period (250 ms) and a frame.
    let staleAt = Infinity;
    let elapsed = 0;
    const seconds = 6;
    await run(seconds * 1_000, () => {
      elapsed += FRAME_MS;
      if (tickerHealth === 'stale') staleAt = Math.min(staleAt, elapsed);
    });
    expect(staleAt).toBeLessThanOrEqual(AWAIT_GRACE_MS + 250 + 2 * FRAME_MS);
    expect(pulls).toBeLessThanOrEqual(seconds * 4 + 2);
    expect(missed).toBe(0);
    expect(feed).not.toBe('live');
  });
});
