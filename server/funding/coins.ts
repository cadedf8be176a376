import type { CoinChain } from '../../domain/protocol/funding-coin';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import { readSetting, type Settings } from '../settings';

type Coin = Settings['coinFunding']['coins'][number];

/** A coin and one of its chains from the `coinFunding` setting: UNKNOWN_COIN or CHAIN_NOT_SUPPORTED. */
export async function coinChain(
  db: Db,
  currency: string,
  chain: string,
): Promise<{ coin: Coin; chain: CoinChain }> {
  const coin = (await readSetting(db, 'coinFunding')).coins.find((c) => c.currency === currency);
  if (!coin) throw new ApiError('UNKNOWN_COIN');
  const found = coin.chains.find((c) => c.chain === chain);
  if (!found) throw new ApiError('CHAIN_NOT_SUPPORTED');
  return { coin, chain: found };
}
