import { kycEndpoints } from '../../domain/protocol/endpoints/kyc';
import { i18n } from '../i18n';
import { ApiError, apiBase, apiHeaders } from './request';

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
