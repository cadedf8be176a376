import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../server/db/schema/ledger';
import { ApiError } from '../../server/http/errors';
import { systemAccount, userAccount } from '../../server/ledger/account-ref';
import { userBalances } from '../../server/ledger/balances';
import { canonical, LedgerError } from '../../server/ledger/decimal';
import { freeze, transfer, unfreeze } from '../../server/ledger/moves';
import { postTransaction, type PostingLine } from '../../server/ledger/post';
import { dbTargets } from '../support/server';
import { ref, verifiedLedgerDb } from './ledger-support';

async function counts(db: Db) {
  const [tx] = await db.select({ n: count() }).from(ledgerTransactions);
  const [en] = await db.select({ n: count() }).from(ledgerEntries);
  const [ac] = await db.select({ n: count() }).from(ledgerAccounts);
  return { transactions: tx?.n, entries: en?.n, accounts: ac?.n };
}

async function balanceOf(db: Db, code: string): Promise<string | undefined> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, code));
  return row ? canonical(row.balance) : undefined;
}

const tryAvail = (id: bigint) => userAccount(id, 'real', 'stock', 'TRY');

describe.each(dbTargets())('ledger core on %s', (target) => {
  let db: Db;
  const { funded } = verifiedLedgerDb(target, (d) => (db = d));

  it('posts a balanced transaction and keeps balances with the entries', async () => {
    const id = await funded('1000.25');
    const posted = await postTransaction(db, {
      ...ref,
      reason: 'fee',
      memo: 'commission',
      lines: [
        { account: tryAvail(id), amount: '-0.000000000000000001' },
        { account: systemAccount('fees', 'TRY'), amount: '0.000000000000000001' },
      ],
    });
    expect(posted.replayed).toBe(false);
    expect(posted.balances).toContainEqual({
      code: `user:${id}:real:stock:TRY:available`,
      balance: '1000.249999999999999999',
    });
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, posted.id));
    expect(entries.map((e) => e.currency)).toEqual(['TRY', 'TRY']);
    expect(await userBalances(db, id, 'real')).toContainEqual({
      wallet: 'stock',
      currency: 'TRY',
      available: '1000.249999999999999999',
      frozen: '0',
      locked: '0',
      total: '1000.249999999999999999',
    });
  });

  it.each<[string, PostingLine[] | ((id: bigint) => PostingLine[]), RegExp]>([
    [
      'unbalanced',
      (id) => [
        { account: tryAvail(id), amount: '-1' },
        { account: systemAccount('fees', 'TRY'), amount: '2' },
      ],
      /sum to 1/,
    ],
    [
      'a zero amount',
      (id) => [
        { account: tryAvail(id), amount: '0' },
        { account: systemAccount('fees', 'TRY'), amount: '0' },
      ],
      /is zero/,
    ],
    [
      '19 decimals',
      (id) => [
        { account: tryAvail(id), amount: '-0.0000000000000000001' },
        { account: systemAccount('fees', 'TRY'), amount: '0.0000000000000000001' },
      ],
      /more than 18 decimals/,
    ],
    [
      'a non-canonical amount',
      (id) => [
        { account: tryAvail(id), amount: '-1e2' },
        { account: systemAccount('fees', 'TRY'), amount: '100' },
      ],
      /not canonical/,
    ],
    ['a single line', (id) => [{ account: tryAvail(id), amount: '1' }], /at least two lines/],
    [
      'mixed currencies that only balance in total',
      (id) => [
        { account: tryAvail(id), amount: '-5' },
        { account: systemAccount('market', 'USDT'), amount: '5' },
      ],
      /TRY sum to -5/,
    ],
    [
      'an amount beyond NUMERIC(38,18)',
      (id) => [
        { account: tryAvail(id), amount: '-100000000000000000000' },
        { account: systemAccount('fees', 'TRY'), amount: '100000000000000000000' },
      ],
      /too large/,
    ],
  ])('rejects %s before writing anything', async (_name, makeLines, message) => {
    const id = await funded();
    const before = await counts(db);
    const lines = typeof makeLines === 'function' ? makeLines(id) : makeLines;
    await expect(postTransaction(db, { ...ref, lines })).rejects.toThrow(LedgerError);
    await expect(postTransaction(db, { ...ref, lines })).rejects.toThrow(message);
    expect(await counts(db)).toEqual(before);
  });

  it('accepts several currencies when each balances on its own (a fill)', async () => {
    const id = await funded('500');
    await postTransaction(db, {
      reason: 'fill',
      referenceType: 'order',
      referenceId: '42',
      lines: [
        { account: tryAvail(id), amount: '-123.45' },
        { account: systemAccount('market', 'TRY'), amount: '123.45' },
        { account: userAccount(id, 'real', 'stock', 'THYAO'), amount: '10' },
        { account: systemAccount('market', 'THYAO'), amount: '-10' },
      ],
    });
    const balances = await userBalances(db, id, 'real');
    expect(balances.filter((b) => b.wallet === 'stock')).toEqual([
      { wallet: 'stock', currency: 'TRY', available: '376.55', frozen: '0', locked: '0', total: '376.55' },
      { wallet: 'stock', currency: 'THYAO', available: '10', frozen: '0', locked: '0', total: '10' },
    ]);
  });

  it('fails the whole posting when one user account would go negative, creating nothing', async () => {
    const id = await funded('100');
    const before = await counts(db);
    const attempt = postTransaction(db, {
      ...ref,
      lines: [
        { account: tryAvail(id), amount: '-60' },
        { account: userAccount(id, 'real', 'stock', 'TRY', 'frozen'), amount: '60' },
        { account: userAccount(id, 'real', 'coin', 'USDT'), amount: '-0.01' },
        { account: userAccount(id, 'real', 'coin', 'ETH'), amount: '1' },
        { account: systemAccount('market', 'ETH'), amount: '-1' },
        { account: systemAccount('market', 'USDT'), amount: '0.01' },
      ],
    });
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    await expect(
      freeze(db, {
        userId: id,
        accountType: 'real',
        wallet: 'stock',
        currency: 'TRY',
        amount: '100.01',
        ...ref,
      }),
    ).rejects.toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
    expect(await counts(db)).toEqual(before);
    expect(await balanceOf(db, `user:${id}:real:stock:TRY:available`)).toBe('100');
  });

  it('lets an outer transaction go on after a posting fails inside it', async () => {
    const id = await funded('10');
    await db.transaction(async (tx) => {
      await freeze(tx, {
        userId: id,
        accountType: 'real',
        wallet: 'stock',
        currency: 'TRY',
        amount: '4',
        ...ref,
      });
      await expect(
        freeze(tx, {
          userId: id,
          accountType: 'real',
          wallet: 'stock',
          currency: 'TRY',
          amount: '7',
          ...ref,
        }),
      ).rejects.toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
      await unfreeze(tx, {
        userId: id,
        accountType: 'real',
        wallet: 'stock',
        currency: 'TRY',
        amount: '1',
        ...ref,
      });
    });
    const [stock] = await userBalances(db, id, 'real');
    expect(stock).toEqual({
      wallet: 'stock',
      currency: 'TRY',
      available: '7',
      frozen: '3',
      locked: '0',
      total: '10',
    });
  });

  it('refuses a negative user balance in the database itself', async () => {
    const id = await funded('1');
    await expect(
      db
        .update(ledgerAccounts)
        .set({ balance: '-1' })
        .where(eq(ledgerAccounts.code, `user:${id}:real:stock:TRY:available`)),
    ).rejects.toThrow();
  });

  it('posts an idempotent transaction once, even when repeated concurrently', async () => {
    const id = await funded('50');
    const key = `idem-${randomBytes(4).toString('hex')}`;
    const move = {
      userId: id,
      accountType: 'real' as const,
      fromWallet: 'stock' as const,
      toWallet: 'coin' as const,
      currency: 'TRY',
      amount: '20',
      ...ref,
      idempotencyKey: key,
    };
    const first = await transfer(db, move);
    const again = await Promise.all([transfer(db, move), transfer(db, move), transfer(db, move)]);
    expect(again.map((p) => [p.id, p.replayed])).toEqual(Array(3).fill([first.id, true]));
    expect(await balanceOf(db, `user:${id}:real:stock:TRY:available`)).toBe('30');
    expect(await balanceOf(db, `user:${id}:real:coin:TRY:available`)).toBe('20');

    const racedKey = `idem-${randomBytes(4).toString('hex')}`;
    const raced = await Promise.all(
      [1, 2, 3, 4].map(() => transfer(db, { ...move, amount: '5', idempotencyKey: racedKey })),
    );
    expect(new Set(raced.map((p) => p.id)).size).toBe(1);
    expect(raced.filter((p) => !p.replayed)).toHaveLength(1);
    expect(await balanceOf(db, `user:${id}:real:stock:TRY:available`)).toBe('25');
  });

  it('creates the same new accounts from concurrent postings without deadlock or lost updates', async () => {
    const id = await funded('100');
    const fill = (n: number) =>
      postTransaction(db, {
        reason: 'fill',
        referenceType: 'order',
        referenceId: `c${n}`,
        lines: [
          { account: tryAvail(id), amount: '-10' },
          { account: systemAccount('market', 'TRY'), amount: '10' },
          { account: userAccount(id, 'real', 'stock', `NEW${id}`), amount: '1' },
          { account: systemAccount('market', `NEW${id}`), amount: '-1' },
        ],
      });
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, n) => fill(n)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const r of results.filter((x) => x.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
    expect(await balanceOf(db, `user:${id}:real:stock:TRY:available`)).toBe('0');
    expect(await balanceOf(db, `user:${id}:real:stock:NEW${id}:available`)).toBe('10');
    expect(await balanceOf(db, `system:market:NEW${id}`)).toBe('-10');
  });
});
