import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { kycSubmissions } from '../db/schema/kyc';
import { users } from '../db/schema/users';
import { ApiError } from '../http/errors';

export const KYC_REVIEW_STATUSES = ['pending', 'succ', 'fail'] as const;
export type KycReviewStatus = (typeof KYC_REVIEW_STATUSES)[number];

/** A submission as the operator reviews it: the full numbers, which only staff ever see. */
export type KycSubmissionRecord = {
  id: string;
  userId: string;
  account: string;
  status: KycReviewStatus;
  certType: string;
  fullName: string;
  certNumber: string;
  taxId: string;
  frontImageId: string;
  backImageId: string;
  reason: string | null;
  submittedAt: number;
  reviewedAt: number | null;
};

/** Submissions for the operator CLI, newest first, optionally of one status. */
export async function listKycSubmissions(
  db: Db,
  filter: { status?: KycReviewStatus } = {},
): Promise<KycSubmissionRecord[]> {
  const rows = await db
    .select({ submission: kycSubmissions, account: users.account })
    .from(kycSubmissions)
    .innerJoin(users, eq(users.id, kycSubmissions.userId))
    .where(filter.status ? eq(kycSubmissions.status, filter.status) : undefined)
    .orderBy(desc(kycSubmissions.submittedAt), desc(kycSubmissions.id));
  return rows.map(({ submission: s, account }) => ({
    id: String(s.id),
    userId: String(s.userId),
    account,
    status: s.status as KycReviewStatus,
    certType: s.certType,
    fullName: s.fullName,
    certNumber: s.certNumber,
    taxId: s.taxId,
    frontImageId: s.frontImageId,
    backImageId: s.backImageId,
    reason: s.reason,
    submittedAt: s.submittedAt.getTime(),
    reviewedAt: s.reviewedAt ? s.reviewedAt.getTime() : null,
  }));
}

function submissionId(value: string | bigint): bigint {
  if (typeof value === 'bigint') return value;
  if (!/^[1-9]\d{0,18}$/.test(value)) throw new ApiError('NOT_FOUND');
  return BigInt(value);
}

/**
 * Closes a pending submission with its verdict and gives the user the same state, in one
 * transaction. Only a pending submission can be reviewed (NOT_FOUND otherwise): a decision is
 * never rewritten, and a superseded one cannot be revived.
 */
async function review(
  db: Db,
  id: string | bigint,
  verdict: 'succ' | 'fail',
  reason: string | null,
): Promise<void> {
  const key = submissionId(id);
  await db.transaction(async (tx) => {
    const [closed] = await tx
      .update(kycSubmissions)
      .set({ status: verdict, reason, reviewedAt: new Date() })
      .where(and(eq(kycSubmissions.id, key), eq(kycSubmissions.status, 'pending')))
      .returning({ userId: kycSubmissions.userId });
    if (!closed) throw new ApiError('NOT_FOUND');
    await tx
      .update(users)
      .set({ idStatus: verdict, updatedAt: new Date() })
      .where(eq(users.id, closed.userId));
  });
}

/** The operator verifies a pending submission: the user becomes succ. */
export async function approveKyc(db: Db, submissionId: string | bigint): Promise<void> {
  await review(db, submissionId, 'succ', null);
}

/** The operator refuses a pending submission; the reason is shown to the user, who may resubmit. */
export async function rejectKyc(db: Db, submissionId: string | bigint, reason: string): Promise<void> {
  const text = reason.trim();
  if (text.length === 0 || text.length > 500) throw new ApiError('FIELD_INVALID', { field: 'reason' });
  await review(db, submissionId, 'fail', text);
}

/** Whether the user's identity is verified (KYC approved). */
export async function isVerified(db: Db, userId: bigint): Promise<boolean> {
  const [user] = await db.select({ idStatus: users.idStatus }).from(users).where(eq(users.id, userId));
  return user?.idStatus === 'succ';
}

/** Throws KYC_REQUIRED unless the user is verified; for the actions SPEC §5 puts behind KYC. */
export async function requireKyc(db: Db, userId: bigint): Promise<void> {
  if (!(await isVerified(db, userId))) throw new ApiError('KYC_REQUIRED');
}
