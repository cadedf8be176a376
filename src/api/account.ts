import { assetEndpoints } from '../../domain/protocol/endpoints/assets';
import { authEndpoints } from '../../domain/protocol/endpoints/auth';
import { userEndpoints } from '../../domain/protocol/endpoints/user';
import type { LoginAnswer, UserProfile } from '../../domain/protocol/account';
import type { AccountKind } from '../../domain/validation/account';
import { type RequestOptions } from './request';
import { call } from './call';

/**
 * Typed calls of the sign-in, security and account-management screens. Payloads are the
 * already-validated outputs of domain/validation/account.ts (the server checks them again).
 * Sign-out lives in ./user (logout).
 */

/** Forms show their errors inline, so they ask for silence and handle -1001 themselves. */
const FORM: RequestOptions = { silent: true };

export type Identity = { accountKind: AccountKind; account: string; areaCode: string };
export type CodePurpose = 'register' | 'reset' | 'email' | 'tradepwd' | 'withdrawpwd';

/** POST /common/code/send: the code goes to the operator outbox (DECISIONS §3), never to us. */
export function sendCode(
  payload: Identity & { purpose: CodePurpose },
  options: RequestOptions = FORM,
): Promise<{ resendAfterSeconds: number }> {
  return call(authEndpoints.sendCode, payload, options);
}

export type RegisterPayload = Identity & {
  code: string;
  password: string;
  confirmPassword: string;
  agree: '1';
  inviteCode?: string | undefined;
};

/** POST /user/register: signs the new user in, so it answers like login. */
export function register(payload: RegisterPayload, options: RequestOptions = FORM): Promise<LoginAnswer> {
  return call(authEndpoints.register, payload, options);
}

export function login(
  payload: Identity & { password: string },
  options: RequestOptions = FORM,
): Promise<LoginAnswer> {
  return call(authEndpoints.login, payload, options);
}

/** POST /user/password/reset: a forgotten login password, proven with a code. */
export async function resetPassword(
  payload: Identity & { code: string; password: string; confirmPassword: string },
  options: RequestOptions = FORM,
): Promise<void> {
  await call(authEndpoints.resetPassword, payload, options);
}

/** POST /user/info: the full profile of the signed-in user. */
export function getUserInfo(options?: RequestOptions): Promise<UserProfile> {
  return call(userEndpoints.info, {}, options);
}

export type UserUpdate = { nickname?: string; confirmOrdersWithTradePassword?: '0' | '1' };

/** POST /user/update: the profile's own settings (nickname, order confirmation). */
export async function updateUser(payload: UserUpdate, options: RequestOptions = FORM): Promise<void> {
  await call(userEndpoints.update, payload, options);
}

export async function changePassword(
  payload: { oldPassword: string; password: string; confirmPassword: string },
  options: RequestOptions = FORM,
): Promise<void> {
  await call(userEndpoints.updatePassword, payload, options);
}

export async function changeEmail(
  payload: { email: string; code: string },
  options: RequestOptions = FORM,
): Promise<void> {
  await call(userEndpoints.updateEmail, payload, options);
}

export async function setAutoApply(enabled: boolean, options?: RequestOptions): Promise<void> {
  await call(userEndpoints.updateAutoApply, { enabled: enabled ? '1' : '0' }, options);
}

/** Setting the first PIN proves the login password; changing it, the old PIN or a code. */
export type PinPayload = {
  password: string;
  confirmPassword: string;
  loginPassword?: string | undefined;
  oldPassword?: string | undefined;
  code?: string | undefined;
};

export async function setTradePassword(payload: PinPayload, options: RequestOptions = FORM): Promise<void> {
  await call(userEndpoints.updateTradePassword, payload, options);
}

export async function setWithdrawPassword(
  payload: PinPayload,
  options: RequestOptions = FORM,
): Promise<void> {
  await call(userEndpoints.updateWithdrawPassword, payload, options);
}

/** POST /user/demo/reset: a ledgered reset of the demo account to its starting balance. */
export async function resetDemo(options?: RequestOptions): Promise<void> {
  await call(assetEndpoints.demoReset, {}, options);
}
