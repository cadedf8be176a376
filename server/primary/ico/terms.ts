import Decimal from 'decimal.js';
import type { IcoTerms } from '../../../domain/ipo/ico';
import type { CommitmentStatus } from '../../../domain/protocol/ico';
import type { icoCommitments, icoOfferings } from '../../db/schema/ico';
import { allocationDueAt } from '../ipo/terms';

/** The rows, and what domain/ipo/ico needs from them. The dates are read by ../ipo/terms. */
export type IcoRow = typeof icoOfferings.$inferSelect;
export type CommitmentRow = typeof icoCommitments.$inferSelect;

export const canonicalDecimal = (value: string): string => new Decimal(value).toFixed();

export function icoTermsOf(row: IcoRow): IcoTerms {
  return {
    tokenPrice: canonicalDecimal(row.tokenPrice),
    tokensOffered: canonicalDecimal(row.tokensOffered),
    tokenScale: row.tokenScale,
  };
}

/** The pair the token trades as once listed. */
export const pairOf = (row: Pick<IcoRow, 'token'>): string => `${row.token}USDT`;

/** From the facts on the row: allocated, refunded, credited. */
export function commitmentStatusOf(row: CommitmentRow): CommitmentStatus {
  if (row.allocatedAt === null || row.tokens === null) return 'committed';
  const noTokens = new Decimal(row.tokens).isZero();
  if (noTokens) return row.refundedAt === null ? 'allocated' : 'refunded';
  return row.creditedAt === null ? 'allocated' : 'completed';
}

/**
 * When the excess goes back: the refund date, except that a sale refunding at allocation
 * (Launchpad's way) closed early by staff refunds when it allocates, not days later.
 */
export function refundDueAt(row: IcoRow): number {
  return row.refundAt <= row.allocationAt ? allocationDueAt(row) : row.refundAt;
}
