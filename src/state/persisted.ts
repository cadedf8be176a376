import { z } from 'zod';
import {
  MAIN_INDICATORS,
  SUB_INDICATORS,
  type MainIndicator,
  type SubIndicator,
} from '../../domain/indicators/types';
import { LOCALES, DEFAULT_LOCALE } from '../../domain/format/locale';
import { ID_STATUSES, loginInfoSchema } from '../../domain/protocol/user';

/**
 * The one owner of every locally persisted key (SPEC §3 "Client-side stored state").
 * Each key lives in localStorage under its own name as JSON. A value that is missing, is not
 * JSON or has the wrong shape reads as the key's default, and a storage that throws (disabled,
 * private mode, quota) behaves as an empty one: stored state may never break the app.
 *
 * Keys whose shape belongs to later screens (notices, coins, robots…) accept any JSON value for
 * now; the work that introduces a screen narrows its key's schema here.
 */

export const ACCOUNT_TYPES = ['demo', 'real'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const TRADE_TYPES = ['stock', 'coin', 'contract'] as const;
export type TradeType = (typeof TRADE_TYPES)[number];

export const HOME_PATH = '/pages/tabbar/home';

/** The user object from the login answer; only the fields the shell reads are checked. */
export const storedUserSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).optional(),
  account: z.string().optional(),
  idStatus: z.enum(ID_STATUSES).optional(),
  status: z.number().optional(),
});
export type StoredUser = z.infer<typeof storedUserSchema>;

const anyJson = z.json();
const jsonList = z.array(z.json());

type Definition<S extends z.ZodType> = { schema: S; initial: () => z.output<S> };
function key<S extends z.ZodType>(schema: S, initial: () => z.output<S>): Definition<S> {
  return { schema, initial };
}

const STORED = {
  userInfo: key(storedUserSchema.nullable(), () => null),
  noticeData: key(jsonList, () => []),
  newsData: key(jsonList, () => []),
  systemNotice: key(anyJson.nullable(), () => null),
  inviteCode: key(z.string(), () => ''),
  inviteCodeRes: key(anyJson.nullable(), () => null),
  userToken: key(z.string(), () => ''),
  userTokenDemo: key(z.string(), () => ''),
  userTokenReal: key(z.string(), () => ''),
  userAccountType: key(z.enum(ACCOUNT_TYPES), (): AccountType => 'real'),
  rechargeRecordData: key(anyJson.nullable(), () => null),
  withdrawRecordData: key(anyJson.nullable(), () => null),
  searchHistoryData: key(z.array(z.string()), () => []),
  mainInd: key(z.enum(MAIN_INDICATORS), (): MainIndicator => 'SMA'),
  subInd: key(z.enum(SUB_INDICATORS), (): SubIndicator => 'VOL'),
  lang: key(z.enum(LOCALES), () => DEFAULT_LOCALE),
  coinData: key(anyJson.nullable(), () => null),
  coinList: key(jsonList, () => []),
  coinCollectList: key(jsonList, () => []),
  contractsCoinData: key(anyJson.nullable(), () => null),
  tradeCoinData: key(anyJson.nullable(), () => null),
  coinAccountList: key(jsonList, () => []),
  coinRechargeData: key(anyJson.nullable(), () => null),
  stockOfflineData: key(anyJson.nullable(), () => null),
  loginInfo: key(loginInfoSchema.nullable(), () => null),
  systemTradeType: key(z.enum(TRADE_TYPES), (): TradeType => 'coin'),
  // Only an in-app page: a stored absolute URL or the start page itself would loop or leave the app.
  systemRouter: key(
    z
      .string()
      .regex(/^\/pages\/[A-Za-z0-9/_-]+$/)
      .refine((path) => path !== '/pages/common/start'),
    () => HOME_PATH,
  ),
  stockCountry: key(z.string().min(1), () => 'TR'),
  areaCode: key(z.string().regex(/^\+?\d{1,4}$/), () => '+90'),
  countryList: key(jsonList, () => []),
  robotData: key(anyJson.nullable(), () => null),
  robotDetailData: key(anyJson.nullable(), () => null),
  stockData: key(anyJson.nullable(), () => null),
};

type Stored = typeof STORED;
export type StoredKey = keyof Stored;
export type StoredValue<K extends StoredKey> = z.output<Stored[K]['schema']>;

export const STORED_KEYS = Object.keys(STORED) as StoredKey[];

export function isStoredKey(name: string): name is StoredKey {
  return Object.hasOwn(STORED, name);
}

export function storedDefault<K extends StoredKey>(name: K): StoredValue<K> {
  return STORED[name].initial() as StoredValue<K>;
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
  const result = STORED[name].schema.safeParse(json);
  return result.success ? (result.data as StoredValue<K>) : storedDefault(name);
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
