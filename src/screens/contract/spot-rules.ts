import Decimal from 'decimal.js';
import { chargeRemainderDecimals, shownBreakdown } from '../../../domain/format/addends';
import type { Locale } from '../../../domain/format/locale';
import { USDT_SCALE } from '../../../domain/format/money';
import type { BookLevels } from '../../../domain/market/market-estimate';
import type { CoinInfo } from '../../../domain/protocol/market';
import type { OrderSide, OrderType } from '../../../domain/protocol/trading';
import { stepOf, type CoinSpotSettings } from '../../../domain/rules';
import { coinBuyByAmount } from '../../../domain/trade/by-amount';
import { inputTextOf } from './input-text';
import type { SpotPreview } from './spot-ticket-logic';
import type { SpotSize, SpotSizeRead } from './use-spot-size';

/*
 * What the spot ticket computes, in Decimal, once something is typed: its estimate and rules, the
 * steppers' grid, the cost breakdown's decimals, the confirm and result sheets. One module loaded
 * by ./use-spot-rules.ts after the ticket's largest paint or at the user's first input, so that
 * decimal.js (~13 KiB of gzip) is not on the line before the ticket's first paint, which computes
 * nothing: its fields are empty and its costs `--`.
 */
export { evaluateSpot } from './spot-ticket-logic';
export { stepCanonical } from './steps';
export { coinBuyTotal } from '../../../domain/rules/costs';
export { leftoverAfter } from '../../../domain/trade/by-amount';
export { localizeParams } from '../../components/trade/message-params';
export { SpotConfirmCosts, SpotConfirmSheet, SpotResultSheet } from './spot-sheets';
export { stepOf };

/** The order's figures as the ticket's rules read them (typed text), and what a budget buys. */
export function readSpotSize(
  size: SpotSize,
  pair: CoinInfo,
  draft: { side: OrderSide; type: OrderType },
  settings: CoinSpotSettings | null,
  book: BookLevels | undefined,
  lang: Locale,
): SpotSizeRead {
  const { qty, price, budget } = size;
  const byAmount = draft.side === 'buy' && size.mode === 'amount';
  const bought =
    byAmount && settings
      ? coinBuyByAmount(
          budget.value,
          stepOf(pair.qtyScale),
          draft.type === 'limit' ? { kind: 'limit', price: price.value, book } : { kind: 'market', book },
          settings,
        )
      : null;
  return {
    byAmount,
    bought,
    quantity: inputTextOf(byAmount ? (bought?.quantity ?? '') : qty.value, lang),
    price: inputTextOf(price.value, lang),
    fieldError: size.fieldError,
    priced: draft.type === 'limit' ? price.value !== '' : (book?.asks.length ?? 0) > 0,
  };
}

/** Amount ± fee: the fee a part with its sign (a sale's is taken off), or null without both figures. */
function costParts(preview: SpotPreview, side: OrderSide): [string, Decimal.Value] | null {
  if (preview.fee == null || preview.total == null) return null;
  return [preview.amount, side === 'buy' ? preview.fee : new Decimal(preview.fee).negated()];
}

/** The decimals at which the breakdown adds up and shows its fee (domain/format/addends.ts). */
export function spotCostPlaces(preview: SpotPreview, side: OrderSide, min: number): number {
  const parts = costParts(preview, side);
  if (!parts || preview.total == null) return min;
  return chargeRemainderDecimals(parts, preview.total, min, USDT_SCALE) ?? USDT_SCALE;
}

/** Amount, fee charged and total as shown at `places`, adding up; null without a fee. */
export function shownSpotCosts(
  preview: SpotPreview,
  side: OrderSide,
  places: number,
): { amount: string; fee: string; total: string } | null {
  const parts = costParts(preview, side);
  if (!parts || preview.total == null) return null;
  const shown = shownBreakdown(parts, preview.total, places);
  // A sale's fee is a part with its sign; the row shows what is charged.
  return { amount: shown.parts[0]!, fee: new Decimal(shown.parts[1]!).abs().toFixed(), total: shown.total };
}
