import { useState } from 'react';
import { getAssets } from '../../state/assets';
import { firstLoad } from '../../../domain/protocol/first-load-endpoints';
import { call } from '../../api/call';
import { useLiveData } from '../../components/content/use-live-data';
import { shareCoinScales } from '../../market/coin-scales';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import { useAmountField } from '../../components/form/use-amount-field';
import { useNow } from '../../components/content/use-now';
import * as x from './exchange-logic';
import { useQuoteFlow } from './use-quote-flow';

const loadAssets = () => getAssets({ silent: true });
/** The coins on sale; their price scales go to the market worker, which need not ask for them. */
const loadInfos = () => call(firstLoad.coinInfos, {}, { silent: true }).then(shareCoinScales);

/** What the form reads before it renders: balances, the coins on sale, the pair and its amount. */
export function useExchangeState(mode: x.ExchangeMode) {
  const assets = useLiveData('user-assets', loadAssets);
  const infos = useLiveData('coin-infos', loadInfos, mode !== 'stock');
  // After a booking the balances are read behind the form, which keeps the done notice shown.
  const flow = useQuoteFlow(() => assets.refresh());
  // The available balance follows the ledger, as the tickets' do: after a booking whose answer
  // was lost to a screen left and opened again, it showed the balance from before it.
  useBalancesRefetch(assets.refresh);
  const [chosen, setChosen] = useState<x.Pair | null>(null);
  const now = useNow(flow.quote !== null && flow.staleText === null ? flow.quote.quoteId : null);

  const infoList = infos.status === 'ready' ? infos.data : [];
  const coins = x.coinsOf(infoList, now);
  const pair = chosen ?? x.defaultPair(mode, coins);
  const decimals = { from: x.decimalsOf(pair.from), to: x.decimalsOf(pair.to) };
  const targets = x.targetsOf(mode, pair.from, coins);
  const available = assets.status === 'ready' ? x.availableOf(assets.data.balances, pair.from) : '0';
  const amount = useAmountField({ decimals: decimals.from, unit: pair.from, available });
  return { assets, infos, flow, setChosen, now, coins, pair, decimals, targets, available, amount };
}

export type ExchangeState = ReturnType<typeof useExchangeState>;
