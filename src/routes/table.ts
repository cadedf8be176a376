import {
  ABOUT_PATH,
  DOWNLOAD_PATH,
  LANG_PATH,
  LOGIN_PATH,
  POSITION_PATH,
  REGISTER_PATH,
  STOCK_LIST_PATH,
} from '../paths/shell-paths';
import { FIRST_ROUTES } from './first-routes';
import { normalizedPath, page, redirect, type RouteEntry } from './route-entry';
import { loadAiScreens } from './screen-chunks';
import type { MembershipPath } from '../screens/membership/screens';

export type { RedirectRoute, RouteEntry, ScreenRoute } from './route-entry';
export { isTabPath, TAB_PATHS } from './first-routes';

/**
 * The one route table (SPEC §2, spec/routes.txt). Later work adds one line per screen.
 * `public`: guests may open it (DECISIONS §3); every other screen sends guests to login.
 * A path not listed here shows the not-found screen. The app reads it through routes.ts: this
 * module is a chunk of its own, loaded when a screen outside the first routes is asked for.
 */

// AI stock products: its four routes share one chunk, imported once (the entry's lazy-import
// map is on every first load).
const aiScreens = loadAiScreens;
// robots: its six routes share one chunk, imported once (src/screens/robot/robot-screens.tsx).
const robotScreens = () => import('../screens/robot/robot-screens');
// Support chat and location pickers: one chunk and one loader for each group of routes,
// so the first load carries their preload list once (scripts/bundle-budget.mjs).
const loadService = () => import('../screens/service/service-screen');
const loadLocation = () => import('../screens/location/location-screen');
// Alerts and notification settings: one chunk and one import site.
const loadAlerts = () => import('../screens/alerts/alerts-screens');
// The learner's journal, report and risk check: one chunk and one import site.
const loadLearn = () => import('../screens/learn/learn-screens');
// Replays of a recorded session: the list and the replay, one chunk.
const loadReplay = () => import('../screens/replay/replay-screens');
// Membership: four account screens, one chunk and one import site (the first load's size).
const MEMBERSHIP_PATHS: readonly MembershipPath[] = [
  '/pages/stock/vip',
  '/pages/stock/advice',
  '/pages/stock/vote',
  '/pages/user/creditScore',
];

