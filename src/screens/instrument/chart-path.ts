import type { Interval, Market } from '../../../domain/market/instrument';
import { paths } from '../../paths/paths';

/** The trader's full-screen chart; coins are named by `market=coin` beside their symbol. */
export const TRADER_CHART_PATH = paths.traderChart;
/** Where a selected line's "alert at this price" leads (the alerts screen reads these). */
export const ALERTS_PATH = paths.alerts;

export function traderChartPath(market: Market, symbol: string, interval?: Interval): string {
  const query = new URLSearchParams({ symbol });
  if (market === 'coin') query.set('market', 'coin');
  if (interval) query.set('interval', interval);
  return `${TRADER_CHART_PATH}?${query.toString()}`;
}

export function alertPath(symbol: string, kind: 'above' | 'below', price: string): string {
  return `${ALERTS_PATH}?${new URLSearchParams({ symbol, kind, price }).toString()}`;
}
