import type { AssetsAnswer } from '../../domain/protocol/account';
import { assetsFirstCalls } from '../../domain/protocol/assets-first-endpoints';
import { saveLastAssets } from '../pwa/last-assets';
import type { RequestOptions } from '../api/request';
import { call } from '../api/call';

/**
 * Every wallet balance of the account the token belongs to (real or demo).
 * The answer is also kept, with its time, for the offline view of the assets screen. Checked by
 * hand, not by its zod schema: the wallet screen paints with it before zod has loaded.
 */
export async function getAssets(options?: RequestOptions): Promise<AssetsAnswer> {
  const answer = await call(assetsFirstCalls.assets, {}, options);
  saveLastAssets(answer);
  return answer;
}
