import { askEarly, call } from '../../api/call';
import { spotFirstCalls } from '../../../domain/protocol/spot-first-endpoints';
import { firstLoad } from '../../../domain/protocol/first-load-endpoints';
import type { CoinInfo } from '../../../domain/protocol/market';
import { session } from '../../state/session';
import { shareCoinScales } from '../../market/coin-scales';

/**
 * Every pair's facts: the answer asked for as the Trade tab opened (src/api/early.ts), else a call.
 * Their price scales go to the market worker, which would otherwise ask for them too.
 */
export const loadCoinInfos = (): Promise<CoinInfo[]> =>
  call(firstLoad.coinInfos, {}, { silent: true }).then(shareCoinScales);
/** The coin wallet's balances and the spot settings, taken as loadCoinInfos is (checked by hand: no zod). */
export const loadCoinAssets = () => call(spotFirstCalls.coinAssets, {}, { silent: true });
export type CoinAssets = Awaited<ReturnType<typeof loadCoinAssets>>;

/**
 * Asks for the two answers the spot ticket shows nothing without (the pairs and the balances:
 * the ticket is a skeleton until both are here), as the Trade tab's route starts loading: a
 * module of its own, a few small chunks, not the ticket's ~60, so the requests leave while the
 * ticket's code is still arriving instead of after it has arrived, run and rendered.
 */
export function askSpotEarly(): void {
  if (session.userToken === '') return;
  askEarly(firstLoad.coinInfos, {});
  askEarly(spotFirstCalls.coinAssets, {});
}
