import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { MarketDataApi, StreamHealth, Topic } from '../../domain/market-data/contract';
import { topicKey } from '../../domain/market-data/contract';
import { createMarketData } from '../../workers/market-data';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startServer, type TestServer } from '../support/server';

/**
 * On the real clock: the worker's code against the real broker through a real TCP/WS
 * proxy that goes silent, refuses subs, starves a stream, and loses its upstream.
 */
let server: TestServer;
let proxy: FaultProxy;
let api: MarketDataApi;
let feed = 'none';
const health: Record<string, StreamHealth | null> = {};
let pump: ReturnType<typeof setInterval>;

const ticker: Topic = { kind: 'ticker', market: 'coin', symbol: 'BTCUSDT' };
const book: Topic = { kind: 'book', market: 'coin', symbol: 'BTCUSDT' };
const state = (topic: Topic) => health[topicKey(topic)]?.state;
/** ws throws on close() before the handshake ends (the feed socket's connect timeout); a browser doesn't. */
class NodeWebSocket extends WebSocket {
  override close(code?: number, reason?: string): void {
    if (this.readyState === WebSocket.CONNECTING) this.terminate();
    else super.close(code, reason);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Real milliseconds until `done` holds (Infinity past `limit`). */
async function until(done: () => boolean, limit: number): Promise<number> {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > limit) return Infinity;
    await sleep(20);
  }
  return Date.now() - start;
}

beforeAll(async () => {
  server = await startServer('pglite');
  proxy = await startFaultProxy(server.url);
  proxy.silent = true;
  api = createMarketData({ WebSocket: NodeWebSocket as unknown as typeof globalThis.WebSocket });
  pump = setInterval(() => {
    const patch = api.flush();
    if (patch?.feed) feed = patch.feed.state;
    if (patch?.streams) Object.assign(health, patch.streams);
  }, 16);
  api.connect({
    wsUrl: `${proxy.url.replace('http', 'ws')}/ipxtrg-api/ws`,
    apiBase: `${proxy.url}/ipxtrg-api`,
    locale: 'en-US',
  });
}, 180_000);
afterAll(async () => {
  clearInterval(pump);
  await proxy?.close();
  await server?.close();
});

describe('the market feed through a faulty proxy', { timeout: 30_000 }, () => {
  it('does not say Live on a socket the proxy accepted with nothing behind it', async () => {
    api.subscribe(ticker);
    api.subscribe(book);
    const seen = new Set<string>();
    const watch = setInterval(() => seen.add(feed), 10);
    await sleep(3_000);
    clearInterval(watch);
    expect(seen.has('live')).toBe(false);
    expect(state(ticker)).toBe('stale');
    proxy.silent = false;
    // The dead line is redialled after 5 s of silence; then the server's first frame says live.
    expect(await until(() => feed === 'live' && state(book) === 'live', 6_000)).toBeLessThan(6_000);
  });

  it('shows a starved stream stale while the socket stays live, and live once frames pass', async () => {
    await sleep(1_500); // the book's cadence is learned
    proxy.starve.add('book');
    expect(await until(() => state(book) === 'stale', 4_000)).toBeLessThan(4_000);
    expect(feed).toBe('live');
    proxy.starve.clear();
    expect(await until(() => state(book) === 'live', 2_500)).toBeLessThan(2_500);
  });

  it('surfaces refused subscriptions with the reason and gets them once the server accepts', async () => {
    proxy.refuseSubs = true;
    const trades: Topic = { kind: 'trades', market: 'coin', symbol: 'BTCUSDT' };
    api.subscribe(trades);
    expect(await until(() => state(trades) === 'refused', 1_000)).toBeLessThan(1_000);
    expect(health[topicKey(trades)]!.reason).toBe('MALFORMED_REQUEST');
    proxy.refuseSubs = false;
    expect(await until(() => state(trades) === 'live', 5_000)).toBeLessThan(5_000);
  });

  it('shows the feed delayed while the proxy holds every frame 2.5 s, and live once it stops', async () => {
    expect(await until(() => feed === 'live' && state(book) === 'live', 3_000)).toBeLessThan(3_000);
    proxy.delayMs = 2_500; // heartbeats still arrive once a second, each 2.5 s old
    expect(await until(() => feed === 'stale', 5_000)).toBeLessThan(5_000);
    const seen = new Set<string>();
    const watch = setInterval(() => seen.add(feed), 10);
    await sleep(3_000);
    clearInterval(watch);
    expect([...seen]).toEqual(['stale']);
    expect(state(ticker)).toBe('stale');
    proxy.delayMs = 0;
    expect(await until(() => feed === 'live' && state(ticker) === 'live', 5_000)).toBeLessThan(5_000);
  });

  it('recovers within 2 s after the upstream comes back', async () => {
    proxy.kill();
    expect(await until(() => feed === 'reconnecting', 1_000)).toBeLessThan(1_000);
    await until(() => state(ticker) === 'stale', 1_000);
    expect(state(ticker)).toBe('stale');
    await sleep(6_000); // long enough for the backoff to reach its cap
    proxy.restore();
    const recovered = await until(
      () => feed === 'live' && state(ticker) === 'live' && state(book) === 'live',
      5_000,
    );
    expect(recovered).toBeLessThanOrEqual(2_000);
  });
});
