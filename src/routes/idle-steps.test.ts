import { describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: it keeps its one load across calls. */
const fresh = async () => {
  vi.resetModules();
  return import('./idle-steps');
};

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
      const data = await prefetchDataInSteps(table);
      expect(order).toEqual(['table']);
      expect(typeof data.prefetchData).toBe('function');
      // A task boundary after the table, after zod and after the schemas, before prefetch-data.
      expect(timeout.mock.calls.filter(([, ms]) => ms === 0)).toHaveLength(3);
      expect(await prefetchDataInSteps(table)).toBe(data);
      expect(table).toHaveBeenCalledTimes(1);
    } finally {
      timeout.mockRestore();
    }
  });

  it('tries again on the next call when a step failed (a chunk that did not arrive)', async () => {
    const { prefetchDataInSteps } = await fresh();
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    await expect(prefetchDataInSteps(failing)).rejects.toThrow('offline');
    const table = vi.fn(() => Promise.resolve());
    const data = await prefetchDataInSteps(table);
    expect(table).toHaveBeenCalledTimes(1);
    expect(typeof data.followNavigation).toBe('function');
  });
});
