import { kycEndpoints } from '../../domain/protocol/endpoints/kyc';
import type { CertType } from '../../domain/validation/account';
import { i18n } from '../i18n';
import { ApiError, apiBase, apiHeaders, call, type RequestOptions } from './request';

export type KycFields = { certType: CertType; fullName: string; certNumber: string; taxId: string };
export type KycImages = { front: Blob; back: Blob };

function fileName(blob: Blob, side: string): string {
  const ext = blob.type === 'image/png' ? 'png' : blob.type === 'image/webp' ? 'webp' : 'jpg';
  return `${side}.${ext}`;
}

/**
 * POST /user/auth/submit: the text fields and both images, each named by its type (the server
 * sniffs what it really is from the bytes).
 */
export async function submitKyc(
  fields: KycFields,
  images: KycImages,
  options?: RequestOptions,
): Promise<void> {
  const file = (blob: Blob, side: string) => new File([blob], fileName(blob, side), { type: blob.type });
  await call(
    kycEndpoints.submit,
    { ...fields, front: file(images.front, 'front'), back: file(images.back, 'back') },
    options,
  );
}

/** The address of one submitted image; it needs the accesstoken header, so use fetchKycImage. */
export function kycImageUrl(id: string): string {
  return `${apiBase()}${kycEndpoints.image.path}?${new URLSearchParams({ id }).toString()}`;
}

/** GET /user/auth/image: the owner's image as a Blob (an envelope instead means it can't be shown). */
export async function fetchKycImage(id: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(kycImageUrl(id), { headers: apiHeaders(false), signal: signal ?? null });
  } catch (cause) {
    throw new ApiError('network', i18n.t('NETWORK_ERROR', { ns: 'errors' }), { cause });
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.startsWith('image/')) {
    throw new ApiError('protocol', i18n.t('INTERNAL_ERROR', { ns: 'errors' }), {
      cause: new Error(`KYC image ${id}: HTTP ${response.status} ${type}`),
    });
  }
  return response.blob();
}
