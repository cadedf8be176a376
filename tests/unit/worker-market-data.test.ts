import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketDataApi, MarketPatch, Topic } from '../../domain/market-data/contract';
// The poller imports its reads lazily, which virtual time cannot wait for: load them up front.
import '../../workers/rest-poll';
import { FrameReader } from '../../domain/protocol/stream-codec-read';
import type { Clock } from '../../workers/clock';
import { reconnectDelay } from '../../workers/feed-line';
import { createMarketData, FALLBACK_AFTER_MS, STALE_AFTER_MS, TEARDOWN_MS } from '../../workers/market-data';
import { FeedSim } from '../support/feed-sim';
import { rng } from '../support/random';

const clock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};
const connectOptions = { wsUrl: 'ws://sim/ipxtrg-api/ws', apiBase: 'http://sim/ipxtrg-api', locale: 'en-US' };
const book: Topic = { kind: 'book', market: 'stock', symbol: 'THYAO' };
const ticker: Topic = { kind: 'ticker', market: 'stock', symbol: 'THYAO' };

/** Advances virtual time in frames, letting promise chains (reconnects, fetch) run between them. */
async function advance(ms: number, api?: MarketDataApi, patches: MarketPatch[] = []): Promise<MarketPatch[]> {
  for (let t = 0; t < ms; t += 20) {
    vi.advanceTimersByTime(20);
    for (let i = 0; i < 6; i++) await Promise.resolve();
    const patch = api?.flush();
    if (patch) patches.push(patch);
  }
  return patches;
}

const ok = (data: unknown) => ({ json: async () => ({ code: 0, msg: 'ok', data }) }) as Response;

/** GET /stock/index/info for THYAO at `price`, as the broker answers it. */
function stockInfoAnswer(price: string) {
  return {
    symbol: 'THYAO',
    name: 'THY',
    market: 'stock',
    country: 'TR',
    price,
    prevClose: '100.00',
    open: '100',
    high: '102',
    low: '98',
    change: '0',
    changePct: '0',
    volume: '1',
    turnover: '1',
    ts: 5,
    group: 1,
    t1: false,
    lot: 1,
    priceScale: 2,
    upperLimit: null,
    lowerLimit: null,
    members: [],
    status: {
      market: 'BIST',
      state: 'always_open',
      open: true,
      nextOpen: null,
      nextClose: null,
      holiday: null,
      ts: 5,
    },
  };
}

let sim: FeedSim;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 1_790_000_000_000 });
  sim = new FeedSim(7, [{ symbol: 'THYAO', scale: 2, mid: 31_000 }]);
});
afterEach(() => {
  vi.restoreAllMocks();
  sim.stop();
  vi.clearAllTimers();
  vi.useRealTimers();
});

function connected(): MarketDataApi {
  const api = createMarketData({ WebSocket: sim.socketClass(null), fetch: sim.fetch, clock, random: rng(3) });
  api.connect(connectOptions);
  return api;
}
const subs = () => sim.received.map((text) => JSON.parse(text) as { op: string; ch: string });

