import Decimal from 'decimal.js';

/**
 * Conditional orders: an order the broker places for the user when the market's last trade
 * crosses a trigger price. Pure rules, shared by the broker (which fires them) and the ticket
 * (which explains them before the user confirms).
 */
export const CONDITIONAL_KINDS = ['stop', 'stop_limit', 'take_profit', 'trailing'] as const;
export type ConditionalKind = (typeof CONDITIONAL_KINDS)[number];

/** Fire when the last price reaches the trigger from below (`rise`) or from above (`fall`). */
export type Direction = 'rise' | 'fall';

/**
 * Which way a trigger waits. A stop (and a trailing stop) protects against the price running
 * away from the user: a sell fires on a fall, a buy on a rise. A take-profit waits for the price
 * the user wants: a sell on a rise, a buy on a fall.
 */
export function directionOf(kind: ConditionalKind, side: 'buy' | 'sell'): Direction {
  const protective = kind !== 'take_profit';
  return (side === 'sell') === protective ? 'fall' : 'rise';
}

/** Whether a trade at `price` crosses (reaches or passes) `trigger`. */
export function crossed(direction: Direction, trigger: Decimal.Value, price: Decimal.Value): boolean {
  const p = new Decimal(price);
  return direction === 'rise' ? p.gte(trigger) : p.lte(trigger);
}

/** A trailing stop's distance from the best price: a fixed amount or a percentage of it. */
export type TrailOffset = { by: 'amount' | 'percent'; value: string };

/**
 * The trigger a trailing stop has when the best price since placing is `best`: below it for a
 * sell, above it for a buy. Rounded to `scale` decimals away from `best` (a sell's trigger down,
 * a buy's up), so it is a price the market can print and never nearer than the offset asked.
 */
export function trailingTrigger(
  side: 'buy' | 'sell',
  best: Decimal.Value,
  offset: TrailOffset,
  scale: number,
): string {
  const b = new Decimal(best);
  const distance = offset.by === 'amount' ? new Decimal(offset.value) : b.times(offset.value).dividedBy(100);
  const raw = side === 'sell' ? b.minus(distance) : b.plus(distance);
  return raw.toDecimalPlaces(scale, side === 'sell' ? Decimal.ROUND_DOWN : Decimal.ROUND_UP).toFixed();
}

export type TrailState = { best: string; trigger: string };

/**
 * A trailing stop after a trade at `price`: the best price follows the market the user's way
 * (up for a sell, down for a buy) and the trigger with it; it never moves back. Answers null when
 * the trade changes nothing.
 */
export function trailStep(
  side: 'buy' | 'sell',
  state: TrailState,
  offset: TrailOffset,
  price: string,
  scale: number,
): TrailState | null {
  const better = side === 'sell' ? new Decimal(price).gt(state.best) : new Decimal(price).lt(state.best);
  if (!better) return null;
  return { best: new Decimal(price).toFixed(), trigger: trailingTrigger(side, price, offset, scale) };
}

/** What a refused draft says (a stable key, localized where it is shown). */
export type ConditionalError = { key: ConditionalErrorKey; params?: Record<string, string> };
export type ConditionalErrorKey =
  | 'CONDITIONAL_TRIGGER_CROSSED'
  | 'CONDITIONAL_TRAIL_INVALID'
  | 'CONDITIONAL_OCO_INVALID'
  | 'CONDITIONAL_LIMIT_REQUIRED';

/** One leg as placed: what fires it and what it places. */
export type ConditionalDraft = {
  kind: ConditionalKind;
  side: 'buy' | 'sell';
  quantity: string;
  /** Fixed trigger (stop, stop-limit, take-profit); a trailing stop's comes from its offset. */
  trigger: string | null;
  /** The limit price of the order placed on firing; null places a market order. */
  limit: string | null;
  trail: TrailOffset | null;
};

/**
 * The checks of a leg that the instrument's own order rules do not make: a fixed trigger the
 * last price has already crossed would fire at once (the user wanted an order now, or the other
 * side); a trailing stop needs a positive offset (a percentage below 100); a stop-limit needs its
 * limit. Answers the first broken rule, or null.
 */
export function checkConditionalLeg(draft: ConditionalDraft, last: string | null): ConditionalError | null {
  if (draft.kind === 'stop_limit' && draft.limit === null) return { key: 'CONDITIONAL_LIMIT_REQUIRED' };
  if (draft.kind === 'trailing') {
    const value = draft.trail ? new Decimal(draft.trail.value) : null;
    if (!value || value.lte(0) || (draft.trail?.by === 'percent' && value.gte(100)))
      return { key: 'CONDITIONAL_TRAIL_INVALID' };
    return null;
  }
  if (
    draft.trigger !== null &&
    last !== null &&
    crossed(directionOf(draft.kind, draft.side), draft.trigger, last)
  )
    return { key: 'CONDITIONAL_TRIGGER_CROSSED', params: { last } };
  return null;
}

/**
 * One-cancels-other: two legs of the same side and quantity that wait in opposite directions
 * (a take-profit above and a stop below for a sell), so that whichever the market reaches first
 * is the one the user meant, and one hold covers both.
 */
export function checkOcoPair(a: ConditionalDraft, b: ConditionalDraft): ConditionalError | null {
  if (a.side !== b.side || !new Decimal(a.quantity).eq(b.quantity)) return { key: 'CONDITIONAL_OCO_INVALID' };
  if (a.kind === 'trailing' || b.kind === 'trailing') return { key: 'CONDITIONAL_OCO_INVALID' };
  if (directionOf(a.kind, a.side) === directionOf(b.kind, b.side)) return { key: 'CONDITIONAL_OCO_INVALID' };
  return null;
}
