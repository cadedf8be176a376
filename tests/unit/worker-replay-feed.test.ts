import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketDataApi, MarketPatch } from '../../domain/market-data/contract';
import { replayKey, type ReplayFeedApi } from '../../domain/market-data/replay-feed';
import type { ReplayState } from '../../domain/protocol/replay';
import { encodeStream } from '../../domain/protocol/stream-codec';
import type { StreamMessage } from '../../domain/protocol/ws';
// The replay's read loads lazily, which virtual time cannot wait for: load it up front.
import '../../workers/replay-read';
import type { Clock } from '../../workers/clock';
import { createMarketData } from '../../workers/market-data';
import { REPLAY_POLL_MS, REPLAY_RETRY_MS } from '../../workers/replay-feed';
import { FeedSim } from '../support/feed-sim';
import { rng } from '../support/random';

const clock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};
const connectOptions = { wsUrl: 'ws://sim/ipxtrg-api/ws', apiBase: 'http://sim/ipxtrg-api', locale: 'en-US' };
const T0 = Date.parse('2026-11-23T07:00:00Z');
const ID = '7';
const KEY = replayKey(ID, 'THYAO');

type Api = MarketDataApi & ReplayFeedApi & { authenticate(token: string | null): void };
/** A stream message's channel, seq and body (the head's other keys are filled in). */
type Frame = { ch: StreamMessage['ch']; seq: number; snap?: boolean } & Record<string, unknown>;

/** A replay's frames for THYAO (the replay's prices sit near 50, the live sim's near 310). */
const data = (t: number, frame: Frame) =>
  encodeStream({ op: 'data', s: 'THYAO', t, snap: false, ...frame } as StreamMessage);

function snapshots(seq: number, t: number, price: string): string[] {
  const bar = { t: t - (t % 60_000), o: price, h: price, l: price, c: price, v: '3' };
  const figures = {
    last: price,
    open: price,
    high: price,
    low: price,
    prev: price,
    vol: '3',
    turnover: '150',
  };
  return [
    data(t, { ch: 'ticker', seq, snap: true, ...figures }),
    data(t, { ch: 'book', seq, snap: true, bids: [[price, '5']], asks: [['50.50', '7']] }),
    data(t, { ch: 'trades', seq, snap: true, trades: [{ id: `r${seq}`, t, price, qty: '3', side: 'buy' }] }),
    data(t, { ch: 'candles:1m', seq, snap: true, bars: [bar] }),
  ];
}

/** The broker's /user/replay/state, answering what the test queues (a quiet read when nothing is). */
class ReplayServer {
  readonly reads: { frames: string | null; token: string | null; id: string | null }[] = [];
  /** The reader key each read sent (server/replay/frames.ts keeps a place per key). */
  readonly readers: (string | null)[] = [];
  private readonly queue: { frames: string[]; paused?: boolean; failKey?: string }[] = [];
  t = T0;
  paused = false;

  answer(frames: string[], paused = false): void {
    this.queue.push({ frames, paused });
  }

  fail(key: string): void {
    this.queue.push({ frames: [], failKey: key });
  }

  state(frames: string[]): ReplayState {
    const clockView = { t: this.t, from: T0, to: T0 + 3_600_000, speed: '60' as const };
    return {
      id: ID,
      day: '2026-11-23',
      symbols: ['THYAO'],
      instruments: [{ symbol: 'THYAO', market: 'stock', priceScale: 2, qtyScale: 0 }],
      clock: { ...clockView, paused: this.paused, floor: T0 },
      balances: [{ currency: 'TRY', available: '100000', frozen: '0' }],
      positions: [],
      orders: [],
      fills: [],
      conditionals: [],
      frames,
    };
  }

  fetch(live: typeof fetch): typeof fetch {
    return (async (input: string | URL | Request, init?: RequestInit) => {
      if (!String(input).endsWith('/user/replay/state')) return live(input, init);
      const body = new URLSearchParams(String(init?.body ?? ''));
      const headers = (init?.headers ?? {}) as Record<string, string>;
      this.reads.push({ frames: body.get('frames'), token: headers.accesstoken ?? null, id: body.get('id') });
      this.readers.push(body.get('reader'));
      const next = this.queue.shift() ?? { frames: [] };
      if (next.paused !== undefined) this.paused = next.paused;
      const envelope = next.failKey
        ? { code: -1001, msg: 'refused', key: next.failKey, data: {} }
        : { code: 0, msg: 'ok', data: this.state(next.frames) };
      return { json: async () => envelope } as Response;
    }) as typeof fetch;
  }
}

