import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { loans } from '../../server/db/schema/loans';
import { runLoanPass } from '../../server/loans/accrual';
import { dbTargets } from '../support/server';
import { DAY } from './loans-support';
import { trader } from './spot-support';
import { verifiedLedgerDb } from './ledger-support';

/**
 * The loan clock read the first 500 loans out (by id) on every pass and stopped there: with more
 * out than that, every later loan never accrued interest nor was marked overdue (the
 * first 500 stay out, so the same 500 came back each time). A pass walks them all.
 */
describe.each(dbTargets())('the loan pass with more loans out than one batch on %s', (target) => {
  let db: Db;
  verifiedLedgerDb(target, (d) => (db = d));

  it('accrues and marks overdue the loan after the first 500', async () => {
    const now = Date.UTC(2026, 10, 2, 12);
    const { userId } = await trader(db);
    const loan = (disbursedAt: number, dueAt: number) => ({
      userId: BigInt(userId),
      status: 'active',
      amount: '1000',
      principal: '1000',
      // Nothing outstanding: the pass moves its bookmark and marks it, posting nothing.
      principalOutstanding: '0',
      days: 30,
      rateKind: 'daily',
      rate: '0.0005',
      appliedAt: disbursedAt,
      disbursedAt,
      dueAt,
      segmentFrom: disbursedAt,
      accruedAt: disbursedAt,
    });
    // 500 loans out today, due in a month: nothing for the pass to do.
    await db.insert(loans).values(Array.from({ length: 500 }, () => loan(now, now + 30 * DAY)));
    // Out for three days and due yesterday.
    const [late] = await db
      .insert(loans)
      .values(loan(now - 3 * DAY, now - DAY))
      .returning({ id: loans.id });
    expect(await runLoanPass(db, now)).toBe(1);
    const [row] = await db.select().from(loans).where(eq(loans.id, late!.id));
    expect(row).toMatchObject({ accruedAt: now, overdueAt: now });
  });
});
