import { z } from 'zod';
import { loginInfoSchema, type LoginInfo } from '../../domain/protocol/user';
import { get, post, type RequestOptions } from './request';

// SPEC §7: "an empty data object clears the stored token", so {} is a valid, signed-out answer.
const loginInfoAnswer = z.union([loginInfoSchema, z.strictObject({}).transform(() => null)]);

/** GET /user/login/info: null when the server no longer knows the session. */
export function getLoginInfo(options?: RequestOptions): Promise<LoginInfo | null> {
  return get('/user/login/info', undefined, loginInfoAnswer, options);
}

/** POST /user/logout: ends the session on the server. */
export async function logout(options: RequestOptions = { silent: true }): Promise<void> {
  await post('/user/logout', undefined, z.unknown(), options);
}
