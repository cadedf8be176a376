import type { z } from 'zod';
import { isLocale, DEFAULT_LOCALE } from '../../domain/format/locale';
import {
  MAIN_INDICATORS,
  SUB_INDICATORS,
  type MainIndicator,
  type SubIndicator,
} from '../../domain/indicators/types';
import { isIdStatus, parseLoginInfo } from '../../domain/protocol/user-parse';
import { ACCOUNT_TYPES, TRADE_TYPES, type AccountType, type TradeType } from './account-kinds';
import { THEME_SETTINGS, type ThemeSetting } from './theme-kinds';
import type { StoredSchemas, StoredUser } from './stored-schemas';
import { HOME_PATH, isStorablePath } from '../paths/shell-paths';

/**
 * The one owner of every locally persisted key (SPEC §3 "Client-side stored state").
 * Each key lives in localStorage under its own name as JSON. A value that is missing, is not
 * JSON or has the wrong shape reads as the key's default, and a storage that throws (disabled,
 * private mode, quota) behaves as an empty one: stored state may never break the app.
 *
 * Every start reads stored state, so the checks are by hand rather than zod (zod is the
 * largest library the first screen would otherwise download). The contract is the zod schemas in
 * ./stored-schemas.ts, where the types come from; persisted.test.ts runs both on the same values.
 */

export { ACCOUNT_TYPES, TRADE_TYPES, type AccountType, type TradeType } from './account-kinds';

export { HOME_PATH };

export type { StoredUser };
export type StoredKey = keyof StoredSchemas;
export type StoredValue<K extends StoredKey> = z.output<StoredSchemas[K]>;

/** A check: the value as the key's schema outputs it, or a throw when the schema refuses it. */
type Read<T> = (json: unknown) => T;

function refuse(): never {
  throw new TypeError('stored value has the wrong shape');
}
const oneOf =
  <const T extends readonly string[]>(values: T): Read<T[number]> =>
  (json) =>
    (values as readonly unknown[]).includes(json) ? (json as T[number]) : refuse();
const nullable =
  <T>(read: Read<T>): Read<T | null> =>
  (json) =>
    json === null ? null : read(json);
const text =
  (ok: (value: string) => boolean = () => true): Read<string> =>
  (json) =>
    typeof json === 'string' && ok(json) ? json : refuse();
// JSON.parse only ever makes JSON values, which z.json() accepts whatever they are.
const anyJson: Read<StoredValue<'systemNotice'> & {}> = (json) => json as StoredValue<'systemNotice'> & {};
const jsonList: Read<StoredValue<'coinList'>> = (json) =>
  Array.isArray(json) ? (json as StoredValue<'coinList'>) : refuse();

/** The login answer's user as the shell keeps it: the checked fields typed, any others kept. */
const storedUser: Read<StoredUser> = (json) => {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) refuse();
  const { id, account, idStatus, status } = json as Record<string, unknown>;
  if (id !== undefined && typeof id !== 'string' && typeof id !== 'number') refuse();
  if (account !== undefined && typeof account !== 'string') refuse();
  if (idStatus !== undefined && !isIdStatus(idStatus)) refuse();
  if (status !== undefined && typeof status !== 'number') refuse();
  return { ...json } as StoredUser;
};

type Definition<K extends StoredKey> = { read: Read<StoredValue<K>>; initial: () => StoredValue<K> };
type Definitions = { [K in StoredKey]: Definition<K> };

const STORED: Definitions = {
  userInfo: { read: nullable(storedUser), initial: () => null },
  noticeData: { read: jsonList, initial: () => [] },
  newsData: { read: jsonList, initial: () => [] },
  systemNotice: { read: nullable(anyJson), initial: () => null },
  inviteCode: { read: text(), initial: () => '' },
  inviteCodeRes: { read: nullable(anyJson), initial: () => null },
  userToken: { read: text(), initial: () => '' },
  userTokenDemo: { read: text(), initial: () => '' },
  userTokenReal: { read: text(), initial: () => '' },
  userAccountType: { read: oneOf(ACCOUNT_TYPES), initial: (): AccountType => 'real' },
  rechargeRecordData: { read: nullable(anyJson), initial: () => null },
  withdrawRecordData: { read: nullable(anyJson), initial: () => null },
  searchHistoryData: {
    read: (json) => (Array.isArray(json) && json.every((item) => typeof item === 'string') ? json : refuse()),
    initial: () => [],
  },
  mainInd: { read: oneOf(MAIN_INDICATORS), initial: (): MainIndicator => 'SMA' },
  subInd: { read: oneOf(SUB_INDICATORS), initial: (): SubIndicator => 'VOL' },
  lang: { read: (json) => (isLocale(json) ? json : refuse()), initial: () => DEFAULT_LOCALE },
  theme: { read: oneOf(THEME_SETTINGS), initial: (): ThemeSetting => 'system' },
  coinData: { read: nullable(anyJson), initial: () => null },
  coinList: { read: jsonList, initial: () => [] },
  coinCollectList: { read: jsonList, initial: () => [] },
  contractsCoinData: { read: nullable(anyJson), initial: () => null },
  tradeCoinData: { read: nullable(anyJson), initial: () => null },
  coinAccountList: { read: jsonList, initial: () => [] },
  coinRechargeData: { read: nullable(anyJson), initial: () => null },
  stockOfflineData: { read: nullable(anyJson), initial: () => null },
  loginInfo: { read: nullable(parseLoginInfo), initial: () => null },
  systemTradeType: { read: oneOf(TRADE_TYPES), initial: (): TradeType => 'coin' },
  // Only an in-app page: a stored absolute URL or the start page itself would loop or leave the app.
  systemRouter: {
    read: text(isStorablePath),
    initial: () => HOME_PATH,
  },
  stockCountry: { read: text((code) => code.length > 0), initial: () => 'TR' },
  areaCode: { read: text((code) => /^\+?\d{1,4}$/.test(code)), initial: () => '+90' },
  countryList: { read: jsonList, initial: () => [] },
  robotData: { read: nullable(anyJson), initial: () => null },
  robotDetailData: { read: nullable(anyJson), initial: () => null },
  stockData: { read: nullable(anyJson), initial: () => null },
};

export const STORED_KEYS = Object.keys(STORED) as StoredKey[];

export function storedDefault<K extends StoredKey>(name: K): StoredValue<K> {
  return STORED[name].initial();
}

/** Turns a raw stored string (or a `storage` event's newValue) into a valid value. */
export function parseStored<K extends StoredKey>(name: K, raw: string | null): StoredValue<K> {
  if (raw === null) return storedDefault(name);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return storedDefault(name);
  }
  try {
    return STORED[name].read(json);
  } catch {
    return storedDefault(name);
  }
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Some browsers throw on merely touching localStorage when storage is disabled.
    return null;
  }
}

export function readStored<K extends StoredKey>(name: K): StoredValue<K> {
  try {
    return parseStored(name, storage()?.getItem(name) ?? null);
  } catch {
    return storedDefault(name);
  }
}

/** Persists a value; returns false when the browser refused (quota, disabled). */
export function writeStored<K extends StoredKey>(name: K, value: StoredValue<K>): boolean {
  try {
    const area = storage();
    if (!area) return false;
    area.setItem(name, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeStored(name: StoredKey): void {
  try {
    storage()?.removeItem(name);
  } catch {
    // Nothing to do: an unreadable storage already reads as defaults.
  }
}
