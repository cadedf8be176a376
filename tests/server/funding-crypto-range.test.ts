import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets } from '../support/server';
import { EN, TR, fundingWorld, ok, refused, type Funded, type FundingWorld } from './funding-support';

const HASH = (n: number) => n.toString(16).padStart(64, 'b');

/**
 * Crypto deposits at the edge of the ledger's range (the money attack): a reported amount has a
 * minimum but no maximum.
 */
describe.each(dbTargets())('crypto deposits past the ledger’s range on %s', (target) => {
  let w: FundingWorld;
  beforeAll(async () => {
    w = await fundingWorld(target);
  });
  afterAll(async () => {
    if (w) await w.clean();
    await w?.close();
  });

  const address = (u: Funded) =>
    w.post('/coin/recharge/address/generate', u.real, { currency: 'USDT', chain: 'TRC20' });
  const report = (u: Funded, amount: string, n: number, headers = EN) =>
    w.post(
      '/coin/recharge/add',
      u.real,
      { currency: 'USDT', chain: 'TRC20', amount, txHash: HASH(n) },
      headers,
    );

  it('refuses a reported amount of 21 digits as invalid instead of answering a 500', async () => {
    const u = await w.user();
    ok(await address(u));
    const before = await w.snapshot(u);
    const huge = '1' + '0'.repeat(20);
    refused(await report(u, huge, 1), 'FIELD_INVALID');
    expect((await report(u, '9'.repeat(40), 2)).msg).toBe('Amount has an invalid value.');
    expect((await report(u, huge, 3, TR)).msg).toBe('Tutar alanının değeri geçersiz.');
    expect(await w.snapshot(u)).toEqual(before);
  });
});
