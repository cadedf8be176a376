import { serviceChatEndpoints } from '../../domain/protocol/endpoints/service-chat';
import { apiBase, apiHeaders } from './request';

/** GET /user/service/image (it needs the accesstoken header, so an <img src> cannot load it). */
export async function fetchServiceImage(id: string, signal?: AbortSignal): Promise<Blob> {
  const url = `${apiBase()}${serviceChatEndpoints.image.path}?${new URLSearchParams({ id }).toString()}`;
  const response = await fetch(url, { headers: apiHeaders(false), signal: signal ?? null });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.startsWith('image/'))
    throw new Error(`chat image ${id}: HTTP ${response.status}`);
  return response.blob();
}
