import { describe, expect, it, vi } from 'vitest';
import { loadSpotLater } from './spot-later';

describe('the spot ticket’s later parts', () => {
  it('opened by a tap: the orders list is asked for at once, with the other parts, not after them', () => {
    const showOrders = vi.fn(() => Promise.resolve());
    void loadSpotLater(showOrders, () => false);
    expect(showOrders).toHaveBeenCalledTimes(1);
  });

  it('the document’s own screen: the orders list waits for zod, the rules and the schemas, a task each', async () => {
    let asked = false;
    const showOrders = vi.fn(() => {
      asked = true;
      return Promise.resolve();
    });
    const done = loadSpotLater(showOrders, () => true);
    expect(asked).toBe(false);
    await done;
    expect(showOrders).toHaveBeenCalledTimes(1);
  });
});
