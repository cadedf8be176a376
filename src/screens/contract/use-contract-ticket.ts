import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { ContractRules, PositionSide } from '../../../domain/protocol/contracts';
import type { CoinInfo } from '../../../domain/protocol/market';
import { useAmountField } from '../../components/form/use-amount-field';
import { useSteadyDecimals } from './use-steady-decimals';
import { useTopic } from '../../market/client';
import { market } from '../../state/market';
import { prefs } from '../../state/prefs';
import { evaluateTicket, MARGIN_SCALE, type SizeMode } from './contract-ticket-logic';
import { initialLeverage } from './leverage-choice';
import { costPlaces, previewRows } from './preview-rows';
import { inputTextOf } from './input-text';
import type { CoinPair } from './use-coin-pair';

/** The size and TP/SL fields; a new open empties them. */
function useTicketFields(info: CoinInfo, sizeScale: number, mode: SizeMode, opened: number) {
  const sizeField = useAmountField({ decimals: sizeScale, unit: mode === 'margin' ? 'USDT' : info.base });
  const tpField = useAmountField({ decimals: info.priceScale, unit: info.quote });
  const slField = useAmountField({ decimals: info.priceScale, unit: info.quote });
  // A filled-in ticket left after an open is one tap from a second, identical position.
  const [seenOpened, setSeenOpened] = useState(opened);
  if (seenOpened !== opened) {
    setSeenOpened(opened);
    sizeField.set('');
    tpField.set('');
    slField.set('');
  }
  return { sizeField, tpField, slField };
}

/** The contract ticket's fields, what they evaluate to, and the preview rows at steady decimals. */
export function useContractTicket({
  pair,
  info,
  rules,
  available,
  opened,
}: {
  pair: CoinPair;
  info: CoinInfo;
  rules: ContractRules;
  available: string;
  opened: number;
}) {
  const { t } = useTranslation('contract');
  const { lang } = useSnapshot(prefs);
  // The book: a position opens on the levels it takes, and the preview is priced there.
  useTopic({ kind: 'book', market: 'coin', symbol: info.symbol });
  const { books } = useSnapshot(market);
  const [side, setSide] = useState<PositionSide>('long');
  const [leverage, setLeverage] = useState(() => initialLeverage(info.symbol, rules.choices));
  const [mode, setMode] = useState<SizeMode>('margin');
  const sizeScale = mode === 'margin' ? MARGIN_SCALE : info.qtyScale;
  const sizeStep = mode === 'margin' ? '1' : info.minQty;
  const { sizeField, tpField, slField } = useTicketFields(info, sizeScale, mode, opened);
  // The ticket's rules read typed text in the user's locale, ungrouped.
  const size = inputTextOf(sizeField.value, lang);
  const takeProfit = inputTextOf(tpField.value, lang);
  const stopLoss = inputTextOf(slField.value, lang);
  const steadyDecimals = useSteadyDecimals();
  const state = evaluateTicket(
    { symbol: info.symbol, side, leverage, mode, size, takeProfit, stopLoss },
    {
      price: pair.last,
      book: books[info.symbol],
      feed: pair.feed,
      rules,
      priceScale: info.priceScale,
      qtyScale: info.qtyScale,
      available,
      locale: lang,
    },
  );
  const places = steadyDecimals(`${info.symbol}|${side}|${leverage}|${mode}|${size}`, (min) =>
    costPlaces(state.preview, min),
  );
  const rows = previewRows(
    state.preview,
    rules,
    info.priceScale,
    info.qtyScale,
    info.base,
    t as (key: string, params?: Record<string, string>) => string,
    lang,
    places,
    { rate: pair.funding, side, mark: pair.mark ?? pair.last, intervalMs: rules.fundingIntervalMs },
  );
  return {
    lang,
    side,
    setSide,
    leverage,
    setLeverage,
    mode,
    setMode,
    sizeScale,
    sizeStep,
    sizeField,
    tpField,
    slField,
    state,
    places,
    rows,
  };
}

/** What the ticket parts read: its fields, state and preview. */
export type ContractTicketState = ReturnType<typeof useContractTicket>;
