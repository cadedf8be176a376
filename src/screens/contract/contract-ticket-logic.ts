import Decimal from 'decimal.js';
import {
  liquidationOutcome,
  openCost,
  preparePosition,
  qtyForOffer,
  type FillAt,
  type LiquidationOutcome,
  type OpenCost,
} from '../../../domain/contracts';
import { ContractDecimal, d } from '../../../domain/contracts/decimal';
import { marketEstimate, type BookLevels } from '../../../domain/market/market-estimate';
import type { Locale } from '../../../domain/format/locale';
import { readNumberInput, type NumberField } from '../../../domain/rules/number-input';
import { formatPrice } from '../../../domain/format/number';
import type { ContractOpenRequest, ContractRules, PositionSide } from '../../../domain/protocol/contracts';
import type { FeedState } from '../../../domain/market-data/contract';
import type { ErrorKey } from '../../../domain/protocol/error-keys';

/**
 * The contract ticket's rules, pure so tests pin them: what opening would cost and where it
 * would be liquidated (domain/contracts, the functions the server books and answers with), which
 * inputs are wrong and why, and whether opening is possible at all right now.
 */
export type SizeMode = 'margin' | 'quantity';

/** A margin is USDT money typed to the cent, as its field takes it (one reading for both). */
export const MARGIN_SCALE = 2;

export type ContractDraft = {
  symbol: string;
  side: PositionSide;
  leverage: number;
  mode: SizeMode;
  /** As typed, in the user's locale. */
  size: string;
  takeProfit: string;
  stopLoss: string;
};

export type TicketEnv = {
  /** The last trade, null before the first one arrives. */
  price: string | null;
  /**
   * The pair's book as the page holds it: the position opens on the levels it takes, so the
   * preview is priced there (the last trade while no book has come).
   */
  book?: BookLevels | undefined;
  feed: FeedState;
  rules: ContractRules;
  priceScale: number;
  qtyScale: number;
  /** Free USDT of the contract account; null while unknown. */
  available: string | null;
  locale: Locale;
};

/** A localized message by key: `errors` keys are the server's, `contract` ones the ticket's. */
type Params = Record<string, string | number>;
type ContractKey =
  | 'reason_stale'
  | 'reason_no_price'
  | 'ticket.below_min'
  | 'ticket.insufficient'
  | 'ticket.trigger_not_positive';
export type TicketMessage =
  { ns: 'errors'; key: ErrorKey; params?: Params } | { ns: 'contract'; key: ContractKey; params?: Params };

export type TicketPreview = {
  cost: OpenCost;
  liquidationPrice: string | null;
  /** What a liquidation at that price would charge (fee and liquidation fee); null when none liquidates. */
  liquidation: LiquidationOutcome | null;
};

export type TicketState = {
  preview: TicketPreview | null;
  errors: { size?: TicketMessage; takeProfit?: TicketMessage; stopLoss?: TicketMessage };
  /** Why opening is not possible now (stale feed, no price yet, balance, minimum); null when it is. */
  blocked: TicketMessage | null;
  /** What to send once confirmed; null while anything above stands in the way. */
  request: ContractOpenRequest | null;
};

/** The margin (USDT) or quantity typed, read as every ticket reads a number (domain/rules/number-input). */
function readSize(
  text: string,
  spec: NumberField,
  locale: Locale,
): { value: string | null; error?: TicketMessage } {
  const read = readNumberInput(text, locale, spec);
  if (read.error) return { value: null, error: { ns: 'errors', ...read.error } };
  if (read.value === null) return { value: null };
  // Zero says what the broker says of it: the margin (an amount) or the quantity must be above 0.
  if (new Decimal(read.value).lte(0))
    return {
      value: null,
      error: {
        ns: 'errors',
        key: spec.field === 'quantity' ? 'QUANTITY_NOT_POSITIVE' : 'AMOUNT_NOT_POSITIVE',
      },
    };
  return { value: read.value };
}

/**
 * A take-profit or stop-loss price as typed: empty is none; otherwise its canonical value or what is
 * wrong with it, in the amount field's words (a sign, a separator, a third decimal), read as every
 * price of the ticket is: "96.500" in tr-TR is 96,500 USDT where prices take 2 decimals, and a
 * question where they take 3 or more.
 */
export function readTrigger(
  text: string,
  scale: number,
  locale: Locale,
  label: 'take_profit' | 'stop_loss',
): { value: string | null; error?: TicketMessage } {
  const read = readNumberInput(text, locale, { field: 'price', decimals: scale, label });
  if (read.error) return { value: null, error: { ns: 'errors', ...read.error } };
  if (read.value === null) return { value: null };
  if (new Decimal(read.value).lte(0))
    return { value: null, error: { ns: 'contract', key: 'ticket.trigger_not_positive' } };
  return { value: read.value };
}

/** What a market order of a quantity fills at on the book (its average), the last trade without one. */
function bookFill(side: 'buy' | 'sell', book: BookLevels | undefined, last: string): FillAt {
  return (qty) => {
    // In the contracts maths' precision, as the broker averages its fills (fillsSummary).
    const price = marketEstimate(side, qty.toFixed(), book, last, ContractDecimal) ?? last;
    return { qty, price: d(price) };
  };
}

/**
 * SPEC §5: a take-profit or stop must be on the right side of the price it opens at — above it
 * for a long's take-profit, below for its stop (mirrored for a short) — and a stop must trigger
 * before the liquidation price, or it could never act.
 */
