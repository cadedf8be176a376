import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets } from '../support/server';
import { conditionalApi, conditionalStateOf } from './conditional-support';
import { expectCleanLedger, spotWorld, stockBook, trader, type SpotWorld, type Trader } from './spot-support';

/** Every bad conditional order is refused with its key, in the user's language, and changes nothing. */
describe.each(dbTargets())('conditional order refusals on %s', (target) => {
  let world: SpotWorld;
  let cond: ReturnType<typeof conditionalApi>;
  let me: Trader;

  beforeAll(async () => {
    world = await spotWorld(target);
    cond = conditionalApi(world);
    stockBook(world.source);
    me = await trader(world.db, { TRY: '1000', USDT: '0' });
  });
  afterAll(async () => world?.close());

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
    const before = await conditionalStateOf(world.db, me.userId);
    const answer = await cond.add(me, fields);
    expect([answer.code, answer.key]).toEqual([-1001, key]);
    expect(await conditionalStateOf(world.db, me.userId)).toEqual(before);
  });

  it('says why in Turkish too, with the last price', async () => {
    world.source.setTicker('THYAO', { last: '100.00' });
    const answer = await cond.add(me, { ...stop, trigger: '99.50' }, 'tr-TR');
    expect(answer.key).toBe('CONDITIONAL_TRIGGER_CROSSED');
    // The price as Turkish screens write it.
    expect(answer.msg).toContain('Son fiyat (100,00)');
  });

  it('finds no order of another user to cancel, and none by a made-up id', async () => {
    const placed = await cond.add(me, { ...stop, quantity: '1' });
    expect(placed.code).toBe(0);
    const other = await trader(world.db);
    expect((await cond.cancel(other, placed.data.list[0]!.id)).key).toBe('CONDITIONAL_NOT_FOUND');
    expect((await cond.cancel(me, '999999')).key).toBe('CONDITIONAL_NOT_FOUND');
    expect((await cond.cancel(me, 'x')).key).toBe('FIELD_INVALID');
    // The coin path does not see a stock order.
    expect((await conditionalApi(world, 'coin').cancel(me, placed.data.list[0]!.id)).key).toBe(
      'CONDITIONAL_NOT_FOUND',
    );
    expect((await cond.cancel(me, placed.data.list[0]!.id)).code).toBe(0);
    await expectCleanLedger(world.db);
  });
});
