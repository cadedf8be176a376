import Decimal from 'decimal.js';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { dailyInterest, daysElapsed, type RateKind } from '../../domain/loans/money';
import type { Db } from '../db/client';
import { loans } from '../db/schema/loans';
import { tellOverdue } from './notify';
import { postInterest } from './postings';
import type { LoanRow } from './wire';

/** How often the loan clock looks (an owned job, server/jobs.ts). */
export const LOAN_PASS_MS = 60_000;
const BATCH = 500;

/**
 * Brings one locked, active loan's interest up to `now`: each whole day since disbursement
 * accrues a day's interest on the principal outstanding (domain/loans/money.ts), posted as one
 * transaction for the days caught up. A loan whose repayment is under review does not accrue:
 * approval clears what was owed when the user asked; a rejection lets the next pass catch up.
 */
export async function accrueLocked(tx: Db, row: LoanRow, now: number): Promise<LoanRow> {
  if (row.status !== 'active' || row.disbursedAt === null) return row;
  const days = daysElapsed(row.disbursedAt, now);
  if (days <= row.accruedDays) return row;
  const perDay = dailyInterest(row.principalOutstanding, {
    rateKind: row.rateKind as RateKind,
    rate: row.rate,
  });
  const amount = perDay.times(days - row.accruedDays);
  if (amount.gt(0)) await postInterest(tx, row.id, amount, row.accruedDays, days);
  const [done] = await tx
    .update(loans)
    .set({ accruedDays: days, interestAccrued: new Decimal(row.interestAccrued).plus(amount).toFixed() })
    .where(eq(loans.id, row.id))
    .returning();
  return done ?? row;
}

/** Locks the loan row (inside the caller's transaction). */
export async function lockLoan(tx: Db, id: bigint): Promise<LoanRow | null> {
  const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
  return row ?? null;
}

/**
 * One round of the loan clock: accrues interest on every loan out, and marks (once) and tells
 * the user of each that has passed its due date with money still owed. Answers how many loans
 * changed.
 */
export async function runLoanPass(db: Db, now: number): Promise<number> {
  let changed = 0;
  // Every loan out, a batch at a time by id: loans stay out after a pass, so reading only the
  // first batch again and again left every later loan without interest or an overdue mark.
  for (let after = 0n; ;) {
    const out = await db
      .select({ id: loans.id })
      .from(loans)
      .where(and(inArray(loans.status, ['active', 'repaying']), gt(loans.id, after)))
      .orderBy(asc(loans.id))
      .limit(BATCH);
    for (const { id } of out) {
      const result = await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const row = await lockLoan(tx, id);
        if (!row) return null;
        const accrued = await accrueLocked(tx, row, now);
        const dueNow = accrued.dueAt !== null && accrued.overdueAt === null && now >= accrued.dueAt;
        if (!dueNow) return accrued === row ? null : { row: accrued, overdue: false };
        const [marked] = await tx
          .update(loans)
          .set({ overdueAt: now })
          .where(and(eq(loans.id, id)))
          .returning();
        return { row: marked ?? accrued, overdue: true };
      });
      if (!result) continue;
      changed++;
      if (result.overdue) await tellOverdue(db, result.row);
    }
    if (out.length < BATCH) return changed;
    after = out[out.length - 1]!.id;
  }
}
