import { FUNDING_ERROR_KEYS } from './error-keys-funding';
import { PRODUCT_ERROR_KEYS } from './error-keys-products';
import { REPLAY_ERROR_KEYS } from './error-keys-replay';
import { TRADING_ERROR_KEYS } from './error-keys-trading';

/**
 * Stable reasons carried in an error envelope's `key`. Each has a message in
 * locales/<lang>/errors.json, which the server localizes and the client can show by key.
 */
export const ERROR_KEYS = [
  'SESSION_INVALID',
  'FIELD_REQUIRED',
  'FIELD_INVALID_TYPE',
  'FIELD_TOO_LONG',
  'FIELD_TOO_SHORT',
  'FIELD_INVALID_CHARS',
  'FIELD_INVALID',
  'NUMBER_FORMAT',
  /** A typed number whose one separator may group thousands or mark decimals ("1.125" in tr-TR). */
  'NUMBER_AMBIGUOUS',
  /** A number with more integer digits than the column it is stored in holds (`digits`). */
  'NUMBER_OUT_OF_RANGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'MALFORMED_REQUEST',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'NOT_FOUND',
  /** A message id the session cannot see (another user's, the other account's, or none). */
  'MESSAGE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  /** A GET that would carry a secret in its URL (GET /user/vip/buy): the same as a POST, in its body. */
  'USE_POST',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  /** Cluster: no node owns trading right now (a takeover under way); nothing was done. */
  'TRADING_UNAVAILABLE',
  /** Cluster: the owner did not answer in time; the call may have been carried out. */
  'TRADING_UNCONFIRMED',
  /** Cluster: this node's market is still loading after a switch-over; nothing was read. Try again. */
  'MARKET_LOADING',
  /** A `requestId` whose first request has not answered (still running, or its outcome unknown). */
  'REQUEST_IN_PROGRESS',
  /** A `requestId` already used for another route or other values; nothing was done. */
  'REQUEST_ID_REUSED',
  'NETWORK_ERROR',
  'PASSWORD_LENGTH',
  /** A login password change to the password already in use: nothing would change. */
  'PASSWORD_SAME',
  'PASSWORDS_MISMATCH',
  'TRADE_PASSWORD_FORMAT',
  'WITHDRAW_PASSWORD_FORMAT',
  'PHONE_FORMAT',
  'EMAIL_FORMAT',
  'CODE_INCORRECT',
  'CODE_EXPIRED',
  'CODE_ATTEMPTS_EXCEEDED',
  'CODE_RATE_LIMITED',
  'AGREEMENT_REQUIRED',
  'PRIVACY_PERMISSION_REQUIRED',
  'ACCOUNT_EXISTS',
  'LOGIN_FAILED',
  'LOGIN_THROTTLED',
  'PASSWORD_INCORRECT',
  'TRADE_PASSWORD_INCORRECT',
  'WITHDRAW_PASSWORD_INCORRECT',
  'TRADE_PASSWORD_NOT_SET',
  'WITHDRAW_PASSWORD_NOT_SET',
  'PIN_LOCKED',
  /** A trade or withdrawal password being set that is one digit repeated or a run (123456). */
  'PIN_TOO_SIMPLE',
  /** The withdrawal password being set is the trade password: it is meant to be a second secret. */
  'WITHDRAW_PASSWORD_SAME_AS_TRADE',
  /** The trade password being set is the withdrawal password. */
  'TRADE_PASSWORD_SAME_AS_WITHDRAW',
  'INVITE_CODE_INVALID',
  'EMAIL_IN_USE',
  /** A change of email to the address the account already has: no code is sent for it. */
  'EMAIL_SAME',
  'KYC_REQUIRED',
  'KYC_PENDING',
  'KYC_ALREADY_VERIFIED',
  'FULL_NAME_FORMAT',
  'CERT_NUMBER_FORMAT',
  'TCKN_INVALID',
  'IMAGE_TYPE',
  'IMAGE_TOO_LARGE',
  'DEMO_NOT_ALLOWED',
  'DEMO_ONLY',
  'INSUFFICIENT_BALANCE',
  'FORBIDDEN',
  'UNKNOWN_SYMBOL',
  'WATCHLIST_FULL',
  /** A user's chart lines are at their limit (server/drawings/store.ts DRAWINGS_MAX). */
  'DRAWING_LIMIT',
  /** A chart line id the user does not own (another's, or one already removed). */
  'DRAWING_NOT_FOUND',
  'AUTH_REQUIRED',
  'AUTH_FAILED',
  'TOO_MANY_SUBSCRIPTIONS',
  ...TRADING_ERROR_KEYS,
  ...FUNDING_ERROR_KEYS,
  ...PRODUCT_ERROR_KEYS,
  ...REPLAY_ERROR_KEYS,
] as const;

export type ErrorKey = (typeof ERROR_KEYS)[number];

export function isErrorKey(value: string): value is ErrorKey {
  return (ERROR_KEYS as readonly string[]).includes(value);
}
