import type { Market } from '../../domain/market/instrument';
import {
  ABOUT_PATH,
  DOWNLOAD_PATH,
  HOME_PATH,
  IPO_TAB_PATH,
  LANG_PATH,
  LOGIN_PATH,
  MARKETS_PATH,
  MINE_PATH,
  POSITION_PATH,
  REGISTER_PATH,
  START_PATH,
  STOCK_LIST_PATH,
  STOCK_PATH,
  COIN_PATH,
  TRADE_PATH,
} from './shell-paths';

/**
 * Where every screen is (spec/routes.txt): screens link, navigate and redirect by these names,
 * never by a written path, so a path lives in src/routes alone. The route table takes only these
 * paths (its `page` is typed with AppPath) and paths.test.ts checks each has a route.
 */
export const paths = {
  root: '/',
  start: START_PATH,
  home: HOME_PATH,
  ipoTab: IPO_TAB_PATH,
  markets: MARKETS_PATH,
  trade: TRADE_PATH,
  position: POSITION_PATH,
  mine: MINE_PATH,
  lang: LANG_PATH,
  companyIntroduction: '/pages/common/companyIntroduction',
  privacyPolicy: '/pages/common/privacyPolicy',
  disclaimer: '/pages/common/disclaimer',
  download: DOWNLOAD_PATH,
  androidApp: '/pages/common/androidAPP',
  iosApp: '/pages/common/iosAPP',
  about: ABOUT_PATH,
  commonLogin: '/pages/common/login',
  // accounts and security
  register: REGISTER_PATH,
  login: LOGIN_PATH,
  coinLogin: '/pages/account/coinLogin',
  forgot: '/pages/account/forgot',
  userInfo: '/pages/user/userInfo',
  security: '/pages/user/security',
  loginPassword: '/pages/user/loginPassword',
  tradePassword: '/pages/user/tradePassword',
  email: '/pages/user/email',
  account: '/pages/user/account',
  ipoSwitch: '/pages/user/ipoSwitch',
  privacy: '/pages/user/privacy',
  // Mine tab, content, KYC
  assets: '/pages/user/assets',
  messages: '/pages/user/message',
  noticeList: '/pages/notice/list',
  noticeDetail: '/pages/notice/detail',
  newsList: '/pages/news/list',
  newsDetail: '/pages/news/detail',
  kyc: '/pages/user/kyc',
  // markets and instruments
  stockList: STOCK_LIST_PATH,
  search: '/pages/stock/search',
  watchlist: '/pages/stock/collect',
  stock: STOCK_PATH,
  stockKline: '/pages/stock/stockKline',
  coin: COIN_PATH,
  coinKline: '/pages/coin/coinKline',
  // stock trading
  orders: '/pages/stock/order',
  income: '/pages/stock/income',
  fundsIndex: '/pages/fundsDetail/index',
  stockFunds: '/pages/fundsDetail/stockFundsDetail',
  option: '/pages/stock/option',
  // coin trading and exchange
  cryptoTransfer: '/pages/exchange/cryptoTransfer',
  exchangeIndex: '/pages/exchange/index',
  exchangeStock: '/pages/exchange/stock',
  cryptoConvert: '/pages/exchange/cryptoConvert',
  exchangeAny: '/pages/exchange/exchange',
  cryptoFunds: '/pages/fundsDetail/cryptoFundsDetail',
  assetsRecord: '/pages/coin/assetsRecord',
  // crypto funding
  cryptoRecharge: '/pages/recharge/cryptoRecharge',
  coinRecharge: '/pages/recharge/coinRecharge',
  coinRechargeList: '/pages/recharge/coinRechargeList',
  cryptoDepositRecords: '/pages/recharge/cryptoRecord',
  addressList: '/pages/wallet/addressList',
  addAddress: '/pages/wallet/addAdress',
  recordDetail: '/pages/wallet/recordDetail',
  withdrawHub: '/pages/withdraw/withdraw',
  cryptoWithdraw: '/pages/withdraw/cryptoWithdraw',
  cryptoWithdrawRecords: '/pages/withdraw/cryptoRecord',
  cryptoWithdrawDetail: '/pages/withdraw/cryptoRecordDetail',
  recordIndex: '/pages/withdraw/recordIndex',
  // TRY funding
  bankList: '/pages/wallet/bankList',
  addBank: '/pages/wallet/addBank',
  recharge: '/pages/recharge/recharge',
  rechargeChannel: '/pages/recharge/rechargeChannel',
  bankRecharge: '/pages/recharge/bankRecharge',
  offlineRecharge: '/pages/recharge/offlineRecharge',
  bankRecord: '/pages/recharge/bankRecord',
  rechargeRecord: '/pages/recharge/rechargeRecord',
  bankWithdraw: '/pages/withdraw/bankWithdraw',
  withdrawRecord: '/pages/withdraw/withdrawRecord',
  // primary market
  ipoList: '/pages/stockIPO/ipoList',
  ipoDetail: '/pages/stockIPO/ipoDetail',
  ipoOrder: '/pages/stockIPO/ipoOrder',
  ipoApplications: '/pages/stockIPO/list',
  ipoRecord: '/pages/stockIPO/ipoRecord',
  icoList: '/pages/coinICO/icoList',
  icoDetail: '/pages/coinICO/icoDetail',
  icoOrder: '/pages/coinICO/icoOrder',
  icoApplications: '/pages/coinICO/applyList',
  bulkList: '/pages/stockBulk/bulkList',
  bulkDetail: '/pages/stockBulk/bulkDetail',
  bulkOrder: '/pages/stockBulk/bulkOrder',
  // products
  aiList: '/pages/ai/list',
  aiDetail: '/pages/ai/detail',
  aiOrder: '/pages/ai/order',
  aiMine: '/pages/ai/mine',
  robotList: '/pages/robot/list',
  robotDetail: '/pages/robot/detail',
  robotIntro: '/pages/robot/intro',
  robotMine: '/pages/robot/mine',
  robotRecord: '/pages/robot/record',
  robotOrder: '/pages/robot/orderDetail',
  loan: '/pages/user/loan',
  vip: '/pages/stock/vip',
  advice: '/pages/stock/advice',
  vote: '/pages/stock/vote',
  creditScore: '/pages/user/creditScore',
  // support and location
  userService: '/pages/user/service',
  commonService: '/pages/common/service',
  userServiceJs: '/pages/user/serviceJs',
  commonServiceJs: '/pages/common/serviceJs',
  // tools
  conditional: '/pages/stock/conditional',
  alerts: '/pages/user/alerts',
  notifications: '/pages/user/notifications',
  passkeys: '/pages/user/passkeys',
  // the learner's area
  journal: '/pages/user/journal',
  reports: '/pages/user/reports',
  riskCheck: '/pages/user/riskCheck',
  replayList: '/pages/replay/list',
  replaySession: '/pages/replay/session',
  traderChart: '/pages/stock/chart',
  chooseLocation: '/choose-location',
  openLocation: '/open-location',
} as const;

export type PathName = keyof typeof paths;
/** A screen's path: what the route table accepts and what links name. */
export type AppPath = (typeof paths)[PathName];

type Query = Readonly<Record<string, string | undefined>>;

/** `path` with its query; parameters left undefined or empty are not written. */
export function withQuery(path: AppPath, query: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** A market's kline screen. */
export function klineHref(kind: Market, symbol: string): string {
  return withQuery(kind === 'coin' ? paths.coinKline : paths.stockKline, { symbol });
}

/** A screen of one item (a notice, a block, an offering…) by its id. */
export function itemHref(path: AppPath, id: string): string {
  return withQuery(path, { id });
}

/**
 * The risk check on the position a ticket was about to open (its terms as the check's start
 * takes them), and the ticket to return to once passed.
 */
export function riskCheckHref(start: Readonly<Record<string, string>>, back: 'trade' | 'option'): string {
  return withQuery(paths.riskCheck, { ...start, back });
}

/** The trade or withdrawal password form. */
export function passwordHref(type: 'trade' | 'withdraw'): string {
  return withQuery(paths.tradePassword, { type });
}
