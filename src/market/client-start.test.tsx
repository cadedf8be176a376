// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Topic } from '../../domain/market-data/contract';
import type { LoadedClient } from './client-start';

/** A fresh copy of the module: the client it waits for is registered once per copy. */
const fresh = async () => {
  vi.resetModules();
  return import('./client-start');
};

/** A client as client.ts registers itself: what it was asked, in order. */
function fakeClient() {
  const calls: string[] = [];
  let handles = 0;
  const running = {
    subscribe: (topic: Topic) => {
      calls.push(`subscribe ${topic.kind}`);
      return ++handles;
    },
    release: (handle: number) => calls.push(`release ${handle}`),
  };
  const client: LoadedClient = {
    start: () => calls.push('start'),
    running: () => {
      calls.push('running');
      return running;
    },
    coinScales: (scales) => calls.push(`scales ${JSON.stringify(scales)}`),
  };
  return { client, calls };
}

const TICKER: Topic = { kind: 'ticker', market: 'coin', symbol: 'BTCUSDT' };

afterEach(cleanup);

describe('the market client, loaded with the worker', () => {
  it('loads once at the first call that needs it, and runs the calls made meanwhile in order', async () => {
    const start = await fresh();
    const { client, calls } = fakeClient();
    const loader = vi.fn(() => Promise.resolve());
    start.setMarketClientLoader(loader);

    start.startMarketWorker();
    start.startMarketWorker();
    expect(loader).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);

    start.registerMarketClient(client);
    await Promise.resolve();
    expect(calls).toEqual(['start', 'start']);
    start.startMarketWorker();
    expect(calls).toEqual(['start', 'start', 'start']);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed download, later each time, and runs the calls made before it', async () => {
    vi.useFakeTimers();
    try {
      const start = await fresh();
      const { client, calls } = fakeClient();
      const loader = vi
        .fn<() => Promise<unknown>>()
        .mockRejectedValueOnce(new Error('offline'))
        .mockRejectedValueOnce(new Error('offline'))
        .mockResolvedValue(undefined);
      start.setMarketClientLoader(loader);

      start.startMarketWorker();
      await vi.advanceTimersByTimeAsync(999);
      expect(loader).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(loader).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1_999);
      expect(loader).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(loader).toHaveBeenCalledTimes(3);

      start.registerMarketClient(client);
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toEqual(['start']);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(loader).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads nothing without a loader (a unit test that installs no market implementation)', async () => {
    const start = await fresh();
    expect(() => start.startMarketWorker()).not.toThrow();
  });

  it('hands the price scales read before it loaded to it as it registers, without loading it for them', async () => {
    const start = await fresh();
    const loader = vi.fn(() => Promise.resolve());
    start.setMarketClientLoader(loader);
    start.giveCoinScales({ BTCUSDT: 1 });
    start.giveCoinScales({ ETHUSDT: 2, BTCUSDT: 2 });
    expect(loader).not.toHaveBeenCalled();

    const { client, calls } = fakeClient();
    start.registerMarketClient(client);
    expect(calls).toEqual(['scales {"BTCUSDT":2,"ETHUSDT":2}']);
    start.giveCoinScales({ SOLUSDT: 3 });
    expect(calls.at(-1)).toBe('scales {"SOLUSDT":3}');
    expect(calls).not.toContain('start');
  });

  it("subscribes a screen's topic once the client has loaded, and releases it on unmount", async () => {
    const start = await fresh();
    start.setMarketClientLoader(() => Promise.resolve());
    const { client, calls } = fakeClient();
    const view = renderHook(() => start.useTopic(TICKER));
    expect(calls).toEqual([]);

    start.registerMarketClient(client);
    await vi.waitFor(() => expect(calls).toEqual(['running', 'subscribe ticker']));
    view.unmount();
    expect(calls).toEqual(['running', 'subscribe ticker', 'release 1']);
  });

  it('subscribes nothing for a screen that unmounted before the client loaded', async () => {
    const start = await fresh();
    start.setMarketClientLoader(() => Promise.resolve());
    const { client, calls } = fakeClient();
    renderHook(() => start.useTopic(TICKER)).unmount();

    start.registerMarketClient(client);
    await Promise.resolve();
    await Promise.resolve();
    expect(calls).toEqual([]);
  });

  it('subscribes in the effect itself once the client has loaded', async () => {
    const start = await fresh();
    const { client, calls } = fakeClient();
    start.registerMarketClient(client);
    renderHook(() => start.useTopic(TICKER));
    expect(calls).toEqual(['running', 'subscribe ticker']);
  });
});
