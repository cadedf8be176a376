import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Deposit } from '../../domain/protocol/funding';
import { deposits } from '../../server/db/schema/funding';
import { settings } from '../../server/db/schema/system';
import { simulateFunding } from '../../server/funding/simulator';
import { userBalances } from '../../server/ledger/balances';
import { DEFAULT_SETTINGS } from '../../server/settings';
import { dbTargets } from '../support/server';
import { EN, TR, withFundingWorld, ok, refused, type Funded, type FundingWorld } from './funding-support';

const HASH = (n: number) => n.toString(16).padStart(64, 'b');

/**
 * Crypto deposits at the edge of the ledger's range (the money attack): a reported amount has a
 * minimum but no maximum, and the chain simulator credits what was reported.
 */
describe.each(dbTargets())('crypto deposits past the ledger’s range on %s', (target) => {
  let w: FundingWorld;
  withFundingWorld(target, (world) => (w = world));

  const usdt = async (u: Funded) =>
    (await userBalances(w.db, u.id, 'real')).find((x) => x.wallet === 'coin' && x.currency === 'USDT')
      ?.available ?? '0';
  const address = (u: Funded) =>
    w.post('/coin/recharge/address/generate', u.real, { currency: 'USDT', chain: 'TRC20' });
  const report = (u: Funded, amount: string, n: number, headers = EN) =>
    w.post(
      '/coin/recharge/add',
      u.real,
      { currency: 'USDT', chain: 'TRC20', amount, txHash: HASH(n) },
      headers,
    );

  it('refuses a reported amount of 21 digits as out of range instead of answering a 500', async () => {
    const u = await w.user();
    ok(await address(u));
    const before = await w.snapshot(u);
    const huge = '1' + '0'.repeat(20);
    refused(await report(u, huge, 1), 'NUMBER_OUT_OF_RANGE');
    expect((await report(u, '9'.repeat(40), 2)).msg).toBe(
      'Amount is too large: at most 20 digits before the decimal point.',
    );
    expect((await report(u, huge, 3, TR)).msg).toBe(
      'Tutar çok büyük: ondalık ayırıcıdan önce en fazla 20 basamak olabilir.',
    );
    expect(await w.snapshot(u)).toEqual(before);
  });

  it('gives every deposit its turn in the chain simulator: one that cannot be credited holds up no other', async () => {
    const value = { ...DEFAULT_SETTINGS.coinFunding, simulator: { confirmAfterSeconds: 30 } };
    await w.db.update(settings).set({ value }).where(eq(settings.key, 'coinFunding'));
    try {
      // 1 USDT held plus a reported 99,999,999,999,999,999,999: a balance past NUMERIC(38,18).
      const greedy = await w.user();
      await w.fund(greedy, 'coin', 'USDT', '1');
      ok(await address(greedy));
      const stuck = ok<Deposit>(await report(greedy, '9'.repeat(20), 4));
      const honest = await w.user();
      ok(await address(honest));
      const dep = ok<Deposit>(await report(honest, '250', 5));
      const at = Math.max(stuck.createdAt, dep.createdAt) + 30_000;
      await expect(simulateFunding(w.db, at)).rejects.toThrow();
      // The honest user's transfer is credited all the same, and the other stays pending.
      expect(await usdt(honest)).toBe('250');
      const rows = await w.db.select({ id: deposits.id, status: deposits.status }).from(deposits);
      expect(rows.find((r) => String(r.id) === dep.id)?.status).toBe('success');
      expect(rows.find((r) => String(r.id) === stuck.id)?.status).toBe('pending');
      expect(await usdt(greedy)).toBe('1');
      await w.op('deposit-reject', { id: stuck.id, reason: 'not on chain' });
    } finally {
      await w.db
        .update(settings)
        .set({ value: DEFAULT_SETTINGS.coinFunding })
        .where(eq(settings.key, 'coinFunding'));
    }
  });
});
