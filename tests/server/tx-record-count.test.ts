import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import type { TxRecord } from '../../domain/protocol/trading';
import type { Db } from '../../server/db/client';
import { ledgerTransactions } from '../../server/db/schema/ledger';
import { systemAccount, userAccount } from '../../server/ledger/account-ref';
import { fundDemoStart } from '../../server/ledger/demo';
import { freeze, fundFromSandbox, transfer, unfreeze } from '../../server/ledger/moves';
import { postTransaction, type PostingLine } from '../../server/ledger/post';
import { txRecords, type TxRecordQuery } from '../../server/trading/spot/tx-record';
import { bareUser } from '../support/accounts';
import { dbTargets, freshDatabase } from '../support/server';

const DAY = 86_400_000;
type Filters = Omit<TxRecordQuery, 'page' | 'size' | 'before'>;

/**
 * The funds detail's `total` is counted by a query of its own (not the page's rows), so it is
 * checked here against what the statement actually pages through, under each filter: every
 * kind of ledger row a statement shows or leaves out, for one user among others.
 */
describe.each(dbTargets())('funds detail total on %s', (target) => {
  let db: Db;
  let dispose: () => Promise<void>;
  let me: bigint;
  /** The transactions booked "ten days ago" (their time moved back after posting). */
  let older: bigint[];
  const session = () => ({ userId: me, accountType: 'real' as const });

  const meta = (reason: string, referenceId = '1') => ({ reason, referenceType: 'test', referenceId });
  const stock = (currency: string, bucket: 'available' | 'frozen' = 'available') =>
    userAccount(me, 'real', 'stock', currency, bucket);
  const post = async (reason: string, lines: PostingLine[]) =>
    (await postTransaction(db, { ...meta(reason), lines })).id;

  beforeAll(async () => {
    const fresh = await freshDatabase(target);
    db = fresh.database.db;
    dispose = fresh.dispose;
    me = await bareUser(db);
    const wallet = (w: 'stock' | 'coin', currency: string) =>
      ({ userId: me, accountType: 'real', wallet: w, currency }) as const;

    const funded = await fundFromSandbox(db, {
      ...wallet('stock', 'TRY'),
      amount: '1000',
      ...meta('sandbox_funding'),
    });
    await fundFromSandbox(db, { ...wallet('coin', 'USDT'), amount: '500', ...meta('sandbox_funding') });
    // An order's hold, then its fill: cash out of the hold with the rest released in
    // the same transaction, shares in. Two rows (TRY, THYAO), one transaction.
    const hold = await freeze(db, { ...wallet('stock', 'TRY'), amount: '200', ...meta('order_freeze') });
    const fill = await post('fill', [
      { account: stock('TRY', 'frozen'), amount: '-200' },
      { account: systemAccount('market', 'TRY'), amount: '150' },
      { account: systemAccount('fees', 'TRY'), amount: '1' },
      { account: stock('TRY'), amount: '49' },
      { account: stock('THYAO'), amount: '10' },
      { account: systemAccount('market', 'THYAO'), amount: '-10' },
    ]);
    older = [funded.id, hold.id, fill];
    // A cancelled order: its hold and its release.
    await freeze(db, { ...wallet('stock', 'TRY'), amount: '100', ...meta('order_freeze', '2') });
    await unfreeze(db, { ...wallet('stock', 'TRY'), amount: '100', ...meta('order_release', '2') });
    // A hold that is not an order's (a withdrawal's): nothing left the balance, yet it is shown.
    await freeze(db, { ...wallet('coin', 'USDT'), amount: '50', ...meta('withdraw_hold') });
    // One transaction, two wallets: two rows.
    await transfer(db, {
      userId: me,
      accountType: 'real',
      currency: 'USDT',
      fromWallet: 'coin',
      toWallet: 'contract',
      amount: '20',
      ...meta('transfer'),
    });
    // One account twice in a transaction: one row of their sum.
    await post('adjust', [
      { account: stock('TRY'), amount: '5' },
      { account: stock('TRY'), amount: '3' },
      { account: systemAccount('sandbox_funding', 'TRY'), amount: '-8' },
    ]);
    // Lines that cancel within one account: no movement, no row, whatever the reason.
    await post('adjust', [
      { account: stock('TRY'), amount: '5' },
      { account: stock('TRY'), amount: '-5' },
    ]);
    // Holds in two currencies in one transaction: an order's and an IPO's (two rows each).
    const twoHolds = (reason: string) =>
      post(reason, [
        { account: stock('TRY'), amount: '-10' },
        { account: stock('TRY', 'frozen'), amount: '10' },
        { account: stock('THYAO'), amount: '-2' },
        { account: stock('THYAO', 'frozen'), amount: '2' },
      ]);
    await twoHolds('order_freeze');
    await twoHolds('ipo_hold');
    // Money leaving a hold and nothing else of the wallet: a row of the frozen bucket alone.
    await freeze(db, { ...wallet('stock', 'TRY'), amount: '30', ...meta('ipo_hold', '3') });
    await post('ipo_pay', [
      { account: stock('TRY', 'frozen'), amount: '-30' },
      { account: systemAccount('issuer', 'TRY'), amount: '30' },
    ]);
    // Not this statement's: the same user's demo account and another user's money.
    await fundDemoStart(db, me);
    const other = await bareUser(db);
    await fundFromSandbox(db, {
      userId: other,
      accountType: 'real',
      wallet: 'stock',
      currency: 'TRY',
      amount: '70',
      ...meta('sandbox_funding'),
    });
    await db
      .update(ledgerTransactions)
      .set({ createdAt: sql`now() - interval '10 days'` })
      .where(inArray(ledgerTransactions.id, older));
  });
  afterAll(async () => dispose?.());

  /** Every row of the statement under the filters, from cursor to cursor, and the total it gave. */
  async function walk(filters: Filters): Promise<{ rows: TxRecord[]; total: number }> {
    const rows: TxRecord[] = [];
    const first = await txRecords(db, session(), { ...filters, page: 1, size: 3 });
    let page = first;
    for (let pages = 0; pages < 20; pages++) {
      rows.push(...page.list);
      const last = page.list[page.list.length - 1];
      if (page.list.length < 3 || !last) break;
      const before = {
        transactionId: BigInt(last.transactionId),
        wallet: last.wallet,
        currency: last.currency,
      };
      page = await txRecords(db, session(), { ...filters, page: 2, size: 3, before });
      expect(page.total).toBe(first.total); // the cursor does not change the total
    }
    return { rows, total: first.total };
  }

  it('shows each movement once, holds and releases included, and leaves out lines that cancel', async () => {
    const { rows, total } = await walk({});
    const lines = rows.map((r) => `${r.reason} ${r.wallet} ${r.currency} ${r.available}/${r.frozen}`);
    expect(lines.reverse()).toEqual([
      'sandbox_funding stock TRY 1000/0',
      'sandbox_funding coin USDT 500/0',
      'order_freeze stock TRY -200/200',
      'fill stock TRY 49/-200',
      'fill stock THYAO 10/0',
      'order_freeze stock TRY -100/100',
      'order_release stock TRY 100/-100',
      'withdraw_hold coin USDT -50/50',
      'transfer contract USDT 20/0',
      'transfer coin USDT -20/0',
      'adjust stock TRY 8/0',
      'order_freeze stock TRY -10/10',
      'order_freeze stock THYAO -2/2',
      'ipo_hold stock TRY -10/10',
      'ipo_hold stock THYAO -2/2',
      'ipo_hold stock TRY -30/30',
      'ipo_pay stock TRY 0/-30',
    ]);
    expect(total).toBe(17);
  });

  it("gives each row its wallet currency's balance after it: the columns summed from the first row", async () => {
    const { rows } = await walk({});
    const sums = new Map<string, { available: Decimal; frozen: Decimal }>();
    for (const r of rows.reverse()) {
      const key = `${r.wallet} ${r.currency}`;
      const sum = sums.get(key) ?? { available: new Decimal(0), frozen: new Decimal(0) };
      sum.available = sum.available.plus(r.available);
      sum.frozen = sum.frozen.plus(r.frozen);
      sums.set(key, sum);
      expect([key, r.balance.available, r.balance.frozen, r.balance.total]).toEqual([
        key,
        sum.available.toFixed(),
        sum.frozen.toFixed(),
        sum.available.plus(sum.frozen).toFixed(),
      ]);
    }
    // The newest row of stock TRY holds what the wallet holds: 1000 − 200 + 49 (the fill) + 8 − 30
    // (the IPO's payment) = 827, of it 20 (the order's and the IPO's holds of 10) frozen.
    expect(sums.get('stock TRY')?.available.toFixed()).toBe('807');
    expect(sums.get('stock TRY')?.frozen.toFixed()).toBe('20');
    // A filtered page's rows carry the same balances as the whole statement's.
    const ipo = await walk({ reason: 'ipo_hold', wallet: 'stock', currency: 'TRY' });
    expect(ipo.rows.map((r) => r.balance.total)).toEqual(['857', '857']);
  });

  const now = Date.now();
  const cases: [string, Filters][] = [
    ['no filter', {}],
    ['stock', { wallet: 'stock' }],
    ['coin', { wallet: 'coin' }],
    ['contract', { wallet: 'contract' }],
    ['stock TRY', { wallet: 'stock', currency: 'TRY' }],
    ['stock THYAO', { wallet: 'stock', currency: 'THYAO' }],
    ['USDT of every wallet', { currency: 'USDT' }],
    ['a currency never held', { currency: 'BTC' }],
    ['fills', { reason: 'fill' }],
    ["orders' holds", { reason: 'order_freeze' }],
    ["orders' releases", { reason: 'order_release' }],
    ['IPO holds', { reason: 'ipo_hold' }],
    ['withdrawal holds', { reason: 'withdraw_hold' }],
    ['transfers into contract', { reason: 'transfer', wallet: 'contract' }],
    ['stock TRY adjustments', { reason: 'adjust', wallet: 'stock', currency: 'TRY' }],
    ['the last day', { from: now - DAY }],
    ['up to a day ago', { to: now - DAY }],
    ['ten days ago', { from: now - 11 * DAY, to: now - 9 * DAY }],
    [
      'stock THYAO ten days ago',
      { from: now - 11 * DAY, to: now - 9 * DAY, wallet: 'stock', currency: 'THYAO' },
    ],
    ["the last day's stock IPO holds", { from: now - DAY, reason: 'ipo_hold', wallet: 'stock' }],
    ['the future', { from: now + DAY }],
  ];
  it.each(cases)('the total is the number of rows paged through: %s', async (_label, filters) => {
    const { rows, total } = await walk(filters);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(total).toBe(rows.length);
    for (const r of rows) {
      if (filters.wallet) expect(r.wallet).toBe(filters.wallet);
      if (filters.currency) expect(r.currency).toBe(filters.currency);
      if (filters.reason) expect(r.reason).toBe(filters.reason);
    }
  });

  it('pages a statement of many lines that cancel behind newer moves of others like the plain query', async () => {
    // The first page and each cursor's are read among the user's newest transactions, taking
    // more while lines that cancel out (not shown) leave the page short; a time filter reads the
    // plain way. Both must give the same rows, here where 3 rows sit behind 60 hidden ones.
    const quiet = await bareUser(db);
    const wallet = { userId: quiet, accountType: 'real', wallet: 'stock', currency: 'TRY' } as const;
    const cancelled = async (n: number) => {
      for (let i = 0; i < n; i++)
        await postTransaction(db, {
          ...meta('adjust', `q${i}`),
          lines: [
            { account: userAccount(quiet, 'real', 'stock', 'TRY'), amount: '1' },
            { account: userAccount(quiet, 'real', 'stock', 'TRY'), amount: '-1' },
          ],
        });
    };
    await fundFromSandbox(db, { ...wallet, amount: '100', ...meta('sandbox_funding') });
    await cancelled(30);
    await fundFromSandbox(db, { ...wallet, amount: '200', ...meta('sandbox_funding') });
    await fundFromSandbox(db, { ...wallet, amount: '300', ...meta('sandbox_funding') });
    await cancelled(30);
    // Others move after: the user's newest line is older than theirs.
    const other = await bareUser(db);
    for (let i = 0; i < 20; i++)
      await fundFromSandbox(db, {
        ...wallet,
        userId: other,
        amount: '1',
        ...meta('sandbox_funding', `o${i}`),
      });
    const statement = async (filters: Filters) => {
      const rows: TxRecord[] = [];
      let before: TxRecordQuery['before'];
      for (let pages = 0; pages < 10; pages++) {
        const { list } = await txRecords(
          db,
          { userId: quiet, accountType: 'real' },
          { ...filters, page: 1, size: 2, before },
        );
        rows.push(...list);
        const last = list.at(-1);
        if (list.length < 2 || !last) break;
        before = { transactionId: BigInt(last.transactionId), wallet: last.wallet, currency: last.currency };
      }
      return rows.map((r) => `${r.transactionId} ${r.reason} ${r.available}`);
    };
    const newest = await statement({});
    expect(newest.map((line) => line.split(' ').slice(1).join(' '))).toEqual([
      'sandbox_funding 300',
      'sandbox_funding 200',
      'sandbox_funding 100',
    ]);
    expect(await statement({ from: 0 })).toEqual(newest);
  });

  it('a time range counts the rows of the transactions inside it', async () => {
    const tenDaysAgo = await walk({ from: now - 11 * DAY, to: now - 9 * DAY });
    expect(tenDaysAgo.rows.map((r) => `${r.reason} ${r.currency}`)).toEqual([
      'fill THYAO',
      'fill TRY',
      'order_freeze TRY',
      'sandbox_funding TRY',
    ]);
    expect(tenDaysAgo.total).toBe(4);
    expect((await walk({ from: now - DAY })).total).toBe(13);
  });
});
