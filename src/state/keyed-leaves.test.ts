import { describe, expect, it } from 'vitest';
import { proxy, snapshot } from 'valtio';
import { applyChangedLeaves } from './keyed-leaves';

type Figures = { pnl: string; margin: string };

describe('applyChangedLeaves', () => {
  it('updates a known id in place, takes new ids whole and forgets null ones', () => {
    const store = proxy({
      byId: { a: { pnl: '1', margin: '10' }, b: { pnl: '2', margin: '20' } } as Record<string, Figures>,
    });
    const a = store.byId.a;
    applyChangedLeaves(store.byId, {
      a: { pnl: '1.5', margin: '10' },
      b: null,
      c: { pnl: '3', margin: '30' },
    });
    expect(snapshot(store).byId).toEqual({ a: { pnl: '1.5', margin: '10' }, c: { pnl: '3', margin: '30' } });
    // The same object, so a component holding `a` keeps reading it rather than a replaced copy.
    expect(store.byId.a).toBe(a);
  });

  it('keeps the snapshot of an id whose figures did not change, so its readers do not re-render', () => {
    const store = proxy({
      byId: { a: { pnl: '1', margin: '10' }, b: { pnl: '2', margin: '20' } } as Record<string, Figures>,
    });
    const before = snapshot(store);
    applyChangedLeaves(store.byId, {
      a: { pnl: '1', margin: '10' },
      b: { pnl: '2.5', margin: '20' },
      gone: null,
    });
    const after = snapshot(store);
    expect(after.byId.a).toBe(before.byId.a);
    expect(after.byId.b).not.toBe(before.byId.b);
    expect(after.byId.b).toEqual({ pnl: '2.5', margin: '20' });
  });
});
