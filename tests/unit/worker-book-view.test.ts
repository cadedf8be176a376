import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookPatch, MarketPatch, Topic } from '../../domain/market-data/contract';
import { toSteps } from '../../domain/market/ticks';
import { systemClock } from '../../workers/clock';
import { createMarketData } from '../../workers/market-data';
import { FeedSim } from '../support/feed-sim';
import { rng } from '../support/random';

/**
 * The book view through the worker's own object, in virtual time against the scripted server: the
 * page's choice of grouping and pace reaches the patches, and a page that pulls only when woken
 * still gets each held-back patch when it falls due.
 */
const FRAME_MS = 16;
const book: Topic = { kind: 'book', market: 'stock', symbol: 'THYAO' };

let sim: FeedSim;
let api: ReturnType<typeof createMarketData>;
let wakes: number;
let answered: number;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 1_790_000_000_000 });
  sim = new FeedSim(7, [{ symbol: 'THYAO', scale: 2, mid: 31_050 }]);
  api = createMarketData({
    WebSocket: sim.socketClass(null),
    fetch: sim.fetch,
    clock: systemClock,
    random: rng(3),
  });
  wakes = 0;
  answered = 0;
  api.setWakePort({ postMessage: () => wakes++ });
  api.connect({ wsUrl: 'ws://sim/ipxtrg-api/ws', apiBase: 'http://sim/ipxtrg-api', locale: 'en-US' });
});
afterEach(() => {
  sim.stop();
  vi.clearAllTimers();
  vi.useRealTimers();
});

/** `ms` of frames; the page pulls in a frame only when woken since its last pull. Book patches seen, with their times. */
async function run(ms: number, seen: { at: number; patch: BookPatch }[]): Promise<void> {
  for (let t = 0; t < ms; t += FRAME_MS) {
    vi.advanceTimersByTime(FRAME_MS);
    for (let i = 0; i < 6; i++) await Promise.resolve();
    if (wakes <= answered) continue;
    answered = wakes;
    const patch: MarketPatch | null = api.flush();
    const levels = patch?.books?.THYAO;
    if (levels && (levels.bidQty || levels.askQty || levels.bids || levels.asks))
      seen.push({ at: Date.now(), patch: levels });
  }
}

describe('the book view (setBookView)', () => {
  it('groups the book by the page’s step: every level posted is a bucket of 0.50', async () => {
    api.flush();
    api.subscribe(book);
    api.setBookView('THYAO', { group: '0.50', perSecond: 0 });
    const seen: { at: number; patch: BookPatch }[] = [];
    await run(2_000, seen);
    const names = seen.flatMap(({ patch }) => [...(patch.bids ?? []), ...(patch.asks ?? [])]);
    expect(names.length).toBeGreaterThanOrEqual(2);
    for (const name of names) expect(toSteps(name, 2) % 50, name).toBe(0);
  });

  it('slows the book to 2 patches a second, and a page pulling only when woken still gets each one', async () => {
    api.flush();
    api.subscribe(book);
    const live: { at: number; patch: BookPatch }[] = [];
    await run(3_000, live);
    api.setBookView('THYAO', { group: null, perSecond: 2 });
    const paced: { at: number; patch: BookPatch }[] = [];
    await run(5_000, paced);
    // The stream changes the book more often than that, live.
    expect(live.length).toBeGreaterThan(3 * 3);
    expect(paced.length).toBeLessThanOrEqual(5 * 2 + 1);
    expect(paced.length).toBeGreaterThanOrEqual(5 * 2 - 2);
    for (let i = 1; i < paced.length; i++)
      expect(paced[i]!.at - paced[i - 1]!.at).toBeGreaterThanOrEqual(500);
    // Held patches reach the page within a frame or two of falling due, not a watchdog period later.
    const late = paced.slice(1).filter((p, i) => p.at - paced[i]!.at > 500 + 3 * FRAME_MS);
    expect(late.length).toBeLessThanOrEqual(1);
  });
});
