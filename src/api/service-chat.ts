import type { Page } from '../../domain/protocol/envelope';
import {
  serviceMessagePageSchema,
  serviceMessageSchema,
  type ServiceMessage,
} from '../../domain/protocol/service-chat';
import { apiBase, apiHeaders, post, send, type RequestOptions } from './request';

/** The built-in support chat: the conversation, sending, and one's own attachments. */

export function listServiceMessages(
  query: { page?: number; size?: number } = {},
  options?: RequestOptions,
): Promise<Page<ServiceMessage>> {
  return post('/user/service/messages', { page: 1, size: 50, ...query }, serviceMessagePageSchema, options);
}

/** Text as a form; with an image, multipart/form-data (the KYC upload rules). */
export function sendServiceMessage(text: string, image: Blob | null, options?: RequestOptions) {
  if (!image) return post('/user/service/send', { text }, serviceMessageSchema, options);
  const form = new FormData();
  form.append('text', text);
  const ext = image.type === 'image/png' ? 'png' : image.type === 'image/webp' ? 'webp' : 'jpg';
  form.append('image', image, `image.${ext}`);
  // No Content-Type: the browser writes multipart/form-data with its boundary.
  return send(
    '/user/service/send',
    '',
    { method: 'POST', headers: apiHeaders(false), body: form },
    serviceMessageSchema,
    options,
  );
}

/** GET /user/service/image (it needs the accesstoken header, so an <img src> cannot load it). */
export async function fetchServiceImage(id: string, signal?: AbortSignal): Promise<Blob> {
  const url = `${apiBase()}/user/service/image?${new URLSearchParams({ id }).toString()}`;
  const response = await fetch(url, { headers: apiHeaders(false), signal: signal ?? null });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.startsWith('image/'))
    throw new Error(`chat image ${id}: HTTP ${response.status}`);
  return response.blob();
}
