import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../server/db/schema/ledger';
import { settings } from '../../server/db/schema/system';
import { openUserLedger } from '../../server/ledger/accounts';
import { resetDemo } from '../../server/ledger/demo';
import { userBalances } from '../../server/ledger/balances';
import { LedgerError } from '../../server/ledger/decimal';
import { freeze, fundFromSandbox, transfer, unfreeze } from '../../server/ledger/moves';
import { verifyLedger } from '../../server/ledger/verify';
import { dbTargets } from '../support/server';
import { bareUser } from '../support/accounts';
import { ref, verifiedLedgerDb } from './ledger-support';

describe.each(dbTargets())('ledger accounts, demo and audit on %s', (target) => {
  let db: Db;
  const { funded } = verifiedLedgerDb(target, (d) => (db = d));

  it('seeds the system accounts', async () => {
    const rows = await db
      .select({ code: ledgerAccounts.code, allowNegative: ledgerAccounts.allowNegative })
      .from(ledgerAccounts)
      .where(like(ledgerAccounts.code, 'system:%'));
    expect(rows.map((r) => r.code).sort()).toEqual(
      [
        'demo_funding',
        'deposits',
        'exchange',
        'fees',
        'issuer',
        'loan_interest',
        'loans',
        'market',
        'options',
        'robot_tax',
        'robots',
        'sandbox_funding',
        'vip',
        'withdrawals',
      ].flatMap((r) => [`system:${r}:TRY`, `system:${r}:USDT`]),
    );
    expect(rows.every((r) => r.allowNegative)).toBe(true);
  });

  it('opens a user ledger with the demo starting balance, once', async () => {
    const id = await bareUser(db);
    await openUserLedger(db, id);
    await openUserLedger(db, id);
    const codes = await db
      .select({ code: ledgerAccounts.code })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, id));
    expect(codes).toHaveLength(12);
    expect(codes.map((c) => c.code)).toContain(`user:${id}:demo:contract:USDT:frozen`);
    expect(await userBalances(db, id, 'demo')).toEqual([
      { wallet: 'stock', currency: 'TRY', available: '1000000', frozen: '0', locked: '0', total: '1000000' },
      { wallet: 'coin', currency: 'USDT', available: '10000', frozen: '0', locked: '0', total: '10000' },
      { wallet: 'contract', currency: 'USDT', available: '0', frozen: '0', locked: '0', total: '0' },
    ]);
    expect((await userBalances(db, id, 'real')).map((b) => b.total)).toEqual(['0', '0', '0']);
    const txs = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.referenceId, String(id)));
    expect(txs.map((t) => t.reason)).toEqual(['demo_funding']);
  });

  it('takes the demo starting balance from the setting', async () => {
    const custom = [{ wallet: 'coin', currency: 'BTC', amount: '0.5' }];
    await db.update(settings).set({ value: custom }).where(eq(settings.key, 'demoStartingBalances'));
    await db.insert(settings).values({ key: 'demoStartingBalances', value: custom }).onConflictDoNothing();
    try {
      const id = await bareUser(db);
      await openUserLedger(db, id);
      expect(await userBalances(db, id, 'demo')).toEqual([
        { wallet: 'stock', currency: 'TRY', available: '0', frozen: '0', locked: '0', total: '0' },
        { wallet: 'coin', currency: 'USDT', available: '0', frozen: '0', locked: '0', total: '0' },
        { wallet: 'coin', currency: 'BTC', available: '0.5', frozen: '0', locked: '0', total: '0.5' },
        { wallet: 'contract', currency: 'USDT', available: '0', frozen: '0', locked: '0', total: '0' },
      ]);
    } finally {
      await db.delete(settings).where(eq(settings.key, 'demoStartingBalances'));
    }
  });

  it('resets a demo account while postings race it, leaving clean books', async () => {
    const id = await bareUser(db);
    await openUserLedger(db, id);
    const demo = { userId: id, accountType: 'demo' as const, currency: 'TRY', ...ref };
    const work = [
      freeze(db, { ...demo, wallet: 'stock', amount: '100' }),
      resetDemo(db, id),
      transfer(db, { ...demo, fromWallet: 'stock', toWallet: 'coin', amount: '50' }),
      resetDemo(db, id),
      freeze(db, { ...demo, wallet: 'stock', amount: '999999' }),
    ];
    const results = await Promise.allSettled(work);
    for (const r of results.filter((x) => x.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
    expect(await verifyLedger(db)).toEqual([]);
    await resetDemo(db, id);
    expect((await userBalances(db, id, 'demo')).map((b) => b.total)).toEqual(['1000000', '10000', '0']);
  });

  it('rejects helper misuse: zero or negative amounts, same-wallet transfer, demo sandbox funding', async () => {
    const id = await funded('5');
    const base = {
      userId: id,
      accountType: 'real' as const,
      wallet: 'stock' as const,
      currency: 'TRY',
      ...ref,
    };
    await expect(freeze(db, { ...base, amount: '0' })).rejects.toThrow(LedgerError);
    await expect(unfreeze(db, { ...base, amount: '-1' })).rejects.toThrow(LedgerError);
    await expect(
      transfer(db, { ...base, fromWallet: 'coin', toWallet: 'coin', amount: '1' }),
    ).rejects.toThrow(LedgerError);
    await expect(
      fundFromSandbox(db, { ...base, accountType: 'demo' as unknown as 'real', amount: '1' }),
    ).rejects.toThrow(LedgerError);
  });

  it('finds tampering: a balance set behind its entries, an unbalanced transaction', async () => {
    const id = await funded('8');
    const code = `user:${id}:real:stock:TRY:available`;
    await db.update(ledgerAccounts).set({ balance: '12' }).where(eq(ledgerAccounts.code, code));
    const [account] = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, code));
    const [tx] = await db
      .insert(ledgerTransactions)
      .values({ reason: 'tamper', referenceType: 'test', referenceId: 'x' })
      .returning({ id: ledgerTransactions.id });
    if (!account || !tx) throw new Error('setup');
    await db
      .insert(ledgerEntries)
      .values({ transactionId: tx.id, accountId: account.id, amount: '1', currency: 'TRY' });
    const problems = await verifyLedger(db);
    expect(problems).toContainEqual({ kind: 'unbalanced', transactionId: tx.id, currency: 'TRY', sum: '1' });
    expect(problems).toContainEqual({ kind: 'too_few_entries', transactionId: tx.id, entries: 1 });
    expect(problems).toContainEqual({
      kind: 'balance_mismatch',
      accountId: account.id,
      code,
      stored: '12',
      entries: '9',
    });
    // Put the books back so the clean-ledger check after all tests holds.
    await db.delete(ledgerEntries).where(eq(ledgerEntries.transactionId, tx.id));
    await db.delete(ledgerTransactions).where(eq(ledgerTransactions.id, tx.id));
    await db.update(ledgerAccounts).set({ balance: '8' }).where(eq(ledgerAccounts.code, code));
    expect(await verifyLedger(db)).toEqual([]);
  });
});
