import type { Market } from '../../domain/market/instrument';

/**
 * The paths the first load itself names: the route table, the tab bar, the stored last route and
 * the signed-out Home's links. They live in the entry once; every other path is in paths.ts, which
 * loads with the screens that link to them (the first load's budget, scripts/bundle-budget.mjs).
 */
export const START_PATH = '/pages/common/start';
export const HOME_PATH = '/pages/tabbar/home';
export const IPO_TAB_PATH = '/pages/tabbar/ipo';
export const MARKETS_PATH = '/pages/tabbar/markets';
export const TRADE_PATH = '/pages/tabbar/trade';
export const POSITION_PATH = '/pages/tabbar/position';
export const MINE_PATH = '/pages/tabbar/mine';
export const LOGIN_PATH = '/pages/account/login';
export const REGISTER_PATH = '/pages/account/reg';
export const LANG_PATH = '/pages/common/lang';
export const ABOUT_PATH = '/pages/user/about';
export const DOWNLOAD_PATH = '/pages/common/download';
export const STOCK_LIST_PATH = '/pages/stock/list';
export const STOCK_PATH = '/pages/stock/index';
export const COIN_PATH = '/pages/coin/index';

/**
 * A path the login screen may send the user back to: one of the app's screens, never the sign-in
 * and registration screens themselves.
 */
export function isComeBackPath(path: string): boolean {
  return path.startsWith('/pages/') && !path.startsWith('/pages/account/');
}

/**
 * A path the app may store and open again (the last route): an in-app screen, never the start page
 * (it would loop) nor a URL of another site.
 */
export function isStorablePath(path: string): boolean {
  return /^\/pages\/[A-Za-z0-9/_-]+$/.test(path) && path !== START_PATH;
}

/** A market's instrument screen: stocks and indices share the stock screen, coins have their own. */
export function instrumentHref(kind: Market, symbol: string): string {
  return `${kind === 'coin' ? COIN_PATH : STOCK_PATH}?symbol=${encodeURIComponent(symbol)}`;
}
