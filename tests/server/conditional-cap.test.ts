import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import { LIMITS } from '../../domain/limits';
import { dbTargets } from '../support/server';
import { conditionalApi, conditionalStateOf } from './conditional-support';
import { expectCleanLedger, spotWorld, stockBook, trader } from './spot-support';

const MAX = LIMITS.conditionalPending;
const BURST = 6;

/**
 * An account holds at most LIMITS.conditionalPending waiting conditional orders (an OCO pair is
 * one): a burst at the last slot places exactly one, the next is refused in the user's language
 * with nothing held or stored, and a cancelled one frees its slot.
 */
describe.each(dbTargets())('the cap on waiting conditional orders on %s', (target) => {
  const t = sharedWorld(
    () => spotWorld(target),
    (world) => {
      const cond = conditionalApi(world);
      stockBook(world.source);
      return { cond };
    },
  );

  // 1 lot at 105.00: 105 TRY and costs held each, far inside the day's band of a last price of 100.
  const stop = { symbol: 'THYAO', side: 'buy', kind: 'stop', quantity: '1', trigger: '105.00' };
  const pair = { ...stop, oco: '1', ocoKind: 'take_profit', ocoTrigger: '95.00' };

  it(`places ${MAX} and no more, a pair counting once, and exactly one of a burst at the last slot`, async () => {
    const me = await trader(t.world.db, { TRY: '100000' });
    for (let i = 0; i < MAX - 2; i++) expect((await t.cond.add(me, stop)).code).toBe(0);
    expect((await t.cond.add(me, pair)).data.list).toHaveLength(2);
    expect((await t.cond.list(me, 'pending')).total).toBe(MAX);

    const answers = await Promise.all(Array.from({ length: BURST }, () => t.cond.add(me, stop)));
    const keys = answers.map((a) => a.key ?? 'ok');
    expect(keys.filter((k) => k === 'ok')).toHaveLength(1);
    expect(keys.filter((k) => k !== 'ok')).toEqual(Array(BURST - 1).fill('CONDITIONAL_LIMIT'));
    // MAX orders: MAX − 1 single legs and the pair's two.
    expect((await t.cond.list(me, 'pending')).total).toBe(MAX + 1);

    const before = await conditionalStateOf(t.world.db, me.userId);
    const en = await t.cond.add(me, stop);
    expect(en).toMatchObject({ code: -1001, key: 'CONDITIONAL_LIMIT' });
    expect(en.msg).toBe(
      `This account already has ${MAX} waiting conditional orders, the most it can have. Cancel one to place another.`,
    );
    const tr = await t.cond.add(me, pair, 'tr-TR');
    expect(tr.key).toBe('CONDITIONAL_LIMIT');
    expect(tr.msg).toContain(`${MAX} bekleyen koşullu emir`);
    expect(await conditionalStateOf(t.world.db, me.userId)).toEqual(before);
    // Counted per account: another user's first order goes through meanwhile.
    expect((await t.cond.add(await trader(t.world.db, { TRY: '1000' }), stop)).code).toBe(0);

    // A cancelled order no longer waits: its slot is free again.
    const [newest] = (await t.cond.list(me, 'pending')).list;
    expect((await t.cond.cancel(me, newest!.id)).code).toBe(0);
    expect((await t.cond.add(me, stop)).code).toBe(0);
    expect((await t.cond.add(me, stop)).key).toBe('CONDITIONAL_LIMIT');
    await expectCleanLedger(t.world.db);
  });
});
