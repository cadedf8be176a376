import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { ConditionalOrder } from '../../domain/protocol/conditional';
import { conditionalOrders } from '../../server/db/schema/conditional';
import { userBalances } from '../../server/ledger/balances';
import { dbTargets } from '../support/server';
import { conditionalApi, conditionalStateOf, trade, until } from './conditional-support';
import { api, balance, expectCleanLedger, spotWorld, stockBook, trader, type Trader } from './spot-support';

/**
 * Moving a waiting conditional order's level on a real broker: the trigger, limit or trailing
 * offset checked as a new one's, the hold following a buy's dearest price, the watch firing at
 * the new level and not the old, and refusals changing nothing.
 */
describe.each(dbTargets())('conditional modify on %s', (target) => {
  const t = sharedWorld(
    () => spotWorld(target),
    (world) => ({ cond: conditionalApi(world) }),
  );

  const modify = (me: Trader, fields: Record<string, string>, lang: 'en-US' | 'tr-TR' = 'en-US') =>
    api(t.world).post<{ list: ConditionalOrder[] }>(
      '/stock/order/conditional/modify',
      me.token,
      fields,
      lang,
    );
  const reset = () => {
    stockBook(t.world.source);
    t.world.source.setTicker('THYAO', { last: '100.00', prev: '100.00' });
  };
  const rowOf = async (id: string) =>
    (
      await t.world.db
        .select()
        .from(conditionalOrders)
        .where(eq(conditionalOrders.id, BigInt(id)))
    )[0]!;
  async function holder(shares: string): Promise<Trader> {
    const me = await trader(t.world.db);
    reset();
    expect(
      (
        await api(t.world).post('/stock/order/buy', me.token, {
          symbol: 'THYAO',
          type: 'market',
          quantity: shares,
        })
      ).code,
    ).toBe(0);
    reset();
    return me;
  }

  it('moves a sell stop’s trigger: it fires at the new level, not the old one', async () => {
    const me = await holder('10');
    const [stop] = (
      await t.cond.add(me, { symbol: 'THYAO', side: 'sell', kind: 'stop', quantity: '10', trigger: '95.00' })
    ).data.list;
    const res = await modify(me, { id: stop!.id, trigger: '97.00' });
    expect(res.code, JSON.stringify(res)).toBe(0);
    expect(res.data.list).toMatchObject([{ id: stop!.id, trigger: '97', frozen: '10', state: 'pending' }]);
    // A print at 97.50 is above the new trigger: still waiting. At 97.00 it fires (the old 95 would not have).
    trade(t.world, 'THYAO', '97.50');
    await new Promise((r) => setTimeout(r, 100));
    expect((await rowOf(stop!.id)).state).toBe('pending');
    trade(t.world, 'THYAO', '97.00');
    await until(
      () => rowOf(stop!.id),
      (row) => row.state !== 'pending',
    );
    expect((await rowOf(stop!.id)).firedPrice).toMatch(/^97\.0*$/);
    await expectCleanLedger(t.world.db);
  });

  it('re-takes a buy stop-limit’s hold at its new limit, and refuses one the cash cannot cover', async () => {
    reset();
    const me = await trader(t.world.db, { TRY: '1070' });
    const [leg] = (
      await t.cond.add(me, {
        symbol: 'THYAO',
        side: 'buy',
        kind: 'stop_limit',
        quantity: '10',
        trigger: '105.00',
        limit: '106.00',
      })
    ).data.list;
    // 10 × 106 = 1060: commission 1.59, BSMV 0.0795 → 0.08, fee 0.0318 → 0.03: 1061.70.
    expect(leg!.frozen).toBe('1061.7');
    const lower = await modify(me, { id: leg!.id, limit: '105.50' });
    // 10 × 105.5 = 1055: 1.5825 → 1.58, 0.079 → 0.08, 0.03165 → 0.03: 1056.69.
    expect(lower.data.list[0]).toMatchObject({ limit: '105.5', trigger: '105', frozen: '1056.69' });
    expect(balance(await userBalances(t.world.db, me.userId, 'real'), 'stock', 'TRY')).toEqual({
      available: '13.31',
      frozen: '1056.69',
    });
    // 10 × 107 = 1070 and its costs: more than the 1070 the account holds.
    expect((await modify(me, { id: leg!.id, limit: '107.00' })).key).toBe('INSUFFICIENT_BALANCE');
    expect((await rowOf(leg!.id)).limitPrice).toMatch(/^105\.50*$/);
    await expectCleanLedger(t.world.db);
  });

  it('refuses a crossed, off-tick or out-of-band level, a field the kind lacks, an ended or foreign order', async () => {
    const me = await holder('10');
    const [stop] = (
      await t.cond.add(me, { symbol: 'THYAO', side: 'sell', kind: 'stop', quantity: '10', trigger: '95.00' })
    ).data.list;
    const before = { state: await conditionalStateOf(t.world.db, me.userId), row: await rowOf(stop!.id) };
    const refusals: [Record<string, string>, string][] = [
      // A sell stop above the last price (100) would fire at once.
      [{ trigger: '101.00' }, 'CONDITIONAL_TRIGGER_CROSSED'],
      [{ trigger: '95.01' }, 'PRICE_TICK'],
      [{ trigger: '79.00' }, 'PRICE_OUTSIDE_BAND'],
      [{ trigger: '95' }, 'ORDER_MODIFY_UNCHANGED'],
      [{ trailValue: '2' }, 'FIELD_INVALID'],
      [{ limit: '94.00' }, 'FIELD_INVALID'],
    ];
    for (const [fields, key] of refusals) {
      const res = await modify(me, { id: stop!.id, ...fields });
      expect([res.code, res.key], JSON.stringify(fields)).toEqual([-1001, key]);
    }
    expect((await modify(me, { id: stop!.id, trigger: '101.00' }, 'tr-TR')).msg).toMatch(/100/);
    const stranger = await trader(t.world.db);
    expect((await modify(stranger, { id: stop!.id, trigger: '96.00' })).key).toBe('CONDITIONAL_NOT_FOUND');
    expect({ state: await conditionalStateOf(t.world.db, me.userId), row: await rowOf(stop!.id) }).toEqual(
      before,
    );
    await t.cond.cancel(me, stop!.id);
    expect((await modify(me, { id: stop!.id, trigger: '96.00' })).key).toBe('CONDITIONAL_NOT_MODIFIABLE');
    await expectCleanLedger(t.world.db);
  });

  it('moves a trailing stop’s offset from the best price it kept', async () => {
    const me = await holder('10');
    const [trail] = (
      await t.cond.add(me, {
        symbol: 'THYAO',
        side: 'sell',
        kind: 'trailing',
        quantity: '10',
        trailBy: 'amount',
        trailValue: '2',
      })
    ).data.list;
    expect(trail).toMatchObject({ best: '100', trigger: '98' });
    // The price rose to 103 and came back to 101: the best stays 103.
    trade(t.world, 'THYAO', '103.00');
    await until(
      () => rowOf(trail!.id),
      (row) => Number(row.best) === 103,
    );
    t.world.source.setTicker('THYAO', { last: '101.00' });
    const res = await modify(me, { id: trail!.id, trailValue: '3' });
    expect(res.data.list[0]).toMatchObject({ best: '103', trigger: '100', trailValue: '3' });
    // An offset that puts the trigger above the last price (103 − 1.5 = 101.5 > 101) would fire at once.
    expect((await modify(me, { id: trail!.id, trailValue: '1.5' })).key).toBe('CONDITIONAL_TRIGGER_CROSSED');
    await expectCleanLedger(t.world.db);
  });

  it('moves one leg of a one-cancels-other pair, checked against the other', async () => {
    const me = await holder('10');
    const legs = (
      await t.cond.add(me, {
        symbol: 'THYAO',
        side: 'sell',
        kind: 'take_profit',
        quantity: '10',
        trigger: '110.00',
        oco: '1',
        ocoKind: 'stop',
        ocoTrigger: '95.00',
      })
    ).data.list;
    const stop = legs.find((l) => l.kind === 'stop')!;
    const res = await modify(me, { id: stop.id, trigger: '96.00' });
    expect(res.code, JSON.stringify(res)).toBe(0);
    expect(res.data.list.map((l) => [l.kind, l.trigger, l.frozen])).toEqual([
      ['take_profit', '110', '10'],
      ['stop', '96', '0'],
    ]);
    await expectCleanLedger(t.world.db);
  });
});
