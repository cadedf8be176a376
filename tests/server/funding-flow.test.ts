import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  BankCard,
  Deposit,
  RechargeChannels,
  Withdrawal,
  WithdrawStatus,
} from '../../domain/protocol/funding';
import type { TxRecord } from '../../domain/protocol/trading';
import { messages } from '../../server/db/schema/content';
import { operatorAudit, settings } from '../../server/db/schema/system';
import { userBalances } from '../../server/ledger/balances';
import { DEFAULT_SETTINGS } from '../../server/settings';
import { dbTargets } from '../support/server';
import {
  IBAN2,
  NAME,
  PIN,
  withFundingWorld,
  ok,
  refused,
  type Funded,
  type FundingWorld,
} from './funding-support';

type Page<T> = { list: T[]; total: number };

describe.each(dbTargets())('funding: deposit → approve → withdraw → approve on %s', (target) => {
  let w: FundingWorld;
  withFundingWorld(target, (world) => (w = world));

  const stockTry = async (u: Funded) => {
    const s = ok<WithdrawStatus>(await w.get('/user/withdraw/status', u.real));
    const b = (await userBalances(w.db, u.id, 'real')).find((x) => x.wallet === 'stock');
    return { available: s.available, frozen: b?.frozen, total: b?.total };
  };
  /** Every funding movement shows once in the funds detail, under its own reason and row. */
  const records = async (u: Funded) => {
    const page = ok<Page<TxRecord>>(await w.get('/user/tx/record', u.real, { size: '100' }));
    const keys = page.list.map((r) => `${r.reason}:${r.referenceType}:${r.referenceId}`);
    expect(new Set(keys).size).toBe(keys.length);
    return page.list
      .filter((r) => r.referenceType !== 'test')
      .map((r) => `${r.reason}:${r.referenceId}:${r.amount}`);
  };

  async function card(u: Funded): Promise<BankCard> {
    return ok<BankCard>(
      await w.post('/bank/add', u.real, {
        accountNumber: 'tr10 0006 2000 0000 6297 6291 23',
        holderName: 'ayşe  YILMAZ',
      }),
    );
  }

  async function deposit(u: Funded, amount: string): Promise<Deposit> {
    return ok<Deposit>(await w.post('/user/recharge/add', u.real, { channelId: 'ziraat', amount }));
  }

  it('walks the whole way, balances equal the ledger after each step', async () => {
    const u = await w.user();
    const tmpl = ok<{ holderName: string; countries: { country: string }[] }>(
      await w.get('/index/bank/tmpl', u.real),
    );
    expect([tmpl.holderName, tmpl.countries.map((c) => c.country)]).toEqual([
      NAME,
      ['TR', 'IN', 'BR', 'OTHER'],
    ]);
    const added = await card(u);
    expect(added).toMatchObject({
      accountNumber: IBAN2,
      bankName: 'Garanti BBVA',
      bankCode: '00062',
      holderName: 'ayşe  YILMAZ',
    });
    const listed = ok<Page<BankCard>>(await w.get('/bank/list', u.real));
    expect(listed.list.map((c) => c.accountNumber)).toEqual(['TR10 **** **** **** **** **91 23']);

    const channels = ok<RechargeChannels>(await w.get('/index/bank/recharge', u.real));
    expect(channels.referenceCode).toBe(`SNS${u.id}`);
    expect(channels.hours.open).toBe(true);

    const dep = await deposit(u, '1000');
    expect(dep).toMatchObject({
      status: 'pending',
      amount: '1000',
      channel: { id: 'ziraat' },
      transactionId: null,
    });
    expect(await stockTry(u)).toEqual({ available: '0', frozen: '0', total: '0' });
    const approved = ok<{ status: string }>(await w.op('deposit-approve', { id: dep.id }));
    expect(approved.status).toBe('success');
    await w.clean();
    expect(await stockTry(u)).toEqual({ available: '1000', frozen: '0', total: '1000' });
    const credited = ok<Page<Deposit>>(await w.get('/user/recharge/order', u.real, { id: dep.id })).list[0];
    expect(credited?.status).toBe('success');
    expect(credited?.transactionId).not.toBeNull();
    expect(await records(u)).toEqual([`deposit:${dep.id}:1000`]);

    const wd = ok<Withdrawal>(
      await w.post('/user/withdraw/add', u.real, { cardId: added.id, amount: '400', withdrawPassword: PIN }),
    );
    expect(wd).toMatchObject({
      status: 'pending',
      amount: '400',
      fee: '0',
      receive: '400',
      card: { id: added.id },
    });
    await w.clean();
    expect(await stockTry(u)).toEqual({ available: '600', frozen: '400', total: '1000' });
    expect(await records(u)).toEqual([`withdrawal_hold:${wd.id}:0`, `deposit:${dep.id}:1000`]);
    // The card is in use while the withdrawal waits.
    refused(await w.post('/bank/del', u.real, { id: added.id }), 'BANK_CARD_IN_USE');

    ok(await w.op('withdrawal-approve', { id: wd.id }));
    await w.clean();
    expect(await stockTry(u)).toEqual({ available: '600', frozen: '0', total: '600' });
    expect(await records(u)).toEqual([
      `withdrawal:${wd.id}:-400`,
      `withdrawal_hold:${wd.id}:0`,
      `deposit:${dep.id}:1000`,
    ]);
    const done = ok<Page<Withdrawal>>(await w.get('/user/withdraw/order', u.real)).list[0];
    expect(done).toMatchObject({ id: wd.id, status: 'success' });
    expect(done?.settleTransactionId).not.toBeNull();
    expect(done?.decidedAt).not.toBeNull();

    // Deciding twice changes nothing.
    refused(await w.op('deposit-approve', { id: dep.id }), 'DEPOSIT_NOT_PENDING');
    refused(await w.op('withdrawal-reject', { id: wd.id, reason: 'late' }), 'WITHDRAWAL_NOT_PENDING');
    expect(await stockTry(u)).toEqual({ available: '600', frozen: '0', total: '600' });

    // The user was told of both decisions; the operator's calls are audited.
    const told = await w.db.select().from(messages).where(eq(messages.userId, u.id));
    expect(told.map((m) => m.title['en-US']).sort()).toEqual(['Deposit approved', 'Withdrawal approved']);
    // The real account's news: not in the demo account's inbox.
    expect(told.map((m) => m.accountType)).toEqual(['real', 'real']);
    const audits = await w.db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(4);
    expect(audits.map((a) => `${a.action}:${a.target}:${a.result}`)).toEqual([
      `funding.withdrawal.reject:${wd.id}:error:WITHDRAWAL_NOT_PENDING`,
      `funding.deposit.approve:${dep.id}:error:DEPOSIT_NOT_PENDING`,
      `funding.withdrawal.approve:${wd.id}:ok`,
      `funding.deposit.approve:${dep.id}:ok`,
    ]);
    // And the card may go now.
    ok(await w.post('/bank/del', u.real, { id: added.id }));
    expect(ok<Page<BankCard>>(await w.get('/bank/list', u.real)).total).toBe(0);
  });

  it('takes rejections and a cancel back to where they started', async () => {
    const u = await w.user();
    const c = await card(u);
    const dep = await deposit(u, '500');
    ok(await w.op('deposit-reject', { id: dep.id, reason: 'No transfer with this reference arrived' }));
    const failed = ok<Page<Deposit>>(await w.get('/user/recharge/order', u.real, { status: 'failed' })).list;
    expect(failed.map((d) => [d.id, d.reason])).toEqual([
      [dep.id, 'No transfer with this reference arrived'],
    ]);
    expect(await stockTry(u)).toEqual({ available: '0', frozen: '0', total: '0' });
    expect(await records(u)).toEqual([]);

    ok(await w.op('deposit-approve', { id: (await deposit(u, '800')).id }));
    const rejected = ok<Withdrawal>(
      await w.post('/user/withdraw/add', u.real, { cardId: c.id, amount: '300', withdrawPassword: PIN }),
    );
    const cancelled = ok<Withdrawal>(
      await w.post('/user/withdraw/add', u.real, { cardId: c.id, amount: '200', withdrawPassword: PIN }),
    );
    expect(await stockTry(u)).toEqual({ available: '300', frozen: '500', total: '800' });
    ok(await w.op('withdrawal-reject', { id: rejected.id, reason: 'Name does not match' }));
    await w.clean();
    const back = ok<Withdrawal>(await w.post('/user/withdraw/cancel', u.real, { id: cancelled.id }));
    expect(back).toMatchObject({ status: 'cancelled' });
    expect(back.cancelledAt).not.toBeNull();
    await w.clean();
    expect(await stockTry(u)).toEqual({ available: '800', frozen: '0', total: '800' });
    refused(await w.post('/user/withdraw/cancel', u.real, { id: cancelled.id }), 'WITHDRAWAL_NOT_PENDING');
    const list = ok<Page<Withdrawal>>(await w.get('/user/withdraw/order', u.real)).list;
    expect(list.map((x) => [x.id, x.status, x.reason])).toEqual([
      [cancelled.id, 'cancelled', null],
      [rejected.id, 'failed', 'Name does not match'],
    ]);
    const reasons = (await records(u)).map((r) => r.split(':').slice(0, 2).join(':'));
    expect(reasons.sort()).toEqual(
      [
        `withdrawal_release:${cancelled.id}`,
        `withdrawal_release:${rejected.id}`,
        `withdrawal_hold:${cancelled.id}`,
        `withdrawal_hold:${rejected.id}`,
        reasons.find((r) => r.startsWith('deposit:')),
      ].sort(),
    );
    const told = await w.db.select().from(messages).where(eq(messages.userId, u.id));
    expect(told.map((m) => m.body['en-US'] ?? '').join('\n')).toContain('Reason: Name does not match');
  });

  it('lets N racing withdrawals take only what the balance covers', async () => {
    const u = await w.user();
    const c = await card(u);
    await w.fund(u, 'stock', 'TRY', '300');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        w.post('/user/withdraw/add', u.real, { cardId: c.id, amount: '100', withdrawPassword: PIN }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(3);
    expect(answers.filter((a) => a.code !== 0).map((a) => a.key)).toEqual(
      new Array(7).fill('INSUFFICIENT_BALANCE'),
    );
    expect(await stockTry(u)).toEqual({ available: '0', frozen: '300', total: '300' });
    await w.clean();
  });

  it('lets the sandbox payment simulator approve deposits after the configured delay', async () => {
    await w.db
      .update(settings)
      .set({ value: { ...DEFAULT_SETTINGS.funding, simulator: { approveAfterSeconds: 60 } } })
      .where(eq(settings.key, 'funding'));
    try {
      const u = await w.user();
      const dep = await deposit(u, '250');
      await new Promise((r) => setTimeout(r, 600));
      expect(
        ok<Page<Deposit>>(await w.get('/user/recharge/order', u.real, { id: dep.id })).list[0]?.status,
      ).toBe('pending');
      w.clock.t += 61_000;
      let status = 'pending';
      for (let i = 0; i < 50 && status === 'pending'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status =
          ok<Page<Deposit>>(await w.get('/user/recharge/order', u.real, { id: dep.id })).list[0]?.status ??
          '';
      }
      expect(status).toBe('success');
      expect(await stockTry(u)).toEqual({ available: '250', frozen: '0', total: '250' });
      // The held withdrawals of the racing test were never touched by it.
      const pending = ok<unknown[]>(await w.op('withdrawals', {}));
      expect(pending.length).toBeGreaterThanOrEqual(3);
    } finally {
      await w.db.update(settings).set({ value: DEFAULT_SETTINGS.funding }).where(eq(settings.key, 'funding'));
    }
  });
});