export const ROUTES: readonly RouteEntry[] = [
  ...FIRST_ROUTES,
  page(LANG_PATH, 'public', () => import('../screens/common/lang-screen')),
  page('/pages/common/companyIntroduction', 'public', () => import('../screens/common/company-introduction')),
  page('/pages/common/privacyPolicy', 'public', () => import('../screens/common/privacy-policy')),
  page('/pages/common/disclaimer', 'public', () => import('../screens/common/disclaimer')),
  page(DOWNLOAD_PATH, 'public', () => import('../screens/common/download-screen')),
  page('/pages/common/androidAPP', 'public', () => import('../screens/common/android-app')),
  page('/pages/common/iosAPP', 'public', () => import('../screens/common/ios-app')),
  page(ABOUT_PATH, 'public', () => import('../screens/user/about-screen')),
  redirect('/pages/common/login', LOGIN_PATH),

  // — accounts: sign-in, security, account management (account screens work) —
  page(REGISTER_PATH, 'public', () => import('../screens/account/register-screen')),
  page(LOGIN_PATH, 'public', () => import('../screens/account/login-screen')),
  page('/pages/account/coinLogin', 'public', () => import('../screens/account/coin-login-screen')),
  page('/pages/account/forgot', 'public', () => import('../screens/account/forgot-password-screen')),
  page('/pages/user/userInfo', 'account', () => import('../screens/security/user-info-screen')),
  page('/pages/user/security', 'account', () => import('../screens/security/security-screen')),
  page('/pages/user/loginPassword', 'account', () => import('../screens/security/login-password-screen')),
  page('/pages/user/passkeys', 'account', () => import('../screens/security/passkeys-screen')),
  page('/pages/user/tradePassword', 'account', () => import('../screens/security/trade-password-screen')),
  page('/pages/user/email', 'account', () => import('../screens/security/email-change-screen')),
  page('/pages/user/account', 'account', () => import('../screens/security/account-screen')),
  page('/pages/user/ipoSwitch', 'account', () => import('../screens/security/ipo-switch-screen')),
  page('/pages/user/privacy', 'account', () => import('../screens/security/privacy-screen')),
  // alerts and notifications
  page('/pages/user/alerts', 'account', loadAlerts),
  page('/pages/user/notifications', 'account', loadAlerts),

  // — accounts: Mine tab, assets, messages, notices, news, KYC (account content work) —
  page('/pages/user/assets', 'account', () => import('../screens/mine/assets-screen')),
  page('/pages/user/message', 'account', () => import('../screens/messages/message-screen')),
  page('/pages/notice/list', 'public', () => import('../screens/content/notice-list-screen')),
  page('/pages/notice/detail', 'public', () => import('../screens/content/notice-detail-screen')),
  page('/pages/news/list', 'public', () => import('../screens/content/news-list-screen')),
  page('/pages/news/detail', 'public', () => import('../screens/content/news-detail-screen')),
  page('/pages/user/kyc', 'account', () => import('../screens/kyc/kyc-screen')),

  // — market: markets tab, lists, search, watchlist (market lists work) —
  page(STOCK_LIST_PATH, 'public', () => import('../screens/markets/stock-list-screen')),
  page('/pages/stock/search', 'public', () => import('../screens/markets/search-screen')),
  page('/pages/stock/collect', 'account', () => import('../screens/markets/watchlist-screen')),

  // — market: instrument and kline screens (instrument work) —
  page('/pages/stock/stockKline', 'public', () => import('../screens/instrument/stock-kline-screen')),
  // The full-screen chart is a chunk of its own: served by the kline screen's module, its
  // drawing, depth and trader-chart code loaded and ran with every kline screen's start.
  page('/pages/stock/chart', 'public', () => import('../screens/instrument/chart-screen')),
  page('/pages/coin/coinKline', 'public', () => import('../screens/instrument/coin-kline-screen')),

  // — stock: Trade tab (stock ticket), orders, positions, income, funds detail (stock trading work) —
  page(POSITION_PATH, 'account', () => import('../screens/trade/position-screen')),
  page('/pages/stock/order', 'account', () => import('../screens/trade/orders-screen')),
  page('/pages/stock/conditional', 'account', () => import('../screens/conditional/conditional-screen')),
  page('/pages/stock/income', 'account', () => import('../screens/trade/income-screen')),
  page('/pages/fundsDetail/index', 'account', () => import('../screens/trade/funds-index-screen')),
  page('/pages/fundsDetail/stockFundsDetail', 'account', () => import('../screens/trade/stock-funds-screen')),

  // — contracts: transfer, crypto funds detail, asset records (coin trading work) —
  page('/pages/exchange/cryptoTransfer', 'account', () => import('../screens/contract/transfer-screen')),
  page('/pages/exchange/index', 'account', () => import('../screens/exchange/exchange-index-screen')),
  page('/pages/exchange/stock', 'account', () => import('../screens/exchange/stock-exchange-screen')),
  page('/pages/exchange/cryptoConvert', 'account', () => import('../screens/exchange/crypto-convert-screen')),
  page('/pages/exchange/exchange', 'account', () => import('../screens/exchange/general-exchange-screen')),
  page(
    '/pages/fundsDetail/cryptoFundsDetail',
    'account',
    () => import('../screens/contract/crypto-funds-screen'),
  ),
  page('/pages/coin/assetsRecord', 'account', () => import('../screens/contract/assets-record-screen')),

  // — funding: crypto deposits and withdrawals, saved addresses, withdraw hub, records (coin funding work) —
  page(
    '/pages/recharge/cryptoRecharge',
    'account',
    () => import('../screens/coin-funding/crypto-recharge-screen'),
  ),
  page(
    '/pages/recharge/coinRecharge',
    'account',
    () => import('../screens/coin-funding/coin-recharge-screen'),
  ),
  page(
    '/pages/recharge/coinRechargeList',
    'account',
    () => import('../screens/coin-funding/deposit-records-screen'),
  ),
  page(
    '/pages/recharge/cryptoRecord',
    'account',
    () => import('../screens/coin-funding/deposit-records-screen'),
  ),
  page('/pages/wallet/addressList', 'account', () => import('../screens/coin-funding/address-list-screen')),
  page('/pages/wallet/addAdress', 'account', () => import('../screens/coin-funding/add-address-screen')),
  page('/pages/wallet/recordDetail', 'account', () => import('../screens/coin-funding/record-detail-screen')),
  page('/pages/withdraw/withdraw', 'account', () => import('../screens/coin-funding/withdraw-hub-screen')),
  page(
    '/pages/withdraw/cryptoWithdraw',
    'account',
    () => import('../screens/coin-funding/crypto-withdraw-screen'),
  ),
  page(
    '/pages/withdraw/cryptoRecord',
    'account',
    () => import('../screens/coin-funding/withdraw-records-screen'),
  ),
  page(
    '/pages/withdraw/cryptoRecordDetail',
    'account',
    () => import('../screens/coin-funding/crypto-record-detail-screen'),
  ),
  page('/pages/withdraw/recordIndex', 'account', () => import('../screens/coin-funding/record-index-screen')),
  // — funding, TRY side: bank cards, bank and offline deposits, withdrawals to a card, records (funding work) —
  page('/pages/wallet/bankList', 'account', () => import('../screens/funding/bank-list-screen')),
  page('/pages/wallet/addBank', 'account', () => import('../screens/funding/add-bank-screen')),
  page('/pages/recharge/recharge', 'account', () => import('../screens/funding/recharge-screen')),
  page(
    '/pages/recharge/rechargeChannel',
    'account',
    () => import('../screens/funding/recharge-channel-screen'),
  ),
  page('/pages/recharge/bankRecharge', 'account', () => import('../screens/funding/bank-recharge-screen')),
  page(
    '/pages/recharge/offlineRecharge',
    'account',
    () => import('../screens/funding/offline-recharge-screen'),
  ),
  page('/pages/recharge/bankRecord', 'account', () => import('../screens/funding/bank-record-screen')),
  page(
    '/pages/recharge/rechargeRecord',
    'account',
    () => import('../screens/funding/recharge-record-screen'),
  ),
  page('/pages/withdraw/bankWithdraw', 'account', () => import('../screens/funding/bank-withdraw-screen')),
  page(
    '/pages/withdraw/withdrawRecord',
    'account',
    () => import('../screens/funding/withdraw-record-screen'),
  ),
  // — primary market: the IPO tab and stock IPO screens. Offerings are public, applying is not —
  page('/pages/stockIPO/ipoList', 'public', () => import('../screens/ipo/ipo-list-screen')),
  page('/pages/stockIPO/ipoDetail', 'public', () => import('../screens/ipo/ipo-detail-screen')),
  page('/pages/stockIPO/ipoOrder', 'account', () => import('../screens/ipo/ipo-order-screen')),
  page('/pages/stockIPO/list', 'account', () => import('../screens/ipo/applications-screen')),
  page('/pages/stockIPO/ipoRecord', 'account', () => import('../screens/ipo/record-screen')),
  // — options on stocks: ticket and positions, one screen —
  page('/pages/stock/option', 'account', () => import('../screens/options/option-screen')),

  // — AI stock products: no paths in routes.txt, these are added; account screens, as
  //   DECISIONS §3 lists what guests browse (and the preload map stays as it was) —
  page('/pages/ai/list', 'account', aiScreens),
  page('/pages/ai/detail', 'account', aiScreens),
  page('/pages/ai/order', 'account', aiScreens),
  page('/pages/ai/mine', 'account', aiScreens),
  // — coin ICOs: the sales are public, committing and one's commitments are not —
  page('/pages/coinICO/icoList', 'public', () => import('../screens/ico/ico-list-screen')),
  page('/pages/coinICO/icoDetail', 'public', () => import('../screens/ico/ico-detail-screen')),
  page('/pages/coinICO/icoOrder', 'account', () => import('../screens/ico/ico-order-screen')),
  page('/pages/coinICO/applyList', 'account', () => import('../screens/ico/apply-list-screen')),
  // — block trades: blocks are public, buying is not —
  page('/pages/stockBulk/bulkList', 'public', () => import('../screens/bulk/bulk-list-screen')),
  page('/pages/stockBulk/bulkDetail', 'public', () => import('../screens/bulk/bulk-detail-screen')),
  page('/pages/stockBulk/bulkOrder', 'account', () => import('../screens/bulk/bulk-order-screen')),
  // — robots: account screens (DECISIONS §3 lists what guests browse), one chunk —
  ...(['list', 'detail', 'intro', 'mine', 'record', 'orderDetail'] as const).map((name) =>
    page(`/pages/robot/${name}` as const, 'account', robotScreens),
  ),
  // — loans, support chat, location pickers: all account screens (DECISIONS §3) —
  page('/pages/user/loan', 'account', () => import('../screens/loan/loan-screen')),
  page('/pages/user/service', 'account', loadService),
  page('/pages/common/service', 'account', loadService),
  page('/pages/user/serviceJs', 'account', loadService),
  page('/pages/common/serviceJs', 'account', loadService),
  page('/choose-location', 'account', loadLocation),
  page('/open-location', 'account', loadLocation),
  // — the learner's area: journal, report, risk check (account screens) —
  page('/pages/user/journal', 'account', loadLearn),
  page('/pages/user/reports', 'account', loadLearn),
  page('/pages/user/riskCheck', 'account', loadLearn),
  page('/pages/replay/list', 'account', loadReplay),
  page('/pages/replay/session', 'account', loadReplay),
  // — membership: VIP, trading advice (VIP), polls, credit score — one chunk —
  ...MEMBERSHIP_PATHS.map((path) =>
    page(path, 'account', () =>
      import('../screens/membership/screens').then((m) => ({ default: m.MEMBERSHIP_SCREENS[path] })),
    ),
  ),
];

const byPath = new Map(ROUTES.map((route) => [route.path, route]));

/** Exact match; a trailing slash is forgiven since people type and share URLs. */
export function findRoute(pathname: string): RouteEntry | undefined {
  return byPath.get(normalizedPath(pathname));
}
