/** The membership screens' paths (spec/routes.txt). */
export const VIP_PATH = '/pages/stock/vip';
export const ADVICE_PATH = '/pages/stock/advice';
export const VOTE_PATH = '/pages/stock/vote';
export const CREDIT_PATH = '/pages/user/creditScore';
export const TRADE_PASSWORD_PATH = '/pages/user/tradePassword';
export const stockHref = (symbol: string) => `/pages/stock/index?symbol=${encodeURIComponent(symbol)}`;
