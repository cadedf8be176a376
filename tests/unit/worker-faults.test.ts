import { afterEach, expect, it, vi } from 'vitest';
import type { FeedStats, MarketDataApi, Topic } from '../../domain/market-data/contract';
import type { IndicatorLines } from '../../domain/market-data/contract';
import { createMarketData } from '../../workers/market-data';
// The poller imports its reads lazily, which virtual time cannot wait for: load them up front.
import '../../workers/rest-poll';
import type { Clock } from '../../workers/clock';
import { applyToView, emptyView, FeedSim, type Faults, type PatchView } from '../support/feed-sim';
import { rng, seedFromEnv } from '../support/random';

/**
 * The feed's resilience, in ≥ 1,000 seeded runs in virtual time of a feed with random drop,
 * duplicate, reorder/delay, corruption and disconnects. A faulty client and a clean one watch the
 * same scripted server; no patch may ever show a crossed book, and within 2 s of the last fault
 * the faulty client's UI state equals the clean one's. SEED=<n> replays one run.
 */
const RUNS = Number(process.env.FAULT_RUNS ?? 1_000);
// A frame at 40 fps: the pace only batches patches, and a coarser one keeps 1,000 runs quick.
const FRAME_MS = 25;
const RECOVERY_MS = 2_000;

const clock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

const topics: Topic[] = ['THYAO', 'BTCUSDT'].flatMap((symbol): Topic[] => {
  const market = symbol === 'THYAO' ? 'stock' : 'coin';
  return [
    { kind: 'ticker', market, symbol },
    { kind: 'book', market, symbol },
    { kind: 'trades', market, symbol },
    { kind: 'candles', market, symbol, interval: '1m' },
  ];
});

afterEach(() => {
  vi.useRealTimers();
});

/** Microtasks (promise chains, fake fetch) run between frames. */
async function settle(): Promise<void> {
  for (let i = 0; i < 6; i++) await Promise.resolve();
}

async function frames(ms: number, clients: [MarketDataApi, PatchView][]): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    vi.advanceTimersByTime(FRAME_MS);
    await settle();
    for (const [api, view] of clients) {
      const patch = api.flush();
      if (patch) applyToView(view, patch);
    }
  }
}

function faultsFor(random: () => number, now: number): Faults {
  return {
    drop: random() * 0.05,
    duplicate: random() * 0.05,
    delay: random() * 0.1,
    corrupt: random() * 0.03,
    disconnect: random() * 0.01,
    faultsUntil: now + 500 + Math.floor(random() * 1_500),
  };
}

async function oneRun(seed: number): Promise<FeedStats> {
  const random = rng(seed);
  const sim = new FeedSim(seed, [
    { symbol: 'THYAO', scale: 2, mid: 31_050 },
    { symbol: 'BTCUSDT', scale: 1, mid: 650_000 },
  ]);
  const faults = faultsFor(random, Date.now());
  const make = (f: Faults | null, s: number) =>
    createMarketData({ WebSocket: sim.socketClass(f, s), fetch: sim.fetch, clock, random: rng(s) });
  const faulty = make(faults, seed ^ 0x2545f491);
  const clean = make(null, seed ^ 0x9e3779b9);
  const clients: [MarketDataApi, PatchView][] = [
    [faulty, emptyView()],
    [clean, emptyView()],
  ];
  for (const [api] of clients) {
    api.connect({ wsUrl: 'ws://sim/ipxtrg-api/ws', apiBase: 'http://sim/ipxtrg-api', locale: 'tr-TR' });
    for (const topic of topics) api.subscribe(topic);
  }
  await frames(faults.faultsUntil - Date.now(), clients);
  // Faults have stopped; recovery is due 2 s after the last one.
  await frames(Math.max(0, sim.lastFault + RECOVERY_MS - Date.now()), clients);
  const stats = faulty.stats();
  sim.stop();
  vi.clearAllTimers();
  const [faultyView, cleanView] = [clients[0]![1], clients[1]![1]];
  compare(faultyView, cleanView);
  return stats;
}

function compare(faulty: PatchView, clean: PatchView): void {
  expect(faulty.feed?.state).toBe('live');
  expect(clean.feed?.state).toBe('live');
  expect(Object.keys(clean.books).sort()).toEqual(['BTCUSDT', 'THYAO']);
  expect(faulty.tickers).toEqual(clean.tickers);
  expect(faulty.books).toEqual(clean.books);
  expect(faulty.trades).toEqual(clean.trades);
  expect(Object.keys(faulty.candles).sort()).toEqual(Object.keys(clean.candles).sort());
  for (const key in clean.candles) {
    const a = faulty.candles[key]!;
    const b = clean.candles[key]!;
    expect(a.bars).toEqual(b.bars);
    sameLines(a.main, b.main);
    sameLines(a.sub, b.sub);
  }
}

/** Indicators are floats recomputed after a resync: equal within 1e-9 relative. */
function sameLines(a: IndicatorLines, b: IndicatorLines): void {
  expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
  const differences: string[] = [];
  for (const name in b) {
    const x = a[name]!;
    const y = b[name]!;
    if (x.length !== y.length) differences.push(`${name}: ${x.length} points vs ${y.length}`);
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const [p, q] = [x[i]!, y[i]!];
      const close =
        p.value === null || q.value === null
          ? p.value === q.value
          : Math.abs(p.value - q.value) <= 1e-9 * Math.max(1, Math.abs(q.value));
      if (p.time !== q.time || !close) differences.push(`${name}@${q.time}: ${p.value} vs ${q.value}`);
    }
  }
  expect(differences).toEqual([]);
}

it('recovers from drops, duplicates, reordering, corruption and disconnects in ≥ 1,000 seeded runs', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 1_790_000_000_000 });
  const replay = process.env.SEED !== undefined;
  const base = seedFromEnv();
  const total: FeedStats = { messages: 0, malformed: 0, gaps: 0, duplicates: 0, resyncs: 0, reconnects: 0 };
  const runs = replay ? 1 : RUNS;
  for (let i = 0; i < runs; i++) {
    const seed = base + i;
    let stats: FeedStats;
    try {
      stats = await oneRun(seed);
    } catch (error) {
      throw new Error(`fault run failed — replay with SEED=${seed}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    for (const key in total) total[key as keyof FeedStats] += stats[key as keyof FeedStats];
  }
  // Every kind of fault was actually met, so the runs above proved something.
  if (!replay) {
    expect(total.malformed).toBeGreaterThan(0);
    expect(total.gaps).toBeGreaterThan(0);
    expect(total.duplicates).toBeGreaterThan(0);
    expect(total.reconnects).toBeGreaterThan(0);
  }
}, 180_000);
