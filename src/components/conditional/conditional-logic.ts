import Decimal from 'decimal.js';
import {
  checkConditionalLeg,
  checkOcoPair,
  trailingTrigger,
  type ConditionalDraft,
  type ConditionalKind,
  type TrailOffset,
} from '../../../domain/conditional/trigger';
import { onBistTick, STOCK_PRICE_SCALE, toSteps } from '../../../domain/market/ticks';
import { stepOf } from '../../../domain/rules/coin';
import { stockTick } from '../../../domain/rules/stock';
import type { RuleError } from '../../../domain/rules/types';
import type { LegText } from './conditional-text';

/**
 * The conditional ticket's rules, apart from its view: what the typed figures make of a leg and
 * its pair, the first rule they break (the broker's own, so the ticket says it before sending),
 * the request and the stepper's next value.
 */

export type ConditionalWallet = 'stock' | 'coin';

/** The typed figures, each a canonical decimal above zero or null (empty, unreadable, zero). */
export type ConditionalInputs = {
  kind: ConditionalKind;
  side: 'buy' | 'sell';
  quantity: string | null;
  trigger: string | null;
  limit: string | null;
  trailBy: TrailOffset['by'];
  trail: string | null;
  oco: boolean;
  ocoTrigger: string | null;
};

/** What the instrument allows a price to be: its grid, and a stock's band for the day (null: none known). */
export type PriceGrid = {
  wallet: ConditionalWallet;
  priceScale: number;
  band: { lower: string; upper: string } | null;
};

/** A figure the field reads and does not refuse, when it is above zero; null before. */
export function positiveFigure(value: string, error: string): string | null {
  return value !== '' && error === '' && new Decimal(value).gt(0) ? value : null;
}

/** What a kind takes: a limit (stop-limit: required; take-profit: optional), a second leg. */
export function shapeOf(kind: ConditionalKind) {
  return {
    usesLimit: kind === 'stop_limit' || kind === 'take_profit',
    canPair: kind !== 'trailing',
    // The second leg waits the other way: a take-profit pairs with a stop, anything else with a take-profit.
    ocoKind: kind === 'take_profit' ? ('stop' as const) : ('take_profit' as const),
  };
}

const pairs = (inputs: ConditionalInputs) => inputs.oco && shapeOf(inputs.kind).canPair;

/** The first leg as placed (and explained), trailing from `last`. */
export function firstLeg(inputs: ConditionalInputs, last: string | null): LegText {
  const { kind, side, trail, trailBy } = inputs;
  return {
    kind,
    side,
    quantity: inputs.quantity ?? '0',
    trigger: kind === 'trailing' ? null : inputs.trigger,
    limit: shapeOf(kind).usesLimit ? inputs.limit : null,
    trail: kind === 'trailing' && trail !== null ? { by: trailBy, value: trail } : null,
    best: last,
  };
}

/** The one-cancels-other leg, once it is asked for and has its trigger. */
export function secondLeg(inputs: ConditionalInputs, first: LegText): LegText | null {
  if (!pairs(inputs) || inputs.ocoTrigger === null) return null;
  const kind = shapeOf(inputs.kind).ocoKind;
  return { ...first, kind, trigger: inputs.ocoTrigger, limit: null, trail: null };
}

/** Whether every figure the kind needs is there (the rules are checked apart: conditionalProblem). */
export function isComplete(inputs: ConditionalInputs): boolean {
  const { kind } = inputs;
  return (
    inputs.quantity !== null &&
    (kind === 'trailing' ? inputs.trail !== null : inputs.trigger !== null) &&
    (kind !== 'stop_limit' || inputs.limit !== null) &&
    (!pairs(inputs) || inputs.ocoTrigger !== null)
  );
}

/** A price on the instrument's grid and inside a stock's band, as the order ticket checks one. */
export function priceProblem(price: string, grid: PriceGrid): RuleError | null {
  const p = new Decimal(price);
  if (grid.wallet === 'coin')
    return p.decimalPlaces() > grid.priceScale
      ? { key: 'PRICE_TICK', params: { tick: stepOf(grid.priceScale) } }
      : null;
  const steps = toSteps(p.toFixed(), STOCK_PRICE_SCALE);
  if (!Number.isSafeInteger(steps) || !onBistTick(steps))
    return { key: 'PRICE_TICK', params: { tick: stockTick(p.toFixed()) } };
  const { band } = grid;
  if (band && (p.lt(band.lower) || p.gt(band.upper)))
    return { key: 'PRICE_OUTSIDE_BAND', params: { lower: band.lower, upper: band.upper } };
  return null;
}

