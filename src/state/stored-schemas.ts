import { z } from 'zod';
import { LOCALES } from '../../domain/format/locale';
import { MAIN_INDICATORS, SUB_INDICATORS } from '../../domain/indicators/types';
import { ID_STATUSES, loginInfoSchema } from '../../domain/protocol/user';
import { ACCOUNT_TYPES, TRADE_TYPES } from './account-kinds';
import { THEME_SETTINGS } from './theme-kinds';
import { isStorablePath } from '../paths/shell-paths';

/**
 * The contract of every locally persisted key, in zod: the stored values' types come from here,
 * and persisted.test.ts checks that ./persisted.ts's hand checks, which the app runs (every start
 * reads stored state, and zod would be the largest library on the first load), accept
 * and refuse exactly what these schemas do. Change a key here and there together.
 *
 * Keys whose shape belongs to later screens (notices, coins, robots…) accept any JSON value for
 * now; the work that introduces a screen narrows its key's schema here.
 */

/** The user object from the login answer; only the fields the shell reads are checked. */
export const storedUserSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).optional(),
  account: z.string().optional(),
  idStatus: z.enum(ID_STATUSES).optional(),
  status: z.number().optional(),
});

const anyJson = z.json();
const jsonList = z.array(z.json());

export const STORED_SCHEMAS = {
  userInfo: storedUserSchema.nullable(),
  noticeData: jsonList,
  newsData: jsonList,
  systemNotice: anyJson.nullable(),
  inviteCode: z.string(),
  inviteCodeRes: anyJson.nullable(),
  userToken: z.string(),
  userTokenDemo: z.string(),
  userTokenReal: z.string(),
  userAccountType: z.enum(ACCOUNT_TYPES),
  rechargeRecordData: anyJson.nullable(),
  withdrawRecordData: anyJson.nullable(),
  searchHistoryData: z.array(z.string()),
  mainInd: z.enum(MAIN_INDICATORS),
  subInd: z.enum(SUB_INDICATORS),
  lang: z.enum(LOCALES),
  theme: z.enum(THEME_SETTINGS),
  coinData: anyJson.nullable(),
  coinList: jsonList,
  coinCollectList: jsonList,
  contractsCoinData: anyJson.nullable(),
  tradeCoinData: anyJson.nullable(),
  coinAccountList: jsonList,
  coinRechargeData: anyJson.nullable(),
  stockOfflineData: anyJson.nullable(),
  loginInfo: loginInfoSchema.nullable(),
  systemTradeType: z.enum(TRADE_TYPES),
  // Only an in-app page: a stored absolute URL or the start page itself would loop or leave the app.
  systemRouter: z.string().refine(isStorablePath),
  stockCountry: z.string().min(1),
  areaCode: z.string().regex(/^\+?\d{1,4}$/),
  countryList: jsonList,
  robotData: anyJson.nullable(),
  robotDetailData: anyJson.nullable(),
  stockData: anyJson.nullable(),
};

export type StoredSchemas = typeof STORED_SCHEMAS;
export type StoredUser = z.infer<typeof storedUserSchema>;
