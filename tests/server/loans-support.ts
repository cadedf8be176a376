import { count, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { loanRepayments, loans } from '../../server/db/schema/loans';
import { ledgerAccounts } from '../../server/db/schema/ledger';
import { users } from '../../server/db/schema/users';
import { userBalances } from '../../server/ledger/balances';
import {} from '../support/server';
import { balance } from './spot-support';
import { investor, PIN, type Investor, type IpoWorld, operatorCall } from './ipo-support';
import { balancesAndLedger } from './untouched-support';

export const DAY = 86_400_000;

/** An operator command over the operator API (the CLI's transport), in English. */
export async function operator(world: IpoWorld, path: string, fields: Record<string, string>) {
  return operatorCall<Record<string, unknown>>(world, path, fields, 'en-US');
}

/** A system account's balance (`loans`, `loan_interest`), as a canonical-ish string. */
export async function systemBalance(db: Db, role: string): Promise<string> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, `system:${role}:TRY`));
  return Number(row?.balance ?? 0).toFixed(2);
}

export async function stockTry(db: Db, userId: bigint) {
  const b = balance(await userBalances(db, userId, 'real'), 'stock', 'TRY');
  return { available: Number(b.available).toFixed(2), frozen: Number(b.frozen).toFixed(2) };
}

/** What a refusal must leave alone: balances, the user's loans and repayments, the ledger. */
export async function untouched(db: Db, userId: bigint) {
  const [l] = await db.select({ n: count() }).from(loans).where(eq(loans.userId, userId));
  const [r] = await db.select({ n: count() }).from(loanRepayments).where(eq(loanRepayments.userId, userId));
  const rows = await db.select().from(loans).where(eq(loans.userId, userId));
  return {
    ...(await balancesAndLedger(db, userId)),
    loans: l?.n ?? 0,
    repayments: r?.n ?? 0,
    rows: rows.map((x) => ({ status: x.status, owed: x.principalOutstanding, accrued: x.interestAccrued })),
  };
}

/**
 * A verified investor (KYC approved) with `tryAmount` TRY and a trade password (unless `pin` is
 * null): a loan is lent to a verified investor only.
 */
export async function borrower(db: Db, tryAmount: string, pin: string | null = PIN): Promise<Investor> {
  const u = await investor(db, tryAmount, pin);
  await db.update(users).set({ idStatus: 'succ' }).where(eq(users.id, u.userId));
  return u;
}
