import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BankCard, Withdrawal } from '../../domain/protocol/funding';
import type { WithdrawAddress } from '../../domain/protocol/funding-coin';
import { withdrawals } from '../../server/db/schema/funding';
import { requestKeys } from '../../server/db/schema/system';
import { fingerprintOf } from '../../server/http/once';
import { userBalances } from '../../server/ledger/balances';
import { dbTargets } from '../support/server';
import { PIN, withFundingWorld, ok, type Funded, type FundingWorld } from './funding-support';
import { newRequestId, refusedWith, replays, twentyAtOnce } from './request-keys-support';

/**
 * Withdrawals with a `requestId` (without one, 20 identical requests made 20 withdrawals, and a
 * retry after a lost answer a second one). The key's rules are checked here in full on the bank
 * withdrawal; the other money-moving routes share the mechanism (request-keys-*.test.ts).
 */
describe.each(dbTargets())('withdrawals once per requestId on %s', (target) => {
  let w: FundingWorld;
  withFundingWorld(target, (world) => (w = world));

  const card = async (u: Funded) =>
    ok<BankCard>(
      await w.post('/bank/add', u.real, {
        accountNumber: 'TR10 0006 2000 0000 6297 6291 23',
        holderName: 'Ayşe Yılmaz',
      }),
    );
  const withdraw = (u: Funded, cardId: string, amount: string, requestId?: string) =>
    w.post('/user/withdraw/add', u.real, {
      cardId,
      amount,
      withdrawPassword: PIN,
      ...(requestId ? { requestId } : {}),
    });
  /** The user's withdrawals and balances: what a withdrawal moves. */
  const moved = async (u: Funded) => {
    const [rows] = await w.db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.userId, u.id));
    return { withdrawals: rows?.n, balances: await userBalances(w.db, u.id, 'real') };
  };
  const stockTry = async (u: Funded) => {
    const b = (await userBalances(w.db, u.id, 'real')).find((x) => x.wallet === 'stock');
    return { available: b?.available, frozen: b?.frozen };
  };

  it('20 identical bank withdrawals at once make one; a replay answers it again and moves nothing', async () => {
    const u = await w.user();
    const c = await card(u);
    await w.fund(u, 'stock', 'TRY', '1000');
    const id = newRequestId();
    const send = () => withdraw(u, c.id, '100', id);
    const first = await twentyAtOnce<Withdrawal>(send);
    expect(first).toMatchObject({ kind: 'bank', amount: '100', status: 'pending' });
    expect((await moved(u)).withdrawals).toBe(1);
    expect(await stockTry(u)).toEqual({ available: '900', frozen: '100' });
    await replays(send, first, () => moved(u));
    await w.clean();
  });

  it('20 identical coin withdrawals at once make one', async () => {
    const u = await w.user();
    await w.fund(u, 'coin', 'USDT', '100');
    const address = ok<WithdrawAddress>(
      await w.post('/coin/withdraw/address/generate', u.real, {
        currency: 'USDT',
        chain: 'ERC20',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      }),
    );
    const id = newRequestId();
    const send = () =>
      w.post('/coin/withdraw/add', u.real, {
        addressId: address.id,
        amount: '50',
        withdrawPassword: PIN,
        requestId: id,
      });
    const first = await twentyAtOnce<Withdrawal>(send);
    expect(first).toMatchObject({ kind: 'crypto', amount: '50' });
    expect((await moved(u)).withdrawals).toBe(1);
    const usdt = (await userBalances(w.db, u.id, 'real')).find((b) => b.wallet === 'coin');
    expect([usdt?.available, usdt?.frozen]).toEqual(['50', '50']);
    await replays(send, first, () => moved(u));

    // The same key on the bank withdrawal is another request: refused, nothing moves.
    const c = await card(u);
    await w.fund(u, 'stock', 'TRY', '500');
    const before = await moved(u);
    refusedWith(await withdraw(u, c.id, '100', id), 'REQUEST_ID_REUSED');
    expect(await moved(u)).toEqual(before);
    await w.clean();
  });

  it('a refusal leaves the key free: the same request succeeds once it can', async () => {
    const u = await w.user();
    const c = await card(u);
    await w.fund(u, 'stock', 'TRY', '50');
    const id = newRequestId();
    const before = await moved(u);
    refusedWith(await withdraw(u, c.id, '100', id), 'INSUFFICIENT_BALANCE');
    expect(await moved(u)).toEqual(before);
    await w.fund(u, 'stock', 'TRY', '100');
    const done = ok<Withdrawal>(await withdraw(u, c.id, '100', id));
    expect(done.amount).toBe('100');
    expect(await stockTry(u)).toEqual({ available: '50', frozen: '100' });
    await w.clean();
  });

  it('refuses a key used with other values, and answers in-progress for a key never answered', async () => {
    const u = await w.user();
    const c = await card(u);
    await w.fund(u, 'stock', 'TRY', '1000');
    const id = newRequestId();
    ok(await withdraw(u, c.id, '100', id));
    const before = await moved(u);
    refusedWith(await withdraw(u, c.id, '200', id), 'REQUEST_ID_REUSED');
    // A claim whose request died between claiming and answering (a crash): its outcome is
    // unknown, so a retry is told to check, not run again.
    const lost = newRequestId();
    const fields = { cardId: c.id, amount: '100', withdrawPassword: PIN, requestId: lost };
    await w.db.insert(requestKeys).values({
      userId: u.id,
      accountType: 'real',
      requestId: lost,
      route: '/user/withdraw/add',
      fingerprint: fingerprintOf(fields),
      createdAt: new Date(Date.now() - 3_600_000),
    });
    refusedWith(await w.post('/user/withdraw/add', u.real, fields), 'REQUEST_IN_PROGRESS');
    expect(await moved(u)).toEqual(before);
    await w.clean();
  });

  it('keys of two users never meet; without a key every request is its own, as before', async () => {
    const [a, b] = [await w.user(), await w.user()];
    const [ca, cb] = [await card(a), await card(b)];
    await w.fund(a, 'stock', 'TRY', '1000');
    await w.fund(b, 'stock', 'TRY', '1000');
    const id = newRequestId();
    const fromA = ok<Withdrawal>(await withdraw(a, ca.id, '100', id));
    const fromB = ok<Withdrawal>(await withdraw(b, cb.id, '100', id));
    expect(fromB.id).not.toBe(fromA.id);
    expect(await stockTry(b)).toEqual({ available: '900', frozen: '100' });

    ok(await withdraw(a, ca.id, '100'));
    ok(await withdraw(a, ca.id, '100'));
    expect(await stockTry(a)).toEqual({ available: '700', frozen: '300' });
    await w.clean();
  });

  it('refuses a malformed key by its label, in both languages', async () => {
    const u = await w.user();
    const c = await card(u);
    await w.fund(u, 'stock', 'TRY', '1000');
    const before = await moved(u);
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(65), 'ünicode-ünicode']) {
      const answer = await withdraw(u, c.id, '100', bad);
      refusedWith(answer, 'FIELD_INVALID');
      expect(answer.msg).toContain('Request ID');
    }
    const tr = await w.post(
      '/user/withdraw/add',
      u.real,
      { cardId: c.id, amount: '100', withdrawPassword: PIN, requestId: 'short' },
      { 'Accept-Language': 'tr-TR' },
    );
    expect(tr.msg).toContain('Talep no');
    expect(await moved(u)).toEqual(before);
  });
});
