import { and, asc, eq } from 'drizzle-orm';
import { CREDIT_RULE, creditScore, type CreditHistory } from '../../domain/credit/score';
import type { CreditLog } from '../../domain/protocol/membership';
import type { Db } from '../db/client';
import { kycSubmissions } from '../db/schema/kyc';
import { contractPositions } from '../db/schema/trading';
import { users } from '../db/schema/users';
import { ApiError } from '../http/errors';
import { loansRepaid } from '../loans/record';
import { ownedBy } from '../db/owned';

/** The account history the published rule reads (domain/credit/score.ts). */
export async function creditHistory(db: Db, userId: bigint): Promise<CreditHistory> {
  const [user] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  if (!user) throw new ApiError('SESSION_INVALID');
  const [kyc] = await db
    .select({ reviewedAt: kycSubmissions.reviewedAt })
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.status, 'succ')))
    .orderBy(asc(kycSubmissions.reviewedAt))
    .limit(1);
  // Only the real account's liquidations: practice on the demo account costs no score.
  const liquidated = await db
    .select({ closedAt: contractPositions.closedAt })
    .from(contractPositions)
    .where(
      and(
        ownedBy(contractPositions, { userId, accountType: 'real' }),
        eq(contractPositions.status, 'liquidated'),
      ),
    );
  const loans = await loansRepaid(db, userId);
  return {
    registeredAt: user.createdAt.getTime(),
    kycApprovedAt: kyc?.reviewedAt ? kyc.reviewedAt.getTime() : null,
    loanRepayments: loans,
    liquidations: liquidated.flatMap((r) => (r.closedAt === null ? [] : [r.closedAt])),
  };
}

/** The score now, the rule, and its changes newest first, paged. */
export async function creditLog(
  db: Db,
  userId: bigint,
  paging: { page: number; size: number },
  now: number,
): Promise<CreditLog> {
  const history = await creditHistory(db, userId);
  // The registration instant is wall-clock; a virtual clock behind it still shows the base.
  const { score, changes } = creditScore(history, Math.max(now, history.registeredAt));
  const newest = [...changes].reverse();
  return {
    score,
    rule: CREDIT_RULE,
    list: newest.slice((paging.page - 1) * paging.size, paging.page * paging.size),
    total: newest.length,
    page: paging.page,
    size: paging.size,
  };
}
