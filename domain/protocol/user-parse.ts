import { checkStrings, fieldsOf, isInt } from './answer-check';
import { ID_STATUSES, type IdStatus } from './id-status';
import type { AppConfig, LoginInfo } from './user';

export function isIdStatus(value: unknown): value is IdStatus {
  return (ID_STATUSES as readonly unknown[]).includes(value);
}

/**
 * The user answers every start reads (GET /common/config; GET /user/login/info and its stored
 * copy when signed in), checked by hand so the first screen loads no zod. Same rules
 * as appConfigSchema and loginInfoSchema in ./user.ts; user-parse.test.ts runs both on the same
 * answers. Throw a TypeError on a wrong shape; unknown fields are dropped, as zod does.
 */
export function parseLoginInfo(data: unknown): LoginInfo {
  const { user, openAutoApply } = fieldsOf(data, 'login info');
  const fields = fieldsOf(user, 'login info user');
  checkStrings(fields, ['id', 'account'], 'login info user');
  const { status, id, account, idStatus, verifiedName } = fields;
  if (!isInt(status)) throw new TypeError('login info user.status is not an integer');
  if (!isIdStatus(idStatus)) throw new TypeError('login info user.idStatus is not a KYC state');
  if (verifiedName !== undefined && verifiedName !== null && typeof verifiedName !== 'string')
    throw new TypeError('login info user.verifiedName is not a string or null');
  if (openAutoApply !== 0 && openAutoApply !== 1)
    throw new TypeError('login info openAutoApply is not 0 or 1');
  const named = verifiedName === undefined ? {} : { verifiedName };
  return {
    user: { status, id: id as string, account: account as string, idStatus, ...named },
    openAutoApply,
  };
}

/** The login info's data: the info, or null for `{}` (SPEC §7: the server forgot the session). */
export function parseLoginInfoAnswer(data: unknown): LoginInfo | null {
  if (Object.keys(fieldsOf(data, 'login info')).length === 0) return null;
  return parseLoginInfo(data);
}

export function parseAppConfig(data: unknown): AppConfig {
  const fields = fieldsOf(data, 'config');
  checkStrings(fields, ['serviceSaleSmartly', 'appVersion'], 'config');
  const { sandbox, serviceSaleSmartly, appVersion } = fields;
  if (typeof sandbox !== 'boolean') throw new TypeError('config.sandbox is not a boolean');
  return { sandbox, serviceSaleSmartly: serviceSaleSmartly as string, appVersion: appVersion as string };
}
