import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ReplayState } from '../../domain/protocol/replay';
import { realisticOf } from '../../server/costs/store';
import { replayFills } from '../../server/db/schema/replay';
import { dbTargets } from '../support/server';
import { DAY, SECOND, sharedReplay, T0 } from './replay-support';

/**
 * A replay's fills get their realistic counterparts too, written with them when the replay ends
 * (kind 'replay'), priced on the recorded market as live fills are on the live one.
 */
describe.each(dbTargets())('realistic costs of a replay on %s', (target) => {
  const rw = sharedReplay(target);

  it('a limit that rested under the market fills at its own price when the recorded book drops through it', async () => {
    rw.world.clock.set(T0 + 300 * SECOND);
    const started = await rw.call.post<ReplayState>('/user/replay/start', rw.me.token, {
      day: DAY,
      speed: '1',
      symbols: 'BTCUSDT',
    });
    expect(started.code, JSON.stringify(started)).toBe(0);
    const id = started.data.id;
    const placed = await rw.call.post<ReplayState>('/user/replay/order/add', rw.me.token, {
      id,
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      quantity: '0.01',
      price: '49500.00',
    });
    expect(placed.code, JSON.stringify(placed)).toBe(0);
    // 61 s in: the recorded asks dropped to 49,000 at 60 s and paper filled there.
    rw.world.clock.advance(61 * SECOND);
    const after = await rw.call.post<ReplayState>('/user/replay/state', rw.me.token, { id });
    expect(after.data.fills).toMatchObject([{ price: '49000', qty: '0.01' }]);
    expect((await rw.call.post('/user/replay/end', rw.me.token, { id })).code).toBe(0);

    const [stored] = await rw.world.db.select().from(replayFills).where(eq(replayFills.userId, rw.me.userId));
    expect(stored).toBeDefined();
    const real = (await realisticOf(rw.world.db, [stored!.id], 'replay')).get(String(stored!.id));
    // Nothing was ahead at 49,500 and the asks came through it: the whole 0.01 at 49,500, as a
    // maker (0.1 %: 0.495 against paper's 0.49 on 490). Slippage 0.01 × (49,500 − 49,000) = 5.
    expect(real).toMatchObject({
      role: 'maker',
      qty: '0.01',
      avgPrice: '49500',
      fees: '0.495',
      delta: '5.005',
    });
    expect(real!.lines).toEqual({ slippage: '5', fees: '0.005', taxes: '0', queue: '0' });
    expect(await realisticOf(rw.world.db, [stored!.id], 'spot')).toEqual(new Map());
  });
});
