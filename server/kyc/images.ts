import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { kycImages } from '../db/schema/kyc';
import { ApiError } from '../http/errors';
import type { KycImageType } from './sniff';
import { IMAGE_ID } from '../../domain/protocol/account';

export { IMAGE_ID } from '../../domain/protocol/account';

export type KycImage = {
  id: string;
  userId: string;
  mime: KycImageType;
  size: number;
  sha256: string;
  bytes: Buffer;
};

/** The row of a new image; the caller inserts it inside its own transaction. */
export function newImageRow(
  userId: bigint,
  mime: KycImageType,
  bytes: Buffer,
): typeof kycImages.$inferInsert {
  return {
    id: randomBytes(16).toString('hex'),
    userId,
    mime,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    data: bytes,
  };
}

async function imageWhere(db: Db, id: string, owner: bigint | null): Promise<KycImage | null> {
  if (!IMAGE_ID.test(id)) return null;
  const rows = await db
    .select()
    .from(kycImages)
    .where(owner === null ? eq(kycImages.id, id) : and(eq(kycImages.id, id), eq(kycImages.userId, owner)));
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    userId: String(row.userId),
    mime: row.mime as KycImageType,
    size: row.size,
    sha256: row.sha256,
    bytes: row.data,
  };
}

/**
 * One of the user's own images. Someone else's id and an unknown id give the same NOT_FOUND,
 * so nobody learns which ids exist.
 */
export async function readOwnKycImage(db: Db, userId: bigint, imageId: string): Promise<KycImage> {
  const image = await imageWhere(db, imageId, userId);
  if (!image) throw new ApiError('NOT_FOUND');
  return image;
}

/** Any user's image, for the operator reviewing a submission (no owner check); null when unknown. */
export function readKycImage(db: Db, imageId: string): Promise<KycImage | null> {
  return imageWhere(db, imageId, null);
}
