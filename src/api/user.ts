import { handChecked } from '../../domain/protocol/answer-check';
import type { LoginInfo } from '../../domain/protocol/user';
import { parseLoginInfoAnswer } from '../../domain/protocol/user-parse';
import { get, post, type RequestOptions } from './request';

// Checked by hand, as loginInfoSchema says (user-parse.test.ts): the drawer and the start read
// these, so zod would otherwise be part of every first load.
// SPEC §7: "an empty data object clears the stored token", so {} is a valid, signed-out answer.
const loginInfoAnswer = handChecked(parseLoginInfoAnswer);
const anyAnswer = handChecked((data: unknown) => data);

/** GET /user/login/info: null when the server no longer knows the session. */
export function getLoginInfo(options?: RequestOptions): Promise<LoginInfo | null> {
  return get('/user/login/info', undefined, loginInfoAnswer, options);
}

/** POST /user/logout: ends the session on the server. */
export async function logout(options: RequestOptions = { silent: true }): Promise<void> {
  await post('/user/logout', undefined, anyAnswer, options);
}
