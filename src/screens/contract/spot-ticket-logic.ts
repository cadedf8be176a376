import Decimal from 'decimal.js';
import type { Locale } from '../../../domain/format/locale';
import { USDT_SCALE } from '../../../domain/format/money';
import { marketEstimate, type BookLevels } from '../../../domain/market/market-estimate';
import type { CoinInfo } from '../../../domain/protocol/market';
import type { CoinOrderRequest, OrderSide, OrderType } from '../../../domain/protocol/trading';
import {
  checkCoinOrder,
  checkCoinSell,
  coinBuyTotal,
  coinFee,
  type CoinSpotSettings,
  type RuleError,
} from '../../../domain/rules';
import { readNumberInput } from '../../../domain/rules/number-input';
import { walkAsks } from '../../../domain/trade/by-amount';

/**
 * The coin spot ticket's rules, pure: the order's estimated amount and fee (domain/rules coinFee,
 * what the engine books), the first broken rule (checkCoinOrder, the server's own) and the request.
 */
export type SpotDraft = { side: OrderSide; type: OrderType; quantity: string; price: string };
export type SpotEnv = {
  info: CoinInfo;
  last: string | null;
  settings: CoinSpotSettings | null;
  /** The pair's book as the page holds it: a market order is estimated at the levels it would take. */
  book?: BookLevels | undefined;
  /** Free USDT and free base coin; null while unknown. */
  quoteAvailable: string | null;
  baseAvailable: string | null;
  locale: Locale;
};
export type SpotPreview = { amount: string; fee: string | null; total: string | null };
export type SpotState = {
  preview: SpotPreview | null;
  error: RuleError | null;
  request: CoinOrderRequest | null;
};

/**
 * What the order moves before its fee. A market order at the levels it would take (the engine
 * walks them), not at the last trade: a sale confirmed for 9,601.88 USDT paid 9,601.07. A buy
 * walks the asks as the broker's preview does and as a budget is sized (walkAsks), a limit's
 * asks below its price too: estimated at the limit alone, a budget's confirm showed a total
 * above the preview's that replaced it a moment later, under which the leftover is the budget
 * less the preview's total, so a total read before it and a leftover read after came to more than
 * the budget typed.
 */
function estimatedAmount(draft: SpotDraft, qty: string, price: string | null, env: SpotEnv): string | null {
  if (draft.side === 'buy') {
    const walked = walkAsks(env.book, qty, draft.type === 'limit' ? price : null);
    if (walked !== null) return walked.toFixed();
  }
  const reference = draft.type === 'limit' ? price : marketEstimate(draft.side, qty, env.book, env.last);
  if (reference === null) return null;
  // At the wallet's 8 decimals: an average over levels need not end (60,066.666… × 0.3).
  return new Decimal(qty).times(reference).toDecimalPlaces(USDT_SCALE, Decimal.ROUND_HALF_UP).toFixed();
}

export function evaluateSpot(draft: SpotDraft, env: SpotEnv): SpotState {
  const { info } = env;
  // A minus sign, too many decimals or no number at all: said as every form says it
  // (domain/rules/number-input), before the order's own rules.
  const qtyRead = readNumberInput(draft.quantity, env.locale, {
    field: 'quantity',
    decimals: info.qtyScale,
    label: 'coin_quantity',
  });
  const priceRead =
    draft.type === 'limit'
      ? readNumberInput(draft.price, env.locale, {
          field: 'price',
          decimals: info.priceScale,
          label: 'coin_price',
        })
      : { value: null, error: null };
  const unreadable = qtyRead.error ?? priceRead.error;
  if (unreadable) return { preview: null, error: unreadable, request: null };
  const qty = qtyRead.value;
  const price = priceRead.value;
  if (qty === null || (draft.type === 'limit' && price === null))
    return { preview: null, error: null, request: null };

  const amount = estimatedAmount(draft, qty, price, env);
  let preview: SpotPreview | null = null;
  if (amount !== null) {
    const fee = env.settings ? coinFee(amount, env.settings) : null;
    const total =
      fee === null
        ? null
        : (draft.side === 'buy' ? new Decimal(amount).plus(fee) : new Decimal(amount).minus(fee)).toFixed();
    preview = { amount, fee, total };
  }
  const settings = env.settings ?? { feeRate: '0', minAmount: '0' };
  let error = checkCoinOrder(
    {
      symbol: info.symbol,
      market: 'coin',
      group: null,
      lot: 1,
      priceScale: info.priceScale,
      qtyScale: info.qtyScale,
      minQty: info.minQty,
    },
    { side: draft.side, type: draft.type, quantity: qty, price: price ?? undefined },
    env.last,
    settings,
  );
  if (!error && draft.side === 'sell' && env.baseAvailable !== null)
    error = checkCoinSell(qty, env.baseAvailable);
  // A limit buy holds its whole quantity at its price, whatever it is estimated to pay.
  const held =
    draft.side === 'buy' && price !== null && env.settings
      ? coinBuyTotal(new Decimal(qty).times(price), env.settings)
      : preview?.total;
  if (
    !error &&
    draft.side === 'buy' &&
    held != null &&
    env.quoteAvailable !== null &&
    new Decimal(held).gt(env.quoteAvailable)
  )
    error = { key: 'INSUFFICIENT_BALANCE' };
  const request: CoinOrderRequest | null = error
    ? null
    : {
        symbol: info.symbol,
        side: draft.side,
        type: draft.type,
        quantity: qty,
        ...(price !== null ? { price } : {}),
      };
  return { preview, error, request };
}
