import { assetsAnswerSchema, type AssetsAnswer } from '../../domain/protocol/account';
import { post, type RequestOptions } from './request';

/** POST /user/assets: every wallet balance of the account the token belongs to (real or demo). */
export function getAssets(options?: RequestOptions): Promise<AssetsAnswer> {
  return post('/user/assets', undefined, assetsAnswerSchema, options);
}
