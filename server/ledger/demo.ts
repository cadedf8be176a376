import type { Wallet } from '../../domain/protocol/account';
import type { Db } from '../db/client';
import { ledgerAccounts } from '../db/schema/ledger';
import { readSetting } from '../settings';
import { accountCode, standardAccounts, systemAccount, userAccount, type AccountRef } from './account-ref';
import { ensureAccounts, lockAccounts } from './account-rows';
import { LedgerDecimal, parsePositive } from './decimal';
import { postTransaction, type PostingLine } from './post';
import { ownedBy } from '../db/owned';

/** The demo starting balance by account code (available buckets), from the operator's setting. */
export async function demoTargets(
  db: Db,
  userId: bigint,
): Promise<Map<string, { ref: AccountRef; amount: LedgerDecimal }>> {
  const targets = new Map<string, { ref: AccountRef; amount: LedgerDecimal }>();
  for (const { wallet, currency, amount } of await readSetting(db, 'demoStartingBalances')) {
    const ref = userAccount(userId, 'demo', wallet as Wallet, currency);
    const code = accountCode(ref);
    const before = targets.get(code)?.amount ?? new LedgerDecimal(0);
    targets.set(code, { ref, amount: before.plus(parsePositive(amount, 'demo starting balance')) });
  }
  return targets;
}

/** Balancing lines against demo funding, one per currency. */
function withDemoFunding(lines: PostingLine[]): PostingLine[] {
  const sums = new Map<string, LedgerDecimal>();
  for (const line of lines) {
    const currency = line.account.currency;
    sums.set(
      currency,
      (sums.get(currency) ?? new LedgerDecimal(0)).plus(
        typeof line.amount === 'string' ? line.amount : line.amount.toFixed(),
      ),
    );
  }
  const funding = [...sums]
    .filter(([, sum]) => !sum.isZero())
    .map(([currency, sum]) => ({
      account: systemAccount('demo_funding', currency),
      amount: sum.neg().toFixed(),
    }));
  return [...lines, ...funding];
}

/** Posts the demo starting balance; the idempotency key makes a second opening a no-op. */
export async function fundDemoStart(db: Db, userId: bigint): Promise<void> {
  const targets = await demoTargets(db, userId);
  const lines = [...targets.values()].map(({ ref, amount }) => ({ account: ref, amount: amount.toFixed() }));
  if (lines.length === 0) return;
  await postTransaction(db, {
    reason: 'demo_funding',
    referenceType: 'user',
    referenceId: String(userId),
    memo: 'demo starting balance',
    idempotencyKey: `demo_funding:open:${userId}`,
    lines: withDemoFunding(lines),
  });
}

/**
 * A ledgered reset (DECISIONS §3): posts whatever brings every demo account of the user back to
 * its starting balance (zero for other currencies, frozen included) against demo funding.
 * Answers the transaction id, or null when the account already was at its start.
 *
 * `held`, read under the reset's account locks, names frozen amounts still owned by something
 * that will charge or release them later (a subscription that arrived after the caller gave back
 * what it could): those buckets keep that much rather than go to zero, so the later posting is
 * never short. A hold posted after the locks are let go is posted on the reset balance.
 */
export async function resetDemo(
  db: Db,
  userId: bigint,
  held?: (tx: Db) => Promise<Map<string, LedgerDecimal>>,
): Promise<bigint | null> {
  return db.transaction(async (tx) => {
    const targets = await demoTargets(tx, userId);
    await ensureAccounts(tx, [
      ...standardAccounts(userId).filter((r) => r.accountType === 'demo'),
      ...[...targets.values()].map((t) => t.ref),
    ]);
    const demoAccounts = await tx
      .select({ id: ledgerAccounts.id, currency: ledgerAccounts.currency })
      .from(ledgerAccounts)
      .where(ownedBy(ledgerAccounts, { userId, accountType: 'demo' }));
    // The funding side too, so every lock is taken in the one global order (see post.ts).
    const funding = await ensureAccounts(
      tx,
      [...new Set(demoAccounts.map((a) => a.currency))].map((c) => systemAccount('demo_funding', c)),
    );
    // Locked before reading, so an order posting meanwhile cannot make the reset miss its money.
    const locked = await lockAccounts(tx, [...demoAccounts.map((a) => a.id), ...funding.values()]);
    const kept = held ? await held(tx) : new Map<string, LedgerDecimal>();
    const lines: PostingLine[] = [];
    for (const account of locked.values()) {
      if (account.wallet === 'system') continue;
      const target = targets.get(account.code)?.amount ?? kept.get(account.code) ?? new LedgerDecimal(0);
      const delta = target.minus(account.balance);
      if (delta.isZero()) continue;
      const ref = userAccount(
        userId,
        'demo',
        account.wallet as Wallet,
        account.currency,
        account.bucket === 'frozen' ? 'frozen' : 'available',
      );
      lines.push({ account: ref, amount: delta.toFixed() });
    }
    if (lines.length === 0) return null;
    const posted = await postTransaction(tx, {
      reason: 'demo_reset',
      referenceType: 'user',
      referenceId: String(userId),
      memo: 'demo account reset to its starting balance',
      lines: withDemoFunding(lines),
    });
    return posted.id;
  });
}
