import { assetsAnswerSchema, type AssetsAnswer } from '../../domain/protocol/account';
import { saveLastAssets } from '../pwa/last-assets';
import { post, type RequestOptions } from './request';

/**
 * POST /user/assets: every wallet balance of the account the token belongs to (real or demo).
 * The answer is also kept, with its time, for the offline view of the assets screen.
 */
export async function getAssets(options?: RequestOptions): Promise<AssetsAnswer> {
  const answer = await post('/user/assets', undefined, assetsAnswerSchema, options);
  saveLastAssets(answer);
  return answer;
}
