import { firstLoad } from '../../domain/protocol/first-load-endpoints';
import type { CoinInfo, CoinTicker } from '../../domain/protocol/market';
import { call } from '../api/call';
import { shareCoinScales } from './coin-scales';
import type { RequestOptions } from '../api/request';

/** A coin row: its facts plus its 24 h figures (when the tickers answer had it). */
export type CoinQuote = CoinInfo & { ticker: CoinTicker | null };

/** Infos and tickers together, in the infos' order. */
export async function getCoinQuotes(options?: RequestOptions): Promise<CoinQuote[]> {
  const [infos, tickers] = await Promise.all([
    call(firstLoad.coinInfos, {}, options).then(shareCoinScales),
    call(firstLoad.coinTickers, {}, options),
  ]);
  const bySymbol = new Map(tickers.map((ticker) => [ticker.symbol, ticker]));
  return infos.map((info) => ({ ...info, ticker: bySymbol.get(info.symbol) ?? null }));
}
