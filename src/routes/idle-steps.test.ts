// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: it keeps its one load across calls. */
const fresh = async () => {
  vi.resetModules();
  return import('./idle-steps');
};

const ALLOWED = () => true;
const LOADED = () => false;

describe('prefetchDataInSteps', () => {
  it('loads the table first, then zod and the schemas a task apart, and hands prefetch-data once', async () => {
    const { prefetchDataInSteps } = await fresh();
    const order: string[] = [];
    const table = vi.fn(() => {
      order.push('table');
      return Promise.resolve();
    });
    const timeout = vi.spyOn(globalThis, 'setTimeout');
    try {
      const data = await prefetchDataInSteps(table, ALLOWED, LOADED);
      expect(order).toEqual(['table']);
      expect(typeof data.prefetchData).toBe('function');
      // A task boundary after the table, after the tabs' code (at once: no idle queue started),
      // after zod and after the schemas, before prefetch-data.
      expect(timeout.mock.calls.filter(([, ms]) => ms === 0)).toHaveLength(4);
      expect(await prefetchDataInSteps(table, ALLOWED, LOADED)).toBe(data);
      expect(table).toHaveBeenCalledTimes(1);
    } finally {
      timeout.mockRestore();
    }
  });

  it("waits for the idle queue's tabs before zod, and no longer once a screen is wanted now", async () => {
    const { prefetchDataInSteps } = await fresh();
    // The same module copy the steps import: the queue, started on the idle app, its map not in yet.
    const queue = await import('./preload-queue');
    const warm = await import('./keep-tabs-warm');
    vi.spyOn(warm, 'keepTabsWarm').mockImplementation(() => undefined);
    queue.setHost({
      allowed: () => true,
      loaded: () => false,
      settled: () => Promise.resolve(),
      map: () => new Promise(() => undefined),
      lang: () => 'tr-TR',
    });
    queue.startQueue();
    const table = vi.fn(() => Promise.resolve());
    let handed = false;
    const data = prefetchDataInSteps(table, ALLOWED, LOADED).then((d) => {
      handed = true;
      return d;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(table).toHaveBeenCalledTimes(1);
    // The tabs' code is not here (the map never came): the reads' code is not asked for.
    expect(handed).toBe(false);
    queue.drawerOpened();
    expect(typeof (await data).followNavigation).toBe('function');
  });

  it('tries again on the next call when a step failed (a chunk that did not arrive)', async () => {
    const { prefetchDataInSteps } = await fresh();
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    await expect(prefetchDataInSteps(failing, ALLOWED, LOADED)).rejects.toThrow('offline');
    const table = vi.fn(() => Promise.resolve());
    const data = await prefetchDataInSteps(table, ALLOWED, LOADED);
    expect(table).toHaveBeenCalledTimes(1);
    expect(typeof data.followNavigation).toBe('function');
  });
});
