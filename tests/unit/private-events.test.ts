import { beforeAll, describe, expect, it } from 'vitest';
import {
  deliverPrivateEvents,
  onPrivateEvent,
  onPrivateResync,
  setPrivateFeedStarter,
} from '../../src/market/private-events';

// A screen's listener on the user's live events: a stop called twice (an effect cleaned up again
// after its channel emptied) must not silence the screen that listens now.
describe('private event listeners', () => {
  // The unit project shares a worker's modules between files: one that loaded the market client
  // registered the real starter, and a first listener here would start a Worker jsdom lacks.
  beforeAll(() => setPrivateFeedStarter(() => undefined));

  it("keep a newer listener when an older one's stop is called twice", () => {
    const stopOld = onPrivateEvent('orders', () => undefined);
    stopOld();
    const seen: unknown[] = [];
    const stopNew = onPrivateEvent('orders', (data) => seen.push(data));
    stopOld();
    deliverPrivateEvents([{ ch: 'orders', data: { id: '7' } }]);
    expect(seen).toEqual([{ id: '7' }]);
    stopNew();
  });

  it('keep a newer resync listener the same way', () => {
    const stopOld = onPrivateResync('balances', () => undefined);
    stopOld();
    let resyncs = 0;
    const stopNew = onPrivateResync('balances', () => resyncs++);
    stopOld();
    deliverPrivateEvents([{ ch: 'balances', resync: true }]);
    expect(resyncs).toBe(1);
    stopNew();
  });

  it('hear nothing once stopped', () => {
    const seen: unknown[] = [];
    const stop = onPrivateEvent('positions', (data) => seen.push(data));
    stop();
    deliverPrivateEvents([{ ch: 'positions', data: {} }]);
    expect(seen).toEqual([]);
  });
});