/** Advances virtual time in frames, letting promise chains (fetch, the read) run between them. */
async function advance(ms: number, api: MarketDataApi, patches: MarketPatch[]): Promise<MarketPatch[]> {
  for (let t = 0; t < ms; t += 20) {
    vi.advanceTimersByTime(20);
    for (let i = 0; i < 8; i++) await Promise.resolve();
    const patch = api.flush();
    if (patch) patches.push(patch);
  }
  return patches;
}

let sim: FeedSim;
let server: ReplayServer;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: T0 + 86_400_000 });
  sim = new FeedSim(7, [{ symbol: 'THYAO', scale: 2, mid: 31_000 }]);
  server = new ReplayServer();
});
afterEach(() => {
  sim.stop();
  vi.clearAllTimers();
  vi.useRealTimers();
});

function connected(): Api {
  const api = createMarketData({
    WebSocket: sim.socketClass(null),
    fetch: server.fetch(sim.fetch),
    clock,
    random: rng(3),
  }) as Api;
  api.connect(connectOptions);
  api.authenticate('tok-1');
  return api;
}

/** Every price a patch's part for `symbol` names (levels, ticker, trades, bars). */
function pricesOf(patches: MarketPatch[], symbol: string): Set<string> {
  const prices = new Set<string>();
  for (const p of patches) {
    const book = p.books?.[symbol];
    for (const price of [...(book?.bids ?? []), ...(book?.asks ?? [])]) prices.add(price);
    const last = p.tickers?.[symbol]?.last;
    if (last) prices.add(last);
    for (const trade of p.trades?.[symbol]?.add ?? []) prices.add(trade.price);
    const candles = p.candles?.[`${symbol}|1m`];
    for (const bar of [...(candles?.reset?.bars ?? []), ...(candles?.bars ?? [])])
      prices.add(bar.close.toFixed(2));
  }
  return prices;
}

