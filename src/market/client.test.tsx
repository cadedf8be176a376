// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeMarketData } from '../../tests/support/fake-market-data';
import { setMarketDataApi, stopMarketPacing, usePollInterval, useTopic } from './client';

function Polls({ ms }: { ms: number }) {
  usePollInterval(ms);
  return null;
}

afterEach(cleanup);

describe('usePollInterval', () => {
  it('tells the worker the most eager mounted screen’s interval, and forgets it on unmount', () => {
    const fake = new FakeMarketData();
    setMarketDataApi(fake);
    const list = render(<Polls ms={5_000} />);
    expect(fake.streaming.at(-1)).toEqual([true, 5_000]);
    const instrument = render(<Polls ms={2_000} />);
    expect(fake.streaming.at(-1)).toEqual([true, 2_000]);
    instrument.unmount();
    expect(fake.streaming.at(-1)).toEqual([true, 5_000]);
    list.unmount();
    expect(fake.streaming.at(-1)).toEqual([true, 5_000]); // the default for lists
  });
});

describe('frame pacing', () => {
  it('asks for one patch a frame, PULL_LEAD_MS into it, so the patch is applied before the next paint', async () => {
    const { frames, raf } = holdFrames();
    try {
      const fake = new FakeMarketData();
      let flushes = 0;
      const flush = fake.flush.bind(fake);
      fake.flush = () => {
        flushes += 1;
        return flush();
      };
      setMarketDataApi(fake);
      const { unmount } = render(<Topic />);
      // The topic started the pacing: a frame was asked for, and no patch yet.
      expect(frames).toHaveLength(1);
      frames.shift()!(0);
      expect(flushes).toBe(0);
      await vi.advanceTimersByTimeAsync(8);
      expect(flushes).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(flushes).toBe(1);
      // Applied, then the next frame is asked for: still one patch per frame.
      expect(frames).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(50);
      expect(flushes).toBe(1);
      frames.shift()!(16.7);
      await vi.advanceTimersByTimeAsync(9);
      expect(flushes).toBe(2);
      unmount();
    } finally {
      raf.mockRestore();
      vi.useRealTimers();
    }
  });
});

describe('pacing without frames', () => {
  it('goes on by timer when requestAnimationFrame vanishes under a pull in flight, and stops when told', async () => {
    // CI once failed on this: jsdom was torn down while a pull was awaited, and its continuation
    // asked a window that no longer existed for the next frame (an unhandled ReferenceError).
    const { frames } = holdFrames();
    try {
      const fake = new FakeMarketData();
      let flushes = 0;
      let answer: (() => void) | null = null;
      const flush = fake.flush.bind(fake);
      // Answers asynchronously, as the real worker does through Comlink.
      fake.flush = (async () => {
        flushes += 1;
        if (flushes === 1) await new Promise<void>((resolve) => (answer = resolve));
        return flush();
      }) as unknown as typeof fake.flush;
      setMarketDataApi(fake);
      const { unmount } = render(<Topic />);
      frames.shift()!(0);
      await vi.advanceTimersByTimeAsync(9);
      expect(flushes).toBe(1);
      vi.stubGlobal('requestAnimationFrame', undefined);
      vi.stubGlobal('cancelAnimationFrame', undefined);
      answer!();
      await vi.advanceTimersByTimeAsync(16 + 9);
      expect(flushes).toBe(2);
      stopMarketPacing();
      await vi.advanceTimersByTimeAsync(200);
      expect(flushes).toBe(2);
      unmount();
    } finally {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
      vi.useRealTimers();
    }
  });
});

/** Fake timers, and frames that run only when a test calls them. */
function holdFrames() {
  vi.useFakeTimers();
  const frames: FrameRequestCallback[] = [];
  const raf = vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.push(callback);
    return frames.length;
  });
  return { frames, raf };
}

function Topic() {
  useTopic({ kind: 'ticker', market: 'coin', symbol: 'BTCUSDT' });
  return null;
}
