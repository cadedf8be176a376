import { useState } from 'react';
import { useSearch } from 'wouter';
import type { CoinChain, RechargeCoin } from '../../../domain/protocol/funding-coin';
import { useLiveData } from '../../components/content/use-live-data';
import { fundingBankEndpoints } from '../../../domain/protocol/endpoints/funding-bank';
import { call } from '../../api/call';

const loadCoins = () => call(fundingBankEndpoints.coins, {}, { silent: true });

/** The coins and chains with their terms and the funding hours. */
export function useCoins() {
  return useLiveData('recharge-coins', loadCoins);
}

export type CoinChoice = { coin: RechargeCoin; chain: CoinChain };

/**
 * The coin and chain named in the URL when they exist and allow `use`; otherwise the first that
 * does, so a stale or hand-typed link still lands on something usable.
 */
export function pickChoice(
  coins: readonly RechargeCoin[],
  use: 'depositEnabled' | 'withdrawEnabled',
  currency: string | null,
  chain: string | null,
): CoinChoice | null {
  const usable = coins
    .map((coin) => ({ coin, chains: coin.chains.filter((c) => c[use]) }))
    .filter((entry) => entry.chains.length > 0);
  const entry = usable.find((e) => e.coin.currency === currency) ?? usable[0];
  if (!entry) return null;
  const found = entry.chains.find((c) => c.chain === chain) ?? entry.chains[0];
  return found ? { coin: entry.coin, chain: found } : null;
}

type Picked = { currency: string; chain: string };

/**
 * The coin and chain a screen works on: the one picked on it, else the URL's (pickChoice).
 * `initial`: a pick the screen starts with (an address chosen on the address book and brought back).
 */
export function useCoinChoice(use: 'depositEnabled' | 'withdrawEnabled', initial: Picked | null = null) {
  const params = new URLSearchParams(useSearch());
  const [picked, setPicked] = useState<Picked | null>(initial);
  return {
    choose: (coins: readonly RechargeCoin[]) =>
      pickChoice(
        coins,
        use,
        picked?.currency ?? params.get('currency'),
        picked?.chain ?? params.get('chain'),
      ),
    pick: (currency: string, chain: string) => setPicked({ currency, chain }),
  };
}
