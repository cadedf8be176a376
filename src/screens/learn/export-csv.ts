import { journalEndpoints } from '../../../domain/protocol/endpoints/learn';
import { DAY_MS } from '../../../domain/time';
import { ApiError, apiBase, apiHeaders } from '../../api/request';

/** How far back the screen's export reaches. */
export const EXPORT_DAYS = 30;

/**
 * Downloads the CSV of the statement's rows or the journal's trades of the last 30 days: fetched
 * with the session's header (a plain link cannot send it), saved under the broker's file name.
 */
export async function downloadCsv(kind: 'statement' | 'trades', now: number): Promise<void> {
  const query = new URLSearchParams({ kind, from: String(now - EXPORT_DAYS * DAY_MS), to: String(now) });
  const response = await fetch(`${apiBase()}${journalEndpoints.export.path}?${query.toString()}`, {
    headers: apiHeaders(false),
  });
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('application/json')) {
    // A refusal still comes as an envelope: its localized message and key.
    const answer = (await response.json()) as { msg?: string; key?: string };
    throw new ApiError('business', answer.msg ?? '', answer.key ? { key: answer.key } : {});
  }
  if (!response.ok || !type.startsWith('text/csv'))
    throw new ApiError('protocol', '', { cause: new Error(type) });
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${kind}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