export function triggerErrors(
  side: PositionSide,
  reference: string,
  liquidation: string | null,
  takeProfit: string | null,
  stopLoss: string | null,
  show: (price: string) => string,
): { takeProfit?: TicketMessage; stopLoss?: TicketMessage } {
  const out: { takeProfit?: TicketMessage; stopLoss?: TicketMessage } = {};
  const ref = new Decimal(reference);
  const long = side === 'long';
  const params = { price: show(reference) };
  if (takeProfit !== null) {
    const tp = new Decimal(takeProfit);
    if (long && tp.lte(ref)) out.takeProfit = { ns: 'errors', key: 'TAKE_PROFIT_ABOVE', params };
    if (!long && tp.gte(ref)) out.takeProfit = { ns: 'errors', key: 'TAKE_PROFIT_BELOW', params };
  }
  if (stopLoss !== null) {
    const sl = new Decimal(stopLoss);
    if (long && sl.gte(ref)) out.stopLoss = { ns: 'errors', key: 'STOP_LOSS_BELOW', params };
    else if (!long && sl.lte(ref)) out.stopLoss = { ns: 'errors', key: 'STOP_LOSS_ABOVE', params };
    else if (liquidation !== null && (long ? sl.lte(liquidation) : sl.gte(liquidation)))
      out.stopLoss = {
        ns: 'errors',
        key: 'STOP_LOSS_BEYOND_LIQUIDATION',
        params: { price: show(liquidation) },
      };
  }
  return out;
}

/** What opening would cost, and where it would be liquidated, priced on the book; null below one step. */
function openPreview(
  draft: ContractDraft,
  env: TicketEnv,
  price: string,
  sizeValue: string,
): TicketPreview | null {
  // As the broker opens: a margin's quantity and the entry from the levels it would take
  // (domain qtyForOffer). Priced at the last trade, an opening previewed at 3,415.40 opened at
  // 3,415.0539, its quantity and liquidation price not the ones shown.
  const fill = bookFill(draft.side === 'long' ? 'buy' : 'sell', env.book, price);
  const qty =
    draft.mode === 'margin'
      ? qtyForOffer(sizeValue, draft.leverage, env.qtyScale, fill)
      : new Decimal(sizeValue);
  const entry = qty !== null && qty.gt(0) ? fill(qty).price.toFixed() : price;
  const cost =
    qty !== null && qty.gt(0)
      ? openCost({
          quantity: qty,
          price: entry,
          leverage: draft.leverage,
          feeRate: env.rules.feeRate,
          qtyScale: env.qtyScale,
        })
      : null;
  if (cost) {
    const position = { side: draft.side, qty: cost.qty, entryPrice: entry, margin: cost.margin };
    const prepared = preparePosition(position, env.rules, env.priceScale);
    return {
      cost,
      liquidationPrice: prepared.liquidationPrice,
      liquidation: liquidationOutcome(position, env.rules),
    };
  }
  return null;
}

export function evaluateTicket(draft: ContractDraft, env: TicketEnv): TicketState {
  const { rules, locale } = env;
  const errors: TicketState['errors'] = {};
  const size = readSize(
    draft.size,
    draft.mode === 'margin'
      ? { field: 'amount', decimals: MARGIN_SCALE, label: 'margin' }
      : { field: 'quantity', decimals: env.qtyScale, label: 'coin_quantity' },
    locale,
  );
  if (size.error) errors.size = size.error;
  const tp = readTrigger(draft.takeProfit, env.priceScale, locale, 'take_profit');
  const sl = readTrigger(draft.stopLoss, env.priceScale, locale, 'stop_loss');
  if (tp.error) errors.takeProfit = tp.error;
  if (sl.error) errors.stopLoss = sl.error;

  let blocked: TicketMessage | null = null;
  if (env.feed !== 'live') blocked = { ns: 'contract', key: 'reason_stale' };
  else if (env.price === null) blocked = { ns: 'contract', key: 'reason_no_price' };
  if (!rules.choices.includes(draft.leverage)) blocked ??= { ns: 'errors', key: 'LEVERAGE_NOT_ALLOWED' };

  let preview: TicketPreview | null = null;
  if (env.price !== null && size.value !== null) {
    preview = openPreview(draft, env, env.price, size.value);
    if (!preview && !errors.size) {
      // A margin too small to buy one quantity step.
      errors.size = { ns: 'contract', key: 'ticket.below_min', params: { min: rules.minNotional } };
    }
  }
  if (preview) {
    if (preview.cost.notional.lt(rules.minNotional))
      blocked ??= { ns: 'contract', key: 'ticket.below_min', params: { min: rules.minNotional } };
    if (env.available !== null && preview.cost.total.gt(env.available))
      blocked ??= { ns: 'contract', key: 'ticket.insufficient' };
    Object.assign(
      errors,
      triggerErrors(draft.side, env.price ?? '0', preview.liquidationPrice, tp.value, sl.value, (price) =>
        formatPrice(price, locale, env.priceScale),
      ),
    );
  }

  const ready =
    preview !== null && blocked === null && Object.keys(errors).length === 0 && size.value !== null;
  const request: ContractOpenRequest | null = ready
    ? {
        symbol: draft.symbol,
        side: draft.side,
        leverage: String(draft.leverage),
        ...(draft.mode === 'margin' ? { margin: size.value ?? '' } : { quantity: size.value ?? '' }),
        ...(tp.value !== null ? { takeProfit: tp.value } : {}),
        ...(sl.value !== null ? { stopLoss: sl.value } : {}),
      }
    : null;
  return { preview, errors, blocked, request };
}
