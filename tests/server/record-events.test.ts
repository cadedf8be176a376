import { describe, expect, it } from 'vitest';
import type { Deposit, Withdrawal } from '../../domain/protocol/funding';
import type { IpoApplication } from '../../domain/protocol/ipo';
import type { Loan } from '../../domain/protocol/loans';
import { runIpoPass } from '../../server/primary/ipo/pass';
import { watchRecords } from '../support/record-events';
import { dbTargets } from '../support/server';
import { ok, PIN as WITHDRAW_PIN, withFundingWorld, type FundingWorld } from './funding-support';
import { runIcoPass } from '../../server/primary/ico/pass';
import { runOfflinePass } from '../../server/primary/bulk/offline-pass';
import { icoDraft, newIco, sharedIcoWorld } from './ico-support';
import { draft, HOUR, investor, newIpo, OTHER_SYMBOL, PIN, sharedIpoWorld } from './ipo-support';
import { borrower, DAY, operator } from './loans-support';
import { MONDAY_NOON } from './spot-support';

/**
 * The broker says "this request of yours changed" on the `records` channel when it decides:
 * the record's area, id and the status its list now shows, to that user's account only. What a
 * user did themselves is said too (their other tabs show it); a refusal says nothing.
 */
describe.each(dbTargets())('record events of funding decisions on %s', (target) => {
  let w: FundingWorld;
  withFundingWorld(target, (world) => (w = world));

  it('deposits approved, rejected and confirmed on the chain; withdrawals paid, rejected, cancelled', async () => {
    const u = await w.user();
    const other = await w.user();
    const mine = watchRecords(w.db, u.id);
    const theirs = watchRecords(w.db, other.id);
    const demo = watchRecords(w.db, u.id, 'demo');
    const deposit = async (amount: string) =>
      ok<Deposit>(await w.post('/user/recharge/add', u.real, { channelId: 'ziraat', amount }));
    const approved = await deposit('1000');
    const rejected = await deposit('500');
    ok(await w.op('deposit-approve', { id: approved.id }));
    ok(await w.op('deposit-reject', { id: rejected.id, reason: 'No transfer arrived' }));
    // Asked again, it is refused: nothing more is said.
    expect((await w.op('deposit-approve', { id: approved.id })).code).not.toBe(0);

    await w.post('/coin/recharge/address/generate', u.real, { currency: 'USDT', chain: 'TRC20' });
    const txHash = 'b'.repeat(64);
    const chain = ok<Deposit>(
      await w.post('/coin/recharge/add', u.real, { currency: 'USDT', chain: 'TRC20', amount: '50', txHash }),
    );
    ok(await w.op('chain-confirm', { txHash }));

    const card = ok<{ id: string }>(
      await w.post('/bank/add', u.real, {
        accountNumber: 'tr10 0006 2000 0000 6297 6291 23',
        holderName: 'ayşe  YILMAZ',
      }),
    );
    const withdraw = async (amount: string) =>
      ok<Withdrawal>(
        await w.post('/user/withdraw/add', u.real, {
          cardId: card.id,
          amount,
          withdrawPassword: WITHDRAW_PIN,
        }),
      );
    const paid = await withdraw('100');
    const refused = await withdraw('100');
    const cancelled = await withdraw('100');
    ok(await w.op('withdrawal-approve', { id: paid.id }));
    ok(await w.op('withdrawal-reject', { id: refused.id, reason: 'Name does not match' }));
    ok(await w.post('/user/withdraw/cancel', u.real, { id: cancelled.id }));

    expect(mine.seen).toEqual([
      { area: 'deposit', id: approved.id, status: 'success' },
      { area: 'deposit', id: rejected.id, status: 'failed' },
      { area: 'deposit', id: chain.id, status: 'success' },
      { area: 'withdrawal', id: paid.id, status: 'success' },
      { area: 'withdrawal', id: refused.id, status: 'failed' },
      { area: 'withdrawal', id: cancelled.id, status: 'cancelled' },
    ]);
    // Each list says the same status the event did.
    const deposits = ok<{ list: Deposit[] }>(await w.get('/user/recharge/order', u.real)).list;
    expect(deposits.find((d) => d.id === rejected.id)?.status).toBe('failed');
    const withdrawals = ok<{ list: Withdrawal[] }>(await w.get('/user/withdraw/order', u.real)).list;
    expect(withdrawals.map((x) => [x.id, x.status])).toEqual([
      [cancelled.id, 'cancelled'],
      [refused.id, 'failed'],
      [paid.id, 'success'],
    ]);
    expect(theirs.seen).toEqual([]);
    expect(demo.seen).toEqual([]);
    for (const watch of [mine, theirs, demo]) watch.off();
  });
});

