import type { Market } from '../../../domain/market/instrument';

/** A market's instrument screen: stocks and indices share the stock screen, coins have their own. */
export function instrumentHref(kind: Market, symbol: string): string {
  const screen = kind === 'coin' ? '/pages/coin/index' : '/pages/stock/index';
  return `${screen}?symbol=${encodeURIComponent(symbol)}`;
}