describe("the market-data worker's replay source", () => {
  it("applies the replay's frames under its own names, with its clock, and never touches the live cells", async () => {
    const api = connected();
    api.subscribe({ kind: 'book', market: 'stock', symbol: 'THYAO' });
    api.subscribe({ kind: 'ticker', market: 'stock', symbol: 'THYAO' });
    api.subscribe({ kind: 'candles', market: 'stock', symbol: 'THYAO', interval: '1m' });
    const patches = await advance(300, api, []);
    server.answer(snapshots(1, T0 + 1_000, '50.00'));
    server.answer([
      data(T0 + 30_000, { ch: 'book', seq: 2, bids: [['50.05', '4']], asks: [] }),
      data(T0 + 30_000, {
        ch: 'trades',
        seq: 2,
        trades: [{ id: 'r9', t: T0 + 29_000, price: '50.05', qty: '1', side: 'buy' }],
      }),
    ]);
    api.followReplay(ID);
    await advance(2_000, api, patches);

    // The first read asks for snapshots, with the session token; the next ones for what followed.
    expect(server.reads.slice(0, 2)).toEqual([
      { frames: 'snapshot', token: 'tok-1', id: ID },
      { frames: 'next', token: 'tok-1', id: ID },
    ]);
    expect(server.reads.length).toBeGreaterThanOrEqual(2_000 / REPLAY_POLL_MS - 1);
    // Every read with the worker's own key (32 hex digits), the same each time.
    expect(server.readers[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(server.readers).size).toBe(1);
    const replayed = pricesOf(patches, KEY);
    expect(replayed).toEqual(new Set(['50.00', '50.50', '50.05']));
    const live = pricesOf(patches, 'THYAO');
    expect(live.size).toBeGreaterThan(0);
    for (const price of live) expect(Number(price)).toBeGreaterThan(250);
    const views = patches.flatMap((p) => (p.replay?.view ? [p.replay.view] : []));
    expect(views[0]?.clock.t).toBe(T0);
    expect(patches.some((p) => p.candles?.[`${KEY}|1m`]?.reset?.bars.length === 1)).toBe(true);
    // The clock arrives in the patch that carries the frames it let through.
    const first = patches.find((p) => p.books?.[KEY]);
    expect(first?.replay?.view?.clock.t).toBe(T0);
    expect(patches.flatMap((p) => Object.keys(p.streams ?? {})).filter((k) => k.includes(KEY))).toEqual(
      expect.arrayContaining([`book|${KEY}`, `trades|${KEY}`, `candles|${KEY}|1m`, `ticker|${KEY}`]),
    );
  });

  it('handles a seq gap as the live line does: the book resyncs and the next read asks for snapshots', async () => {
    const api = connected();
    const patches = await advance(100, api, []);
    server.answer(snapshots(1, T0 + 1_000, '50.00'));
    server.answer([data(T0 + 2_000, { ch: 'book', seq: 3, bids: [['50.10', '2']], asks: [] })]);
    server.answer(snapshots(4, T0 + 3_000, '50.20'));
    api.followReplay(ID);
    await advance(REPLAY_POLL_MS * 3 + 200, api, patches);

    expect(server.reads.slice(0, 3).map((r) => r.frames)).toEqual(['snapshot', 'next', 'snapshot']);
    const states = patches.flatMap((p) => (p.books?.[KEY]?.state ? [p.books[KEY].state] : []));
    expect(states).toContain('resyncing');
    expect(states.at(-1)).toBe('live');
    const replayed = pricesOf(patches, KEY);
    expect(replayed.has('50.10')).toBe(false); // the frame after the gap is never applied
    expect(replayed.has('50.20')).toBe(true);
    expect(api.stats().gaps).toBe(0); // the live feed's own count: the replay's gap is its own
  });

  it('stops reading while paused or over, reads again when the page acts, and stops when unfollowed', async () => {
    const api = connected();
    const patches = await advance(100, api, []);
    server.answer(snapshots(1, T0 + 1_000, '50.00'), true);
    api.followReplay(ID);
    await advance(3_000, api, patches);
    expect(server.reads).toHaveLength(1);
    expect(patches.some((p) => p.replay?.view?.clock.paused === true)).toBe(true);

    // Resumed by the page: its call is followed by a read, and the polling goes on.
    server.answer([], false);
    api.refreshReplay();
    await advance(REPLAY_POLL_MS * 4 + 100, api, patches);
    const running = server.reads.length;
    expect(running).toBeGreaterThanOrEqual(4);

    const before = patches.length;
    api.followReplay(null);
    await advance(REPLAY_POLL_MS * 4, api, patches);
    expect(server.reads.length).toBeLessThanOrEqual(running + 1);
    // The page is told the replay's streams are gone, so it forgets their candle series.
    const gone = patches.slice(before).flatMap((p) => Object.entries(p.streams ?? {}));
    expect(gone).toEqual(
      expect.arrayContaining([
        [`book|${KEY}`, null],
        [`candles|${KEY}|1m`, null],
      ]),
    );
    expect(patches.slice(before).some((p) => p.books?.[KEY] || p.replay)).toBe(false);
  });

  it('says why a read failed, tries again later, and ends when the broker no longer knows the replay', async () => {
    const api = connected();
    const patches = await advance(100, api, []);
    server.fail('RATE_LIMITED');
    server.answer(snapshots(1, T0 + 1_000, '50.00'));
    server.fail('REPLAY_NOT_FOUND');
    api.followReplay(ID);
    await advance(200, api, patches);
    expect(patches.map((p) => p.replay?.failed).filter(Boolean)).toEqual(['RATE_LIMITED']);
    expect(server.reads).toHaveLength(1);
    await advance(REPLAY_RETRY_MS + REPLAY_POLL_MS + 200, api, patches);
    expect(server.reads.map((r) => r.frames)).toEqual(['snapshot', 'snapshot', 'next']);
    const ended = patches.findLast((p) => p.replay)?.replay;
    expect(ended).toMatchObject({ failed: 'REPLAY_NOT_FOUND', ended: true });
    await advance(REPLAY_RETRY_MS * 2, api, patches);
    expect(server.reads).toHaveLength(3);
  });
});
