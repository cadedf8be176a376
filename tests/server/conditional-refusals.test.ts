import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import { dbTargets } from '../support/server';
import { conditionalApi, conditionalStateOf } from './conditional-support';
import { expectCleanLedger, spotWorld, stockBook, trader } from './spot-support';

/** Every bad conditional order is refused with its key, in the user's language, and changes nothing. */
describe.each(dbTargets())('conditional order refusals on %s', (target) => {
  const t = sharedWorld(
    () => spotWorld(target),
    async (world) => {
      const cond = conditionalApi(world);
      stockBook(world.source);
      const me = await trader(world.db, { TRY: '1000', USDT: '0' });
      return { cond, me };
    },
  );

  const stop = { symbol: 'THYAO', side: 'buy', kind: 'stop', quantity: '5', trigger: '105.00' };
  const cases: [string, Record<string, string>, string][] = [
    ['an unknown kind', { ...stop, kind: 'stoploss' }, 'FIELD_INVALID'],
    ['no trigger', { ...stop, trigger: '' }, 'FIELD_REQUIRED'],
    ['a trigger the price has crossed', { ...stop, trigger: '99.50' }, 'CONDITIONAL_TRIGGER_CROSSED'],
    ['a trigger off the tick', { ...stop, trigger: '105.03' }, 'PRICE_TICK'],
    ['a trigger outside the band', { ...stop, trigger: '125.00' }, 'PRICE_OUTSIDE_BAND'],
    ['a stop-limit without its limit', { ...stop, kind: 'stop_limit' }, 'CONDITIONAL_LIMIT_REQUIRED'],
    ['a stop with a limit', { ...stop, limit: '106.00' }, 'FIELD_INVALID'],
    ['a limit off the tick', { ...stop, kind: 'stop_limit', limit: '106.07' }, 'PRICE_TICK'],
    [
      'a trailing stop of 100%',
      {
        symbol: 'THYAO',
        side: 'buy',
        kind: 'trailing',
        quantity: '5',
        trailBy: 'percent',
        trailValue: '100',
      },
      'CONDITIONAL_TRAIL_INVALID',
    ],
    [
      'a trailing stop without its offset',
      { symbol: 'THYAO', side: 'sell', kind: 'trailing', quantity: '5' },
      'FIELD_REQUIRED',
    ],
    [
      'a pair waiting on the same side',
      { ...stop, oco: '1', ocoKind: 'stop', ocoTrigger: '110.00' },
      'CONDITIONAL_OCO_INVALID',
    ],
    ['a fractional lot', { ...stop, quantity: '1.5' }, 'QUANTITY_WHOLE'],
    ['more than the cash covers', { ...stop, quantity: '10' }, 'INSUFFICIENT_BALANCE'],
    ['a sell of shares not held', { ...stop, side: 'sell', trigger: '95.00' }, 'AVAILABLE_QUANTITY_ZERO'],
    ['an expiry in the past', { ...stop, expiresAt: '1000' }, 'CONDITIONAL_EXPIRY_PAST'],
    ['a coin on the stock path', { ...stop, symbol: 'BTCUSDT', trigger: '51000' }, 'NOT_TRADABLE'],
  ];

  it.each(cases)('refuses %s', async (_, fields, key) => {
    const before = await conditionalStateOf(t.world.db, t.me.userId);
    const answer = await t.cond.add(t.me, fields);
    expect([answer.code, answer.key]).toEqual([-1001, key]);
    expect(await conditionalStateOf(t.world.db, t.me.userId)).toEqual(before);
  });

  it('says why in Turkish too, with the last price', async () => {
    t.world.source.setTicker('THYAO', { last: '100.00' });
    const answer = await t.cond.add(t.me, { ...stop, trigger: '99.50' }, 'tr-TR');
    expect(answer.key).toBe('CONDITIONAL_TRIGGER_CROSSED');
    // The price as Turkish screens write it.
    expect(answer.msg).toContain('Son fiyat (100,00)');
  });

  it('finds no order of another user to cancel, and none by a made-up id', async () => {
    const placed = await t.cond.add(t.me, { ...stop, quantity: '1' });
    expect(placed.code).toBe(0);
    const other = await trader(t.world.db);
    expect((await t.cond.cancel(other, placed.data.list[0]!.id)).key).toBe('CONDITIONAL_NOT_FOUND');
    expect((await t.cond.cancel(t.me, '999999')).key).toBe('CONDITIONAL_NOT_FOUND');
    expect((await t.cond.cancel(t.me, 'x')).key).toBe('FIELD_INVALID');
    // The coin path does not see a stock order.
    expect((await conditionalApi(t.world, 'coin').cancel(t.me, placed.data.list[0]!.id)).key).toBe(
      'CONDITIONAL_NOT_FOUND',
    );
    expect((await t.cond.cancel(t.me, placed.data.list[0]!.id)).code).toBe(0);
    await expectCleanLedger(t.world.db);
  });
});
