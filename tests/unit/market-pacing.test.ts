// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketDataApi, MarketPatch, WakeApi, WakePort } from '../../domain/market-data/contract';
import { setIndicatorConfig, setMarketDataApi, stopMarketPacing } from '../../src/market/client';
import { DEFAULT_INDICATOR_CONFIG } from '../../domain/indicators/defaults';

/**
 * the page's side of the wake line (src/market/client.ts). With a wake line the page
 * pulls after a wake, never more than once a frame, and not at all while nothing wakes it; a
 * wake during a pull brings one more pull. On a virtual clock (timers, animation frames at 60 Hz,
 * performance.now) with a wake line that delivers on it as a macrotask, as a MessagePort does: on
 * real timers a busy CI machine delivered a burst's second frame after the pull it was meant to
 * join, and the burst test failed for the machine, not the code.
 */
type Fake = MarketDataApi &
  WakeApi & {
    pulls: number[];
    port: WakePort | null;
    news: number;
    taken: number[];
    frame(): void;
    /** A wake with nothing for the page (the worker's health check): its pull brings no patch. */
    check(): void;
  };

function fakeWorker(): Fake {
  /** Woken since the last flush: the worker wakes the page at its first news after a flush only. */
  let woke = false;
  const fake: Fake = {
    pulls: [],
    taken: [],
    port: null,
    news: 0,
    frame() {
      fake.news++;
      fake.check();
    },
    check() {
      if (woke) return;
      woke = true;
      fake.port?.postMessage(0);
    },
    connect: () => {},
    setLocale: () => {},
    subscribe: () => 1,
    release: () => {},
    setStreaming: () => {},
    setIndicators: () => {},
    flush(): MarketPatch | null {
      fake.pulls.push(performance.now());
      fake.taken.push(fake.news);
      const had = fake.news > 0;
      fake.news = 0;
      woke = false;
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

/** A MessageChannel whose messages arrive as a (virtual) macrotask. */
class VirtualPort {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  peer: VirtualPort | null = null;
  postMessage(data: unknown): void {
    const to = this.peer;
    setTimeout(() => to?.onmessage?.({ data }), 0);
  }
  close(): void {
    this.onmessage = null;
  }
  start(): void {}
}
class VirtualChannel {
  port1 = new VirtualPort();
  port2 = new VirtualPort();
  constructor() {
    this.port1.peer = this.port2;
    this.port2.peer = this.port1;
  }
}

const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'],
  });
  vi.stubGlobal('MessageChannel', VirtualChannel);
});

afterEach(() => {
  stopMarketPacing();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A fake worker with a wake line, paced as a screen's first topic starts it, after its first pulls. */
async function pacedWithWakeLine(): Promise<Fake> {
  const fake = fakeWorker();
  setMarketDataApi(fake, { wake: true });
  expect(fake.port).not.toBeNull();
  setIndicatorConfig(DEFAULT_INDICATOR_CONFIG); // starts pacing, as a screen's first topic does
  await wait(100);
  return fake;
}

describe('pacing with a wake line', () => {
  it('parks when nothing wakes it, and pulls again on a wake', async () => {
    const fake = await pacedWithWakeLine();
    const parked = fake.pulls.length;
    expect(parked).toBeGreaterThanOrEqual(1);
    await wait(300);
    expect(fake.pulls.length).toBe(parked); // no news, no pulls

    fake.frame();
    await wait(100);
    expect(fake.pulls.length).toBe(parked + 1);
    expect(fake.taken.at(-1)).toBe(1);
  });

  it('never pulls twice in a frame, however many frames come', async () => {
    const fake = await pacedWithWakeLine();
    const from = fake.pulls.length;
    // A socket frame every 2 ms for 400 ms: news after every pull.
    for (let t = 0; t < 400; t += 2) {
      fake.frame();
      await wait(2);
    }
    await wait(50);
    const pulls = fake.pulls.slice(from);
    expect(pulls.length).toBeGreaterThan(15);
    const gaps = pulls.slice(1).map((at, i) => at - pulls[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(16); // a frame
    expect(fake.taken.slice(from).reduce((a, b) => a + b, 0)).toBe(200); // and every frame taken
  });

  it("takes a tick's burst in one pull, a few ms after its first frame", async () => {
    // A server tick reaches the worker as one frame per symbol, the first waking the page. Pulled
    // at once, the rest of the burst waited for the next frame's pull.
    const fake = await pacedWithWakeLine();
    for (let burst = 0; burst < 5; burst++) {
      const from = fake.pulls.length;
      const woke = performance.now();
      fake.frame();
      await wait(1);
      fake.frame(); // the burst's later frames, 1 ms behind its first
      fake.frame();
      await wait(40); // the next tick
      expect(fake.pulls.length, `pulls for burst ${burst}`).toBe(from + 1);
      expect(fake.taken[from], `frames in burst ${burst}'s pull`).toBe(3);
      // BURST_MS is 4; a frame's pull comes PULL_LEAD_MS (9 ms) into a frame.
      expect(fake.pulls[from]! - woke).toBeLessThan(9);
    }
  });

  it('holds a wake for a frame after a pull that brought a patch, not after one that brought nothing', async () => {
    const fake = await pacedWithWakeLine();
    for (const [round, news] of [true, false, true, false].entries()) {
      await wait(100);
      const from = fake.pulls.length;
      // A first pull: the tail of a tick, or the health check's (nothing to paint).
      if (news) fake.frame();
      else fake.check();
      await wait(6);
      expect(fake.pulls.length, `round ${round}`).toBe(from + 1);
      // The next tick's frames come within the frame of that pull.
      const woke = performance.now();
      fake.frame();
      await wait(40);
      expect(fake.pulls.length, `round ${round}`).toBe(from + 2);
      expect(fake.taken.at(-1), `round ${round}`).toBe(1);
      const waited = fake.pulls[from + 1]! - woke;
      if (news) {
        // At most one patch a frame: after a patch the tick waits for the next frame's pull,
        // PULL_LEAD_MS (9 ms) into it.
        expect(waited, `round ${round}`).toBeGreaterThanOrEqual(9);
      } else {
        // Nothing was painted: the tick is pulled BURST_MS after its first frame, as after a quiet spell.
        expect(waited, `round ${round}`).toBeLessThanOrEqual(5);
      }
    }
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
    fake.frame();
    await wait(10);
    expect(fake.pulls.length).toBe(from + 1); // the slow pull is in flight
    fake.frame();
    await wait(150);
    expect(fake.pulls.length).toBe(from + 2);
    await wait(300);
    expect(fake.pulls.length).toBe(from + 2); // parked again
  });

  it('without a wake line it pulls every frame, as in-thread fakes expect', async () => {
    const fake = fakeWorker();
    setMarketDataApi(fake);
    expect(fake.port).toBeNull();
    setIndicatorConfig(DEFAULT_INDICATOR_CONFIG);
    await wait(400);
    expect(fake.pulls.length).toBeGreaterThan(20);
  });
});