describe('market-data worker', () => {
  it('shares a topic between holders and tears it down only after the delay', async () => {
    const api = connected();
    const a = api.subscribe(book);
    const b = api.subscribe(book);
    await advance(100, api);
    expect(subs()).toEqual([{ op: 'sub', ch: 'book', symbol: 'THYAO' }]);
    api.release(a);
    api.release(b);
    await advance(TEARDOWN_MS - 200, api);
    const again = api.subscribe(book); // back inside the delay: the stream never stopped
    await advance(TEARDOWN_MS + 200, api);
    expect(subs()).toHaveLength(1);
    api.release(again);
    api.release(again); // a second release of the same handle changes nothing
    await advance(TEARDOWN_MS + 100, api);
    expect(subs().map((s) => s.op)).toEqual(['sub', 'unsub']);
  });

  it('goes reconnecting when the socket drops, then resubscribes and resnapshots every stream', async () => {
    // The snapshots come through the server's encoder, so the codec's fast path reads them.
    const readBody = FrameReader.prototype.body;
    const snapshotsRead: string[] = [];
    vi.spyOn(FrameReader.prototype, 'body').mockImplementation(function (this: FrameReader, scale) {
      const read = readBody.call(this, scale);
      if (read && this.snap) snapshotsRead.push(this.ch);
      return read;
    });
    const api = connected();
    api.subscribe(book);
    api.subscribe(ticker);
    // What the page sees at once (the socket dials on a timer), then over the next 300 ms.
    const before = [api.flush()!, ...(await advance(300, api))];
    expect(before.filter((p) => p.feed).map((p) => p.feed!.state)).toEqual(['connecting', 'live']);
    expect(before.some((p) => p.books?.THYAO?.reset)).toBe(true);
    sim.disconnectAll();
    const during = await advance(40, api);
    expect(during.find((p) => p.feed)?.feed?.state).toBe('reconnecting');
    expect(during.find((p) => p.books)?.books?.THYAO).toEqual({ state: 'resyncing' });
    const after = await advance(1_000, api);
    expect(after.find((p) => p.feed)?.feed?.state).toBe('live');
    expect(after.some((p) => p.books?.THYAO?.state === 'live')).toBe(true);
    expect(
      subs()
        .filter((s) => s.op === 'sub')
        .map((s) => s.ch),
    ).toEqual(['book', 'ticker', 'book', 'ticker']);
    expect(snapshotsRead.sort()).toEqual(['book', 'book', 'ticker', 'ticker']);
    expect(api.stats().reconnects).toBe(1);
  });

  it('dials again when the browser refuses to make the socket at all (a constructor that throws)', async () => {
    const Sim = sim.socketClass(null);
    let refusals = 2;
    const Refusing = function (this: unknown, url: string) {
      if (refusals-- > 0) throw new DOMException('The port is blocked', 'SecurityError');
      return new Sim(url);
    } as unknown as typeof WebSocket;
    const api = createMarketData({ WebSocket: Refusing, fetch: sim.fetch, clock, random: rng(3) });
    api.connect(connectOptions);
    api.subscribe(ticker);
    const patches = [api.flush()!, ...(await advance(3_000, api))];
    const states = patches.filter((p) => p.feed).map((p) => p.feed!.state);
    expect(states[0]).toBe('connecting');
    expect(states).toContain('reconnecting');
    expect(states.at(-1)).toBe('live');
  });

  it('marks the feed stale after 3 s without a frame and live again on the next one', async () => {
    const api = connected();
    api.subscribe(ticker);
    await advance(500, api);
    sim.silent = true;
    const quiet = await advance(STALE_AFTER_MS + 400, api);
    expect(quiet.filter((p) => p.feed).map((p) => p.feed!.state)).toEqual(['stale']);
    sim.silent = false;
    const back = await advance(200, api);
    expect(back.filter((p) => p.feed).map((p) => p.feed!.state)).toEqual(['live']);
  });

  it('polls stocks over REST when streaming is off', async () => {
    const calls: { url: string; body: string; lang: string }[] = [];
    let infoCalls = 0;
    const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
      const headers = init?.headers as Record<string, string>;
      calls.push({ url: String(url), body: String(init?.body ?? ''), lang: headers['Accept-Language']! });
      const path = String(url).replace('http://sim/ipxtrg-api', '');
      if (path.startsWith('/stock/index/info')) {
        infoCalls++;
        return ok(stockInfoAnswer(infoCalls % 2 ? '101.50' : '99.00'));
      }
      if (path === '/stock/index/books')
        return ok({ symbol: 'THYAO', seq: 3, t: 5, bids: [['99.90', '4']], asks: [['100.10', '2']] });
      return ok({});
    }) as typeof globalThis.fetch;
    const api = createMarketData({ WebSocket: sim.socketClass(null), fetch, clock, random: rng(3) });
    api.connect(connectOptions);
    api.setStreaming(false, 1_000);
    api.subscribe(ticker);
    api.subscribe(book);
    const patches = await advance(2_500, api);
    expect(patches.find((p) => p.feed)?.feed?.state).toBe('polling');
    expect(subs().filter((s) => s.op === 'sub')).toEqual([]); // stocks are not streamed
    const info = calls.filter((c) => c.url.includes('/stock/index/info'));
    expect(info.length).toBeGreaterThanOrEqual(2);
    expect(info[0]).toEqual({
      url: 'http://sim/ipxtrg-api/stock/index/info?symbol=THYAO',
      body: '',
      lang: 'en-US',
    });
    expect(calls.find((c) => c.url.endsWith('/stock/index/books'))?.body).toBe('symbol=THYAO&depth=20');
    const tickers = patches.flatMap((p) => (p.tickers?.THYAO ? [p.tickers.THYAO] : []));
    expect(tickers[0]).toMatchObject({ last: '101.50', change: '1.50', pct: '1.50' });
    expect(tickers[1]).toMatchObject({ last: '99.00', change: '-1.00', pct: '-1.00', dir: -1 });
    expect(patches.find((p) => p.books)?.books?.THYAO).toMatchObject({ bids: ['99.90'], asks: ['100.10'] });
    api.setStreaming(true, 1_000);
    await advance(200, api);
    expect(
      subs()
        .filter((s) => s.op === 'sub')
        .map((s) => s.ch),
    ).toEqual(['ticker', 'book']);
  });

  it('keeps stocks moving over REST while the socket stays down, and stops once it is back', async () => {
    let infoCalls = 0;
    const fetch = (async (url: string | URL | Request) => {
      if (String(url).includes('/stock/index/info')) {
        infoCalls++;
        return ok(stockInfoAnswer(infoCalls % 2 ? '101.50' : '99.00'));
      }
      return sim.fetch(url);
    }) as typeof globalThis.fetch;
    const api = createMarketData({ WebSocket: sim.socketClass(null), fetch, clock, random: rng(3) });
    api.connect(connectOptions);
    api.setStreaming(true, 1_000); // the screen's interval
    api.subscribe(ticker);
    await advance(300, api);
    expect(infoCalls).toBe(0); // streaming: no REST

    sim.down = true;
    sim.disconnectAll();
    await advance(FALLBACK_AFTER_MS - 500, api);
    expect(infoCalls).toBe(0); // a short outage is waited out
    const during = await advance(2_600, api);
    expect(infoCalls).toBeGreaterThanOrEqual(2);
    const polled = during.flatMap((p) => (p.tickers?.THYAO?.last ? [p.tickers.THYAO.last] : []));
    expect(polled).toContain('101.50');
    // The stream is still down, and the badge says so.
    expect(during.filter((p) => p.feed).map((p) => p.feed!.state)).not.toContain('live');

    sim.down = false;
    const back = await advance(15_000, api);
    expect(back.find((p) => p.feed?.state === 'live')).toBeDefined();
    const afterReconnect = infoCalls;
    await advance(3_000, api);
    expect(infoCalls).toBe(afterReconnect); // the stream feeds stocks again
  });

  it('backs off with jitter: a random wait from 250 ms below a doubling cap of at most 1.5 s', () => {
    expect(reconnectDelay(0, () => 0.999)).toBe(250);
    expect(reconnectDelay(2, () => 0.5)).toBe(625);
    expect(reconnectDelay(2, () => 0)).toBe(250);
    // Capped low so a user waits at most 1.5 s after the broker is back.
    expect(reconnectDelay(20, () => 0.999)).toBeLessThan(1_500);
  });
});
