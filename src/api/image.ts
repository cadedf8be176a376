import { i18n } from '../i18n/setup';
import { ApiError, apiBase, apiHeaders } from './request';

/**
 * An image the broker serves only with the accesstoken header (a KYC image, a chat image), which an
 * <img src> cannot send: fetched as a Blob. An answer that is not an image (an envelope instead)
 * means it cannot be shown.
 */
export async function fetchApiImage(path: string, id: string, signal?: AbortSignal): Promise<Blob> {
  const url = `${apiBase()}${path}?${new URLSearchParams({ id }).toString()}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: apiHeaders(false), signal: signal ?? null });
  } catch (cause) {
    throw new ApiError('network', i18n.t('NETWORK_ERROR', { ns: 'errors' }), { cause });
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.startsWith('image/')) {
    throw new ApiError('protocol', i18n.t('INTERNAL_ERROR', { ns: 'errors' }), {
      cause: new Error(`image ${path} ${id}: HTTP ${response.status} ${type}`),
    });
  }
  return response.blob();
}
