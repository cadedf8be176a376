import type { AllocationMethod } from './lifecycle';

/**
 * Who gets what an even split leaves over, per pool of an offering: the one statement of the rule
 * (DECISIONS §5). The allocations implement it and the screens' rules texts are chosen by it, so
 * the lots handed out and what the user read before applying cannot disagree.
 *
 * - `application_time`: a retail IPO by BIST equal distribution (./allocation.ts). The pool is
 *   split equally in rounds among the applicants still wanting more; the lots left that cannot be
 *   split equally (fewer than those applicants) go ONE LOT EACH to them in order of application
 *   time (then id), as Turkish brokers describe the rounds. Never pro rata.
 * - `largest_remainder`: an IPO's institutional tranche (./pro-rata.ts), pro rata to demand; the
 *   lots the floors leave go one each to the largest remainders, ties in application order.
 * - `ticket_draw`: a lottery IPO (./lottery.ts): whole tickets are drawn; lots short of a ticket
 *   are not allotted.
 * - `rounded_down`: a coin sale (./ico.ts), pro rata to the USDT committed; tokens round down and
 *   the dust stays unsold (its USDT refunded).
 */
export type LeftoverRule = 'application_time' | 'largest_remainder' | 'ticket_draw' | 'rounded_down';

export type OfferingPool =
  { kind: 'retail'; method: AllocationMethod } | { kind: 'institutional' } | { kind: 'coin_sale' };

/** A retail pool's rule: by equal distribution or by lottery. */
export type RetailLeftoverRule = Extract<LeftoverRule, 'application_time' | 'ticket_draw'>;
export function retailLeftoverRule(method: AllocationMethod): RetailLeftoverRule {
  return method === 'lottery' ? 'ticket_draw' : 'application_time';
}

export function leftoverRule(pool: OfferingPool): LeftoverRule {
  switch (pool.kind) {
    case 'retail':
      return retailLeftoverRule(pool.method);
    case 'institutional':
      return 'largest_remainder';
    case 'coin_sale':
      return 'rounded_down';
  }
}