describe.each(dbTargets())('record events of loans, IPO allocation and support replies on %s', (target) => {
  const t = sharedIpoWorld(target);

  it('a loan offered then rejected, another approved: each decision names the loan', async () => {
    const u = await borrower(t.world.db, '1000');
    const watch = watchRecords(t.world.db, u.userId);
    const apply = async () =>
      (
        await t.call.post<Loan>('/user/loan/apply', u.token, {
          amount: '2000',
          days: '7',
          tradePassword: PIN,
        })
      ).data;
    const first = await apply();
    expect((await operator(t.world, 'loan-approve', { id: first.id, amount: '1500' })).code).toBe(0);
    expect((await operator(t.world, 'loan-reject', { id: first.id, reason: 'Limit reached' })).code).toBe(0);
    const second = await apply();
    expect((await operator(t.world, 'loan-approve', { id: second.id })).code).toBe(0);
    const list = (await t.call.get<{ list: Loan[] }>('/user/loan/order/list', u.token)).data.list;
    expect(watch.seen).toEqual([
      { area: 'loan', id: first.id, status: 'offered' },
      { area: 'loan', id: first.id, status: list.find((l) => l.id === first.id)?.status },
      { area: 'loan', id: second.id, status: 'active' },
    ]);
    expect(watch.seen[1]?.status).toBe('rejected');
    watch.off();
  });

  it('IPO allocation names each application with the status its list then shows', async () => {
    const start = MONDAY_NOON + 30 * HOUR;
    const id = await newIpo(t.world, draft(start));
    const [a, b] = [await investor(t.world.db, '1000'), await investor(t.world.db, '1000')];
    const watches = [watchRecords(t.world.db, a.userId), watchRecords(t.world.db, b.userId)];
    t.world.clock.set(start);
    await runIpoPass(t.world.db, start);
    for (const [u, lots] of [
      [a, '8'],
      [b, '3'],
    ] as const)
      expect(
        (await t.call.post('/stock/order/new/apply', u.token, { id, lots, tradePassword: PIN })).code,
      ).toBe(0);
    expect(watches.flatMap((x) => x.seen)).toEqual([]);
    const at = start + 3 * HOUR;
    t.world.clock.set(at);
    await runIpoPass(t.world.db, at);
    for (const [i, u] of [a, b].entries()) {
      const [application] = (await t.call.get<{ list: IpoApplication[] }>('/stock/order/new/list', u.token))
        .data.list;
      expect(watches[i]?.seen).toEqual([{ area: 'ipo', id: application?.id, status: application?.status }]);
      watches[i]?.off();
    }
  });

  it('offline tranche allocation names the application with its result (won)', async () => {
    const start = MONDAY_NOON + 2 * DAY;
    t.world.clock.set(MONDAY_NOON);
    const extra = { costs: null, lotsInstitutional: '1000', lotsRetail: '10', maxLots: '50' };
    const id = await newIpo(
      t.world,
      draft(start, { symbol: OTHER_SYMBOL, name: 'Yeni Arz B A.Ş.', ...extra }),
    );
    const u = await investor(t.world.db, '20000');
    const applied = await t.call.post<{ id: string }>('/stock/order/offline/apply', u.token, {
      id,
      lots: '100',
      tradePassword: PIN,
    });
    expect(applied.code, JSON.stringify(applied)).toBe(0);
    const watch = watchRecords(t.world.db, u.userId);
    t.world.clock.set(start + 3 * HOUR);
    await runOfflinePass(t.world.db, start + 3 * HOUR);
    expect(watch.seen).toEqual([{ area: 'bulk', id: applied.data.id, status: 'won' }]);
    watch.off();
  });

  it('a support reply names the chat; the user’s own message does not', async () => {
    const u = await investor(t.world.db, '0');
    const watch = watchRecords(t.world.db, u.userId);
    const demo = watchRecords(t.world.db, u.userId, 'demo');
    expect((await t.call.post('/user/service/send', u.token, { text: 'Merhaba' })).code).toBe(0);
    const reply = await operator(t.world, 'chat-reply', { userId: String(u.userId), text: 'Buyurun' });
    expect(reply.code).toBe(0);
    const replyId = String((reply.data as { id?: unknown }).id);
    // Support talks to the person: both of their accounts' screens hear it.
    for (const x of [watch, demo]) {
      expect(x.seen).toEqual([{ area: 'chat', id: replyId, status: 'replied' }]);
      x.off();
    }
  });
});

describe.each(dbTargets())('record events of coin sales on %s', (target) => {
  const t = sharedIcoWorld(target);

  it('allocation and refund name the commitment with the status its list then shows', async () => {
    const start = MONDAY_NOON + HOUR;
    const id = await newIco(t.world, icoDraft(start));
    const u = await investor(t.world.db, '0', PIN, '1000');
    t.world.clock.set(start);
    await runIcoPass(t.world.db, start);
    const committed = await t.call.post<{ id: string }>('/coin/order/new/apply', u.token, {
      id,
      amount: '300',
      tradePassword: PIN,
    });
    expect(committed.code, JSON.stringify(committed)).toBe(0);
    const watch = watchRecords(t.world.db, u.userId);
    const listed = async () =>
      (await t.call.post<{ list: { id: string; status: string }[] }>('/coin/order/new/list', u.token, {}))
        .data.list[0]?.status;
    for (const at of [start + 3 * HOUR, start + 4 * HOUR]) {
      t.world.clock.set(at);
      await runIcoPass(t.world.db, at);
      expect(watch.seen.at(-1)).toEqual({ area: 'ico', id: committed.data.id, status: await listed() });
    }
    expect(watch.seen).toHaveLength(2);
    watch.off();
  });
});
