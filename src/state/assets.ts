import type { AssetsAnswer } from '../../domain/protocol/account';
import { assetEndpoints } from '../../domain/protocol/endpoints/assets';
import { saveLastAssets } from '../pwa/last-assets';
import type { RequestOptions } from '../api/request';
import { call } from '../api/call';

/**
 * Every wallet balance of the account the token belongs to (real or demo).
 * The answer is also kept, with its time, for the offline view of the assets screen.
 */
export async function getAssets(options?: RequestOptions): Promise<AssetsAnswer> {
  const answer = await call(assetEndpoints.assets, {}, options);
  saveLastAssets(answer);
  return answer;
}
