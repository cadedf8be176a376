// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { MarketDataApi, MarketPatch, WakeApi, WakePort } from '../../domain/market-data/contract';
import { setIndicatorConfig, setMarketDataApi, stopMarketPacing } from '../../src/market/client';
import { DEFAULT_INDICATOR_CONFIG } from '../../domain/indicators/defaults';

/**
 * Issue 18: the page's side of the wake line (src/market/client.ts). With a wake line the page
 * pulls after a wake, never more than once a frame, and not at all while nothing wakes it; a
 * wake during a pull brings one more pull. Real timers and jsdom's 60 Hz animation frames.
 */
type Fake = MarketDataApi & WakeApi & { pulls: number[]; port: WakePort | null; news: boolean };

function fakeWorker(): Fake {
  const fake: Fake = {
    pulls: [],
    port: null,
    news: false,
    connect: () => {},
    setLocale: () => {},
    subscribe: () => 1,
    release: () => {},
    setStreaming: () => {},
    setIndicators: () => {},
    flush(): MarketPatch | null {
      fake.pulls.push(performance.now());
      const had = fake.news;
      fake.news = false;
      return had ? { feed: { state: 'live', since: 0 } } : null;
    },
    stats: () =>
      ({ frames: 0, resyncs: 0, reconnects: 0, gaps: 0 }) as unknown as ReturnType<MarketDataApi['stats']>,
    setWakePort(port) {
      fake.port = port;
    },
  };
  return fake;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => stopMarketPacing());

/** A fake worker with a wake line, paced as a screen's first topic starts it, after its first pulls. */
async function pacedWithWakeLine(): Promise<Fake> {
  const fake = fakeWorker();
  setMarketDataApi(fake, { wake: true });
  setIndicatorConfig(DEFAULT_INDICATOR_CONFIG);
  await wait(100);
  return fake;
}

describe('pacing with a wake line', () => {
  it('parks when nothing wakes it, and pulls again on a wake', async () => {
    const fake = fakeWorker();
    setMarketDataApi(fake, { wake: true });
    expect(fake.port).not.toBeNull();
    setIndicatorConfig(DEFAULT_INDICATOR_CONFIG); // starts pacing, as a screen's first topic does
    await wait(150);
    const parked = fake.pulls.length;
    expect(parked).toBeGreaterThanOrEqual(1);
    await wait(300);
    expect(fake.pulls.length).toBe(parked); // no news, no pulls

    fake.news = true;
    fake.port!.postMessage(0);
    await wait(100);
    expect(fake.pulls.length).toBe(parked + 1);
  });

  it('never pulls twice in a frame, however many wakes come', async () => {
    const fake = await pacedWithWakeLine();
    const from = fake.pulls.length;
    // A wake every 2 ms for 400 ms: a socket frame after every pull.
    for (let t = 0; t < 400; t += 2) {
      fake.news = true;
      fake.port!.postMessage(0);
      await wait(2);
    }
    await wait(50);
    const pulls = fake.pulls.slice(from);
    expect(pulls.length).toBeGreaterThan(5);
    const gaps = pulls.slice(1).map((at, i) => at - pulls[i]!);
    // One pull a frame at most (a frame is 16.7 ms; timers may fire a little early).
    expect(Math.min(...gaps)).toBeGreaterThan(12);
  });

  it("takes a tick's burst in one pull, a few ms after its first frame", async () => {
    // A server tick reaches the worker as one frame per symbol, the first waking the page. Pulled
    // at once, the rest of the burst waited for the next frame's pull.
    const fake = await pacedWithWakeLine();
    const delays: number[] = [];
    for (let burst = 0; burst < 10; burst++) {
      const from = fake.pulls.length;
      const woke = performance.now();
      fake.news = true;
      fake.port!.postMessage(0);
      await wait(1);
      fake.port!.postMessage(0); // the burst's later frames
      await wait(40); // the next tick
      expect(fake.pulls.length, `pulls for burst ${burst}`).toBe(from + 1);
      delays.push(fake.pulls[from]! - woke);
    }
    delays.sort((a, b) => a - b);
    // BURST_MS is 4; a frame's pull comes at least PULL_LEAD_MS (9 ms) after a frame starts.
    expect(delays[4]!, `delays ${delays.map(Math.round).join(', ')} ms`).toBeLessThan(9);
  });

  it('a wake that comes while a pull is in flight brings one more pull, then it parks', async () => {
    const fake = await pacedWithWakeLine();
    const from = fake.pulls.length;
    // The worker answers this pull 40 ms late (a busy worker), and news comes meanwhile.
    const flush = fake.flush;
    let slow = true;
    fake.flush = () => {
      const patch = flush();
      if (!slow) return patch;
      slow = false;
      return new Promise<MarketPatch | null>((resolve) =>
        setTimeout(() => resolve(patch), 40),
      ) as unknown as MarketPatch | null;
    };
    fake.port!.postMessage(0);
    await wait(10);
    expect(fake.pulls.length).toBe(from + 1); // the slow pull is in flight
    fake.port!.postMessage(0);
    await wait(150);
    expect(fake.pulls.length).toBe(from + 2);
  });

  it('without a wake line it pulls every frame, as in-thread fakes expect', async () => {
    const fake = fakeWorker();
    setMarketDataApi(fake);
    expect(fake.port).toBeNull();
    setIndicatorConfig(DEFAULT_INDICATOR_CONFIG);
    await wait(400);
    expect(fake.pulls.length).toBeGreaterThan(10);
  });
});
