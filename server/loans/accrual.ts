import Decimal from 'decimal.js';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { chargesDue } from '../../domain/loans/accrual';
import { DAY_MS } from '../../domain/time';
import type { Db } from '../db/client';
import { loans } from '../db/schema/loans';
import { announceRecord } from '../record-events';
import { tellOverdue } from './notify';
import { postCharge } from './postings';
import { booksOf, ratesOf, type LoanRow } from './wire';

/** How often the loan clock looks (an owned job, server/jobs.ts). */
export const LOAN_PASS_MS = 60_000;
const BATCH = 500;

/**
 * Brings one locked, active loan's charges up to `now` (domain/loans/accrual.ts): the interest
 * on the principal outstanding and, past the due date, the penalty, each posted under its own
 * reason. A loan whose repayment is under review does not accrue: the request settled the
 * charges up to its moment; a rejection lets the next look catch up.
 */
export async function accrueLocked(tx: Db, row: LoanRow, now: number): Promise<LoanRow> {
  const books = booksOf(row);
  if (row.status !== 'active' || !books || row.segmentFrom === null) return row;
  const due = chargesDue(books.segment, ratesOf(row), books.segmentPosted, now);
  let total = new Decimal(row.interestAccrued);
  for (const kind of ['interest', 'penalty'] as const) {
    if (!due[kind].gt(0)) continue;
    total = total.plus(due[kind]);
    await postCharge(tx, row.id, kind, due[kind], now, total);
  }
  const [done] = await tx
    .update(loans)
    .set({
      accruedAt: now,
      interestAccrued: total.toFixed(),
      penaltyAccrued: new Decimal(row.penaltyAccrued).plus(due.penalty).toFixed(),
      segmentInterest: books.segmentPosted.interest.plus(due.interest).toFixed(),
      segmentPenalty: books.segmentPosted.penalty.plus(due.penalty).toFixed(),
    })
    .where(eq(loans.id, row.id))
    .returning();
  return done ?? row;
}

/**
 * Whether the clock books a loan's charges now: at each whole day of its segment, and as it falls
 * due (so the penalty is on the books from the day it starts). Between these the screens show
 * the charges to the moment (./wire), and a repayment books them to its moment.
 */
export function chargesToBook(row: LoanRow, now: number): boolean {
  if (row.status !== 'active' || row.segmentFrom === null || row.accruedAt === null) return false;
  const day = (t: number) => Math.floor((t - (row.segmentFrom ?? 0)) / DAY_MS);
  if (day(now) > day(row.accruedAt)) return true;
  return row.dueAt !== null && row.accruedAt < row.dueAt && now >= row.dueAt;
}

/** Locks the loan row (inside the caller's transaction). */
export async function lockLoan(tx: Db, id: bigint): Promise<LoanRow | null> {
  const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
  return row ?? null;
}

/**
 * One round of the loan clock: books the charges of every loan out that is due for it, and marks
 * (once) and tells the user of each that has passed its due date with money still owed. Answers
 * how many loans changed.
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
      const result = await db.transaction(async (tx) => {
        const row = await lockLoan(tx, id);
        if (!row) return null;
        const accrued = chargesToBook(row, now) ? await accrueLocked(tx, row, now) : row;
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
      if (result.overdue) {
        // Overdue is not a status of its own: the loan's row changed (its due state, its penalty).
        announceRecord(db, { userId: result.row.userId, accountType: 'real' }, 'loan', id, result.row.status);
        await tellOverdue(db, result.row, now);
      }
    }
    if (out.length < BATCH) return changed;
    after = out[out.length - 1]!.id;
  }
}
