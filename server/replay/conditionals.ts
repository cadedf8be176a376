import {
  checkConditionalLeg,
  crossed,
  directionOf,
  trailingTrigger,
  trailStep,
  type ConditionalKind,
  type TrailOffset,
} from '../../domain/conditional/trigger';
import type { Trade } from '../../domain/protocol/market';
import { ApiError } from '../http/errors';

/** Conditional orders a replay's paper account may have waiting at once. */
export const REPLAY_CONDITIONALS_MAX = 20;

export type ReplayLeg = {
  id: string;
  symbol: string;
  kind: ConditionalKind;
  side: 'buy' | 'sell';
  quantity: string;
  trigger: string;
  limit: string | null;
  trail: TrailOffset | null;
  best: string | null;
  state: 'pending' | 'fired' | 'refused' | 'cancelled';
  reason: string | null;
  fired: { price: string; t: number; tradeId: string } | null;
  placedOrderId: string | null;
  createdAt: number;
};

export type LegDraft = Pick<ReplayLeg, 'symbol' | 'kind' | 'side' | 'quantity' | 'limit' | 'trail'> & {
  trigger: string | null;
};

/**
 * A replay's conditional orders: the live engine's rules (domain/conditional/trigger: when a
 * trigger is already crossed, which way each kind waits, how a trailing stop follows the market),
 * fired by the recorded trades as they reach the replay's clock, each placing its order through
 * the paper account as the live engine places one.
 */
export class ReplayConditionals {
  readonly legs: ReplayLeg[] = [];
  private next = 1;

  add(draft: LegDraft, last: string | null, priceScale: number, now: number): ReplayLeg {
    if (this.pending().length >= REPLAY_CONDITIONALS_MAX)
      throw new ApiError('REPLAY_ORDERS_CAP', { max: REPLAY_CONDITIONALS_MAX });
    const broken = checkConditionalLeg(draft, last);
    if (broken) throw new ApiError(broken.key, broken.params);
    const trailing = draft.kind === 'trailing' && draft.trail !== null;
    if (trailing && last === null) throw new ApiError('NO_LIQUIDITY');
    const best = trailing ? last : null;
    const trigger =
      trailing && draft.trail && best !== null
        ? trailingTrigger(draft.side, best, draft.trail, priceScale)
        : (draft.trigger ?? '0');
    const leg: ReplayLeg = {
      ...draft,
      id: `C${this.next++}`,
      trigger,
      best,
      state: 'pending',
      reason: null,
      fired: null,
      placedOrderId: null,
      createdAt: now,
    };
    this.legs.push(leg);
    return leg;
  }

  pending(symbol?: string): ReplayLeg[] {
    return this.legs.filter((l) => l.state === 'pending' && (symbol === undefined || l.symbol === symbol));
  }

  cancel(id: string): ReplayLeg {
    const leg = this.legs.find((l) => l.id === id && l.state === 'pending');
    if (!leg) throw new ApiError('ORDER_NOT_FOUND');
    leg.state = 'cancelled';
    leg.reason = 'user';
    return leg;
  }

  /** The legs these trades fire, in order, each marked fired at the trade that crossed it. */
  fire(symbol: string, trades: readonly Trade[], priceScale: number): ReplayLeg[] {
    const fired: ReplayLeg[] = [];
    for (const trade of trades)
      for (const leg of this.pending(symbol)) {
        if (leg.kind === 'trailing' && leg.trail && leg.best !== null) {
          const moved = trailStep(
            leg.side,
            { best: leg.best, trigger: leg.trigger },
            leg.trail,
            trade.price,
            priceScale,
          );
          if (moved) {
            leg.best = moved.best;
            leg.trigger = moved.trigger;
            continue;
          }
        }
        if (!crossed(directionOf(leg.kind, leg.side), leg.trigger, trade.price)) continue;
        leg.state = 'fired';
        leg.fired = { price: trade.price, t: trade.t, tradeId: trade.id };
        fired.push(leg);
      }
    return fired;
  }

  /** Cancels everything waiting (a reset). */
  clear(): void {
    for (const leg of this.pending()) {
      leg.state = 'cancelled';
      leg.reason = 'reset';
    }
  }
}
