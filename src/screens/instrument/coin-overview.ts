import { firstLoad } from '../../../domain/protocol/first-load-endpoints';
import { instrumentCalls } from '../../../domain/protocol/instrument-endpoints';
import type { CoinInfo, CoinTicker } from '../../../domain/protocol/market';
import { call } from '../../api/call';
import { ApiError } from '../../api/request';
import { shareCoinScales } from '../../market/coin-scales';

export type CoinOverview = { info: CoinInfo; ticker: CoinTicker };

/**
 * A pair's facts and its 24 h figures; rejects (business, -1001) when the symbol is unknown.
 * Silent: a failed load shows in the screen, not a toast. The pairs' price scales go to the
 * market worker, so the streams the screen then follows start without it asking for them again.
 */
export async function getCoinOverview(symbol: string): Promise<CoinOverview> {
  const quiet = { silent: true };
  const [infos, ticker] = await Promise.all([
    call(firstLoad.coinInfos, {}, quiet).then(shareCoinScales),
    call(instrumentCalls.coinTicker, { symbol }, quiet),
  ]);
  const info = infos.find((item) => item.symbol === symbol);
  // The ticker call already rejected an unknown symbol; infos without it means the server drifted.
  if (!info) throw new ApiError('protocol', `no facts for ${symbol}`);
  return { info, ticker };
}
