import { desc, eq } from 'drizzle-orm';
import type { KycState } from '../../domain/protocol/account';
import { ID_STATUSES, type IdStatus } from '../../domain/protocol/user';
import { CERT_TYPES, type CertType } from '../../domain/validation/account';
import type { Db } from '../db/client';
import { kycImages, kycSubmissions } from '../db/schema/kyc';
import { users } from '../db/schema/users';
import { ApiError, sessionInvalid } from '../http/errors';
import { newImageRow } from './images';
import { maskTail } from './mask';
import { sniffImage } from './sniff';

export function toIdStatus(value: string): IdStatus {
  return (ID_STATUSES as readonly string[]).includes(value) ? (value as IdStatus) : 'none';
}

function toCertType(value: string): CertType | null {
  return (CERT_TYPES as readonly string[]).includes(value) ? (value as CertType) : null;
}

/** The user's KYC state and latest submission, numbers masked. */
export async function kycState(db: Db, userId: bigint): Promise<KycState> {
  const [user] = await db.select({ idStatus: users.idStatus }).from(users).where(eq(users.id, userId));
  if (!user) throw sessionInvalid();
  const [latest] = await db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.submittedAt), desc(kycSubmissions.id))
    .limit(1);
  const idStatus = toIdStatus(user.idStatus);
  return {
    idStatus,
    certType: latest ? toCertType(latest.certType) : null,
    fullName: latest?.fullName ?? null,
    certNumberMasked: latest ? maskTail(latest.certNumber) : null,
    taxIdMasked: latest ? maskTail(latest.taxId) : null,
    frontImageId: latest?.frontImageId ?? null,
    backImageId: latest?.backImageId ?? null,
    reason: latest?.status === 'fail' ? (latest.reason ?? null) : null,
    submittedAt: latest ? latest.submittedAt.getTime() : null,
    reviewedAt: latest?.reviewedAt ? latest.reviewedAt.getTime() : null,
  };
}

export type KycSubmission = {
  certType: CertType;
  fullName: string;
  certNumber: string;
  taxId: string;
  front: Uint8Array;
  back: Uint8Array;
};

/** Refuses a submission the user's state does not allow: only none and fail may submit. */
function assertMaySubmit(status: IdStatus): void {
  if (status === 'pending') throw new ApiError('KYC_PENDING');
  if (status === 'succ') throw new ApiError('KYC_ALREADY_VERIFIED');
}

/** The sniffed type of an upload, or IMAGE_TYPE naming the field. */
function imageType(field: 'front' | 'back', bytes: Uint8Array) {
  const mime = sniffImage(bytes);
  if (!mime) throw new ApiError('IMAGE_TYPE', { field });
  return mime;
}

/**
 * Stores a submission and moves the user to pending: none → pending, fail → pending. The two
 * images, the submission and the new state are one transaction, and the user row is locked
 * first, so two submissions racing cannot both pass the state check. Anything refused writes
 * nothing.
 */
export async function submitKyc(db: Db, userId: bigint, submission: KycSubmission): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ idStatus: users.idStatus })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw sessionInvalid();
    assertMaySubmit(toIdStatus(user.idStatus));
    // After the state: a user who may not submit is told that, not what was wrong with a file.
    const frontType = imageType('front', submission.front);
    const backType = imageType('back', submission.back);
    const front = newImageRow(userId, frontType, Buffer.from(submission.front));
    const back = newImageRow(userId, backType, Buffer.from(submission.back));
    await tx.insert(kycImages).values([front, back]);
    await tx.insert(kycSubmissions).values({
      userId,
      certType: submission.certType,
      fullName: submission.fullName,
      certNumber: submission.certNumber,
      taxId: submission.taxId,
      frontImageId: front.id,
      backImageId: back.id,
      status: 'pending',
    });
    await tx.update(users).set({ idStatus: 'pending', updatedAt: new Date() }).where(eq(users.id, userId));
  });
}
