import { z } from 'zod';
import { kycStateSchema, type KycState } from '../../domain/protocol/account';
import type { CertType } from '../../domain/validation/account';
import { i18n } from '../i18n';
import { ApiError, apiBase, apiHeaders, get, send, type RequestOptions } from './request';

export type KycFields = { certType: CertType; fullName: string; certNumber: string; taxId: string };
export type KycImages = { front: Blob; back: Blob };

/** GET /user/auth: where the user's verification stands, with masked numbers. */
export function getKycState(options?: RequestOptions): Promise<KycState> {
  return get('/user/auth', undefined, kycStateSchema, options);
}

/** request() only form-encodes; this sends FormData through the same answer handling. */
function postMultipart<S extends z.ZodType>(
  path: string,
  form: FormData,
  schema: S,
  options?: RequestOptions,
) {
  // No Content-Type: the browser writes multipart/form-data with its boundary.
  return send(path, '', { method: 'POST', headers: apiHeaders(false), body: form }, schema, options);
}

function fileName(blob: Blob, side: string): string {
  const ext = blob.type === 'image/png' ? 'png' : blob.type === 'image/webp' ? 'webp' : 'jpg';
  return `${side}.${ext}`;
}

/** POST /user/auth/submit: the text fields and both images, as multipart/form-data. */
export async function submitKyc(
  fields: KycFields,
  images: KycImages,
  options?: RequestOptions,
): Promise<void> {
  const form = new FormData();
  form.append('certType', fields.certType);
  form.append('fullName', fields.fullName);
  form.append('certNumber', fields.certNumber);
  form.append('taxId', fields.taxId);
  form.append('front', images.front, fileName(images.front, 'front'));
  form.append('back', images.back, fileName(images.back, 'back'));
  await postMultipart('/user/auth/submit', form, z.unknown(), options);
}

/** The address of one submitted image; it needs the accesstoken header, so use fetchKycImage. */
export function kycImageUrl(id: string): string {
  return `${apiBase()}/user/auth/image?${new URLSearchParams({ id }).toString()}`;
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