/**
 * Why a trailing stop cannot be placed now, as a conditional.json key: it trails from the last
 * price, and without one the broker has nothing to follow (it would answer FEED_STALE).
 */
export function trailingDisabledReason(last: string | null): 'trail_no_last' | null {
  return last === null ? 'trail_no_last' : null;
}

/**
 * The first rule the typed order breaks, in the broker's order: each leg's own (a trigger the
 * last price has already crossed, a trailing distance, a trailing stop with no last price), the prices on the grid and in the band
 * (trigger, limit, the second leg's trigger), then the pair. Null while nothing typed breaks one.
 */
export function conditionalProblem(
  inputs: ConditionalInputs,
  last: string | null,
  grid: PriceGrid,
): RuleError | null {
  const first = firstLeg(inputs, last);
  const second = secondLeg(inputs, first);
  const legs: ConditionalDraft[] = second ? [first, second] : [first];
  for (const leg of legs) {
    if (leg.kind === 'trailing' && trailingDisabledReason(last) !== null) return { key: 'FEED_STALE' };
    if (leg.kind === 'trailing' && leg.trail === null) continue;
    if (leg.kind === 'stop_limit' && leg.limit === null) continue;
    const broken = checkConditionalLeg(leg, last);
    if (broken) return broken;
    for (const price of [leg.trigger, leg.limit]) {
      const off = price === null ? null : priceProblem(price, grid);
      if (off) return off;
    }
  }
  return second ? checkOcoPair(first, second) : null;
}

/** The prices a buy may pay at most, per leg: its limit, else its trigger (a trailing stop's now). */
export function holdPrices(inputs: ConditionalInputs, last: string | null, priceScale: number) {
  const first = firstLeg(inputs, last);
  const trailingNow =
    first.trail !== null && last !== null
      ? trailingTrigger(inputs.side, last, first.trail, priceScale)
      : null;
  const own = first.limit ?? trailingNow ?? first.trigger;
  return secondLeg(inputs, first) ? [own, inputs.ocoTrigger] : [own];
}

/** The add request's fields (without its requestId and password). */
export function conditionalRequest(symbol: string, inputs: ConditionalInputs) {
  const { kind, side, trail, trailBy, limit } = inputs;
  const { usesLimit, ocoKind } = shapeOf(kind);
  return {
    symbol,
    side,
    kind,
    quantity: inputs.quantity ?? '',
    ...(kind === 'trailing'
      ? { trailBy, trailValue: trail ?? '' }
      : { trigger: inputs.trigger ?? '', ...(usesLimit && limit !== null ? { limit } : {}) }),
    ...(pairs(inputs) && inputs.ocoTrigger !== null
      ? { oco: '1' as const, ocoKind, ocoTrigger: inputs.ocoTrigger }
      : {}),
  };
}

/**
 * A price stepper's next value: one tick from the typed price (or the last when none is typed),
 * a stock's tick being that of the price's tier, a coin's its grid step; never below zero.
 */
export function steppedPrice(
  value: string | null,
  last: string | null,
  direction: -1 | 1,
  grid: Pick<PriceGrid, 'wallet' | 'priceScale'>,
): string {
  const from = new Decimal(value ?? last ?? '0');
  const tick = grid.wallet === 'stock' ? stockTick(from.toFixed()) : stepOf(grid.priceScale);
  return Decimal.max(0, from.plus(new Decimal(tick).times(direction))).toFixed(grid.priceScale);
}

/** A quantity stepper's next value: one lot (a stock) or one minimum step (a coin); never below zero. */
export function steppedQuantity(value: string | null, step: string, direction: -1 | 1, qtyScale: number) {
  return Decimal.max(0, new Decimal(value ?? 0).plus(new Decimal(step).times(direction))).toFixed(qtyScale);
}
