import { offlineEndpoints } from '../../../domain/protocol/endpoints/offline';
import type { OfflineApplication } from '../../../domain/protocol/bulk';
import { type RequestOptions } from '../../api/request';
import { call } from '../../api/call';

/**
 * The active account's offline application for IPO `ipoId`, or null: one per IPO, so the order
 * screen shows it instead of a second form. The list is read a page at a time until it is found.
 */
export async function findOfflineApplication(
  ipoId: string,
  options?: RequestOptions,
): Promise<OfflineApplication | null> {
  const size = 100;
  for (let page = 1; ; page += 1) {
    const answer = await call(offlineEndpoints.applications, { page, size }, options);
    const found = answer.list.find((application) => application.ipoId === ipoId);
    if (found) return found;
    if (answer.list.length < size || page * size >= answer.total) return null;
  }
}
