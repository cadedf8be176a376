import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { MarketDataApi } from '../../domain/market-data/contract';
import type { CoinScalesApi } from '../../domain/market-data/coin-scales';
import { createMarketData } from '../../workers/market-data';
import type { Clock } from '../../workers/clock';
import { FeedSim } from '../support/feed-sim';

/**
 * The worker asks /coin/infos (its coins' price scales) only for a coin the page has not given the
 * scale of: the Trade tab and Home's coin list read the same answer themselves first.
 */
const clock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};
const CONNECT = { wsUrl: 'ws://sim/ipxtrg-api/ws', apiBase: 'http://sim/ipxtrg-api', locale: 'tr-TR' };
const BTC_TICKER = { kind: 'ticker', market: 'coin', symbol: 'BTCUSDT' } as const;

let sim: FeedSim;
let infosAsked: number;

beforeEach(() => {
  vi.useFakeTimers();
  sim = new FeedSim(3, [
    { symbol: 'THYAO', scale: 2, mid: 31_050 },
    { symbol: 'BTCUSDT', scale: 1, mid: 650_000 },
  ]);
  infosAsked = 0;
});

afterEach(() => {
  sim.stop();
  vi.clearAllTimers();
  vi.useRealTimers();
});

function worker(): MarketDataApi & CoinScalesApi {
  const counting: typeof fetch = (input, init) => {
    if (String(input instanceof Request ? input.url : input).endsWith('/coin/infos')) infosAsked += 1;
    return sim.fetch(input, init);
  };
  return createMarketData({ WebSocket: sim.socketClass(null), fetch: counting, clock, random: () => 0.5 });
}

/** Lets the socket open, the fake fetch answer and the subs go out. */
async function run(ms: number): Promise<void> {
  for (let spent = 0; spent < ms; spent += 25) {
    vi.advanceTimersByTime(25);
    for (let i = 0; i < 6; i++) await Promise.resolve();
  }
}

const subsOf = (symbol: string) =>
  sim.received.filter((text) => text.includes('"op":"sub"') && text.includes(`"${symbol}"`));

it('connects without asking /coin/infos: a screen that follows no coin needs none', async () => {
  const api = worker();
  api.connect(CONNECT);
  api.subscribe({ kind: 'ticker', market: 'stock', symbol: 'THYAO' });
  await run(500);
  expect(subsOf('THYAO')).toHaveLength(1);
  expect(infosAsked).toBe(0);
});

it('follows a coin with the scale the page gave, without asking for it again', async () => {
  const api = worker();
  api.connect(CONNECT);
  api.setCoinScales({ BTCUSDT: 1 });
  api.subscribe(BTC_TICKER);
  await run(500);
  expect(subsOf('BTCUSDT')).toHaveLength(1);
  expect(infosAsked).toBe(0);
  const patch = api.flush();
  expect(patch?.tickers?.BTCUSDT?.last).toBeDefined();
});

it('asks once for a coin followed before the page gave its scale, and starts it then', async () => {
  const api = worker();
  api.connect(CONNECT);
  api.subscribe(BTC_TICKER);
  api.subscribe({ kind: 'book', market: 'coin', symbol: 'BTCUSDT' });
  await run(500);
  expect(infosAsked).toBe(1);
  expect(subsOf('BTCUSDT')).toHaveLength(2);
  // The page's answer arriving later changes nothing on the line.
  api.setCoinScales({ BTCUSDT: 1 });
  await run(200);
  expect(infosAsked).toBe(1);
  expect(subsOf('BTCUSDT')).toHaveLength(2);
});

it('starts a coin that waited for its scale when the page gives it before the worker asked', async () => {
  const api = worker();
  // Followed before the line can reach the broker: nothing to ask with yet.
  api.subscribe(BTC_TICKER);
  api.setCoinScales({ BTCUSDT: 1 });
  api.connect(CONNECT);
  await run(500);
  expect(infosAsked).toBe(0);
  expect(subsOf('BTCUSDT')).toHaveLength(1);
});

it('asks at connect for a coin followed before it, when the page gave no scale', async () => {
  const api = worker();
  api.subscribe(BTC_TICKER);
  api.connect(CONNECT);
  await run(500);
  expect(infosAsked).toBe(1);
  expect(subsOf('BTCUSDT')).toHaveLength(1);
});
