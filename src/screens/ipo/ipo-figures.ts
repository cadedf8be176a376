import Decimal from 'decimal.js';
import { expectedLots, expectedLotsAtLeast } from '../../../domain/ipo/estimate';
import { parseLots } from '../../../domain/ipo/lots';
import { applicationHold, type IpoCharge } from '../../../domain/ipo/money';
import type { IpoDetail } from '../../../domain/protocol/ipo';

/**
 * What the IPO screens compute from the wire, with the functions the server enforces
 * (domain/ipo): the charge an application holds and the lots it may expect. Lots arrive as
 * whole-number strings; anything else reads as unknown (null), never as 0.
 */

export function lotsOf(text: string | null | undefined): bigint | null {
  return text === null || text === undefined ? null : parseLots(text);
}

/** The IPO's price terms as domain/ipo/money takes them. */
export function termsOf(ipo: IpoDetail) {
  return { issuePrice: ipo.issuePrice, lotSize: ipo.lotSize, costs: ipo.costs };
}

/** What `lots` cost (amount, costs, total) and what the application holds now. */
export function chargeOf(ipo: IpoDetail, lots: bigint): IpoCharge & { hold: string } {
  return applicationHold(termsOf(ipo), ipo.paymentMode, lots);
}

export type Estimate =
  /** Equal distribution: the lots the split would give if it closed right after this application. */
  | { method: 'equal'; lots: bigint }
  /**
   * Lottery: tickets (lottery count), the share of tickets that would win now (0..1, a Decimal
   * string), and the lots that makes on average (tickets × ticket lots × that share).
   */
  | { method: 'lottery'; tickets: bigint; chance: string; lots: string };

/**
 * The expected-lots estimate from the live demand, as if the user applied for `mine`
 * lots now; null when it cannot be known (no demand on the wire, bad figures).
 */
export function estimateOf(ipo: IpoDetail, mine: bigint): Estimate | null {
  const pool = lotsOf(ipo.lotsRetail);
  if (pool === null || mine < 1n) return null;
  const groups: { lots: bigint; applicants: bigint }[] = [];
  for (const group of ipo.demand) {
    const lots = lotsOf(group.lots);
    const applicants = lotsOf(group.applicants);
    if (lots === null || applicants === null) return null;
    groups.push({ lots, applicants });
  }
  if (ipo.method === 'equal') {
    const lots =
      groups.length > 0 || ipo.applicants === 0
        ? expectedLots(pool, groups, mine)
        : expectedLotsAtLeast(pool, BigInt(ipo.applicants), mine);
    return lots === null ? null : { method: 'equal', lots };
  }
  return lotteryEstimate(pool, lotsOf(ipo.ticketLots) ?? 1n, groups, mine);
}

/**
 * domain/ipo/lottery's rules read forward: ⌊lots / ticketLots⌋ tickets each, ⌊pool / ticketLots⌋
 * winning tickets, every ticket equally likely; so each wins with winning / all (at most 1).
 */
export function lotteryEstimate(
  pool: bigint,
  ticketLots: bigint,
  others: readonly { lots: bigint; applicants: bigint }[],
  mine: bigint,
): Estimate | null {
  if (ticketLots < 1n) return null;
  const tickets = mine / ticketLots;
  let all = tickets;
  for (const group of others) all += (group.lots / ticketLots) * group.applicants;
  const winning = pool / ticketLots;
  const chance =
    all === 0n ? new Decimal(0) : Decimal.min(1, new Decimal(winning.toString()).div(all.toString()));
  const lots = chance.times(tickets.toString()).times(ticketLots.toString());
  return { method: 'lottery', tickets, chance: chance.toFixed(), lots: lots.toFixed() };
}

export type Countdown = { days: number; hours: number; minutes: number; seconds: number };

/** The time left until `until` in whole seconds, split for display; null once it has passed. */
export function countdownOf(until: number | null, now: number): Countdown | null {
  if (until === null || until <= now) return null;
  const total = Math.ceil((until - now) / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
