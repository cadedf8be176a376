import { useEffect, useState } from 'react';
import type { SymbolChoice } from '../../../domain/market/symbol-search';
import { firstLoad } from '../../../domain/protocol/first-load-endpoints';
import { call } from '../../api/call';
import { shareCoinScales } from '../../market/coin-scales';

let loaded: Promise<SymbolChoice[]> | null = null;

/**
 * The stocks (most traded first, as the market list has them) and the coin pairs, read once per
 * visit; a failed read leaves the field a plain text box and is tried again on the next focus.
 */
function loadChoices(): Promise<SymbolChoice[]> {
  loaded ??= Promise.all([
    call(firstLoad.stockList, { page: 1, size: 100 }, { silent: true }),
    // The pairs' price scales to the market worker too, which then need not ask for them.
    call(firstLoad.coinInfos, {}, { silent: true }).then(shareCoinScales),
  ]).then(
    ([stocks, coins]) => [
      ...stocks.list.map(({ symbol, name }) => ({ symbol, name, market: 'stock' as const })),
      ...coins.map(({ symbol, base, quote, name }) => ({
        symbol,
        name: `${base}/${quote} · ${name}`,
        market: 'coin' as const,
      })),
    ],
    (error: unknown) => {
      loaded = null;
      throw error;
    },
  );
  return loaded;
}

/** The choices once `wanted` (the field was focused or typed in): no request for a form left alone. */
export function useSymbolChoices(wanted: boolean): readonly SymbolChoice[] {
  const [choices, setChoices] = useState<readonly SymbolChoice[]>([]);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadChoices().then(
      (list) => live && setChoices(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return choices;
}
