import Decimal from 'decimal.js';
import type { OptionQuote } from '../../../domain/market-data/contract';
import type {
  OptionKind,
  OptionPosition,
  OptionQuote as BrokerQuote,
  OptionRule,
} from '../../../domain/protocol/options';
import {
  buyCost,
  closedShare,
  closePremium,
  closeProceeds,
  maxBuyPremium,
  minClosePremium,
} from '../../../domain/options/money';
import { breakeven } from './pricing';
import { DAY_MS } from '../../../domain/time';

/**
 * The ticket's and the positions' money from the worker's quote (premium, delta and theta priced
 * per tick there, workers/option-quotes.ts) and the rule's terms: what a buy costs now, what
 * closing a position would pay now. Decimal throughout, and only when a quote or input changes;
 * the screens only format.
 */

/** Premiums are quoted per share to 4 decimals (a 10 TL stock's far strike is worth kuruş fractions). */
export const PREMIUM_DECIMALS = 4;

export type BuyFigures = {
  /** Per share, truncated to PREMIUM_DECIMALS as the server prices it: the figure sent as `premium`. */
  premium: string;
  perContract: string;
  /** null until a whole number of contracts is typed. */
  total: string | null;
  fee: string | null;
  /** total + fee at the premium shown. */
  cost: string | null;
  breakeven: string;
  /** Per share: ∂premium/∂spot and ∂delta/∂spot. */
  delta: string;
  gamma: string;
  /** Per contract: for one volatility point, and for one per cent of rate. */
  vegaPerContract: string;
  rhoPerContract: string;
  /**
   * Premium lost per contract over the next day, all else equal (negative) — or over the next
   * hour when less than a day is left (`thetaUnit`): near expiry the day rate outgrows the whole
   * premium (−₺399 a day on a ₺334 option with six hours left), true as a rate but misleading.
   */
  thetaPerContract: string;
  thetaUnit: 'day' | 'hour';
  belowMinimum: boolean;
  aboveMaximum: boolean;
};

export function buyFigures(
  rule: OptionRule,
  pick: { kind: OptionKind; strike: string; expiresAt: number },
  contracts: bigint | null,
  quote: OptionQuote,
  now: number,
): BuyFigures {
  // The server's own money rules (domain/options/money): the figures shown are the ones charged.
  const perShare = new Decimal(quote.premium);
  const perContract = perShare.times(rule.multiplier);
  const count = contracts !== null && contracts > 0n ? new Decimal(contracts.toString()) : null;
  const bought = count ? buyCost(perShare, rule.multiplier, count, rule.feeRate, rule.minFee) : null;
  const total = bought?.total ?? null;
  return {
    premium: perShare.toFixed(),
    perContract: perContract.toFixed(),
    total: total?.toFixed() ?? null,
    fee: bought?.fee.toFixed() ?? null,
    cost: bought?.cost.toFixed() ?? null,
    breakeven: breakeven(pick.kind, pick.strike, perShare).toFixed(),
    delta: quote.delta,
    gamma: quote.gamma,
    vegaPerContract: perContractOf(quote.vega, rule.multiplier),
    rhoPerContract: perContractOf(quote.rho, rule.multiplier),
    ...thetaShown(quote.theta, rule.multiplier, pick.expiresAt - now < DAY_MS),
    belowMinimum: total !== null && total.lt(rule.minPremium),
    aboveMaximum: count !== null && count.gt(rule.maxContracts),
  };
}

/**
 * The confirm sheet's buy figures from the broker's quote: exactly what the buy at that quote is
 * charged, so the worst case is the cost itself (no tolerance on top), and the quote's Greeks.
 * Theta keeps the ticket's unit (`model`: the ticket's figures when the sheet opened).
 */
export function quotedBuyFigures(
  pick: { kind: OptionKind; strike: string },
  quote: BrokerQuote,
  model: BuyFigures,
): BuyFigures {
  const perShare = new Decimal(quote.premium);
  const { greeks } = quote;
  return {
    premium: perShare.toFixed(),
    perContract: perShare.times(quote.multiplier).toFixed(),
    total: quote.premiumTotal,
    fee: quote.fee,
    cost: quote.total,
    breakeven: breakeven(pick.kind, pick.strike, perShare).toFixed(),
    delta: greeks.delta,
    gamma: greeks.gamma,
    vegaPerContract: perContractOf(greeks.vega, quote.multiplier),
    rhoPerContract: perContractOf(greeks.rho, quote.multiplier),
    ...thetaShown(greeks.theta, quote.multiplier, model.thetaUnit === 'hour'),
    belowMinimum: false,
    aboveMaximum: false,
  };
}

function perContractOf(perShare: string, multiplier: number): string {
  return new Decimal(perShare).times(multiplier).toDecimalPlaces(2).toFixed();
}

function thetaShown(thetaPerDay: string, multiplier: number, hourly: boolean) {
  const perContract = new Decimal(thetaPerDay).times(multiplier).div(hourly ? 24 : 1);
  return {
    thetaPerContract: perContract.toDecimalPlaces(2).toFixed(),
    thetaUnit: hourly ? 'hour' : 'day',
  } as const;
}

export type CloseFigures = {
  /** The model premium per share now, and after the disclosed spread (rounded down: never more than paid). */
  model: string;
  closePremium: string;
  /** Model value of the whole position (model × multiplier × contracts). */
  value: string;
  gross: string;
  fee: string;
  /** What closing now credits: gross − fee, never below 0. */
  proceeds: string;
  /** proceeds − cost: the P&L closing now would realise. */
  pnl: string;
  /**
   * The least the close may fill at when the price moves within the rule's tolerance before it
   * reaches the broker (domain/options/money minClosePremium, the server's own check), and what
   * is credited there and its P&L: the worst case of confirming now.
   */
  minClosePremium: string;
  minProceeds: string;
  minPnl: string;
};

export function closeFigures(rule: OptionRule, position: OptionPosition, quote: OptionQuote): CloseFigures {
  const model = new Decimal(quote.premium);
  const shares = new Decimal(position.contracts).times(position.multiplier);
  const price = closePremium(model, rule.closeSpread);
  const { gross, fee, net } = closeProceeds(
    price,
    position.multiplier,
    position.contracts,
    rule.feeRate,
    rule.minFee,
  );
  const floor = minClosePremium(price, rule.priceTolerance);
  const worst = closeProceeds(floor, position.multiplier, position.contracts, rule.feeRate, rule.minFee);
  return {
    model: model.toFixed(),
    closePremium: price.toFixed(),
    minClosePremium: floor.toFixed(),
    minProceeds: worst.net.toFixed(),
    minPnl: worst.net.minus(position.cost).toFixed(),
    value: model.times(shares).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(),
    gross: gross.toFixed(),
    fee: fee.toFixed(),
    proceeds: net.toFixed(),
    pnl: net.minus(position.cost).toFixed(),
  };
}

/**
 * The close sheet's figures from the broker's quote: exactly what the close at that quote pays
 * (the least it pays is what it pays). The model premium and value, which the quote does not
 * carry, stay the model's (`model`); the sheet does not show them beside the quote's.
 */
export function quotedCloseFigures(
  position: OptionPosition,
  quote: BrokerQuote,
  model: CloseFigures,
): CloseFigures {
  // Part of the position: P&L against the closed contracts' own share of the cost (the server's rule).
  const cost = closedShare(position.premiumTotal, position.fee, quote.contracts, position.contracts).cost;
  const pnl = new Decimal(quote.total).minus(cost).toFixed();
  return {
    model: model.model,
    value: model.value,
    closePremium: quote.premium,
    gross: quote.premiumTotal,
    fee: quote.fee,
    proceeds: quote.total,
    pnl,
    minClosePremium: quote.premium,
    minProceeds: quote.total,
    minPnl: pnl,
  };
}

/** The strike nearest the spot (the lower one on a tie): the ticket opens at the money. */
export function nearestStrike(strikes: readonly string[], spot: string): string | null {
  let best: string | null = null;
  let bestGap: Decimal | null = null;
  for (const strike of strikes) {
    const gap = new Decimal(strike).minus(spot).abs();
    if (bestGap === null || gap.lt(bestGap)) {
      best = strike;
      bestGap = gap;
    }
  }
  return best;
}

/**
 * The most contracts `available` TRY surely covers, with room for the premium rising by the rule's
 * price tolerance before the broker quotes it (fee included), within the rule's maximum; 0 when not even one fits or the
 * most that fits stays under the minimum premium. The cost grows with the count, so a binary
 * search on the same money rules the ticket uses finds it.
 */
export function maxAffordable(rule: OptionRule, premium: string, available: string): bigint {
  const ceiling = maxBuyPremium(new Decimal(premium), rule.priceTolerance);
  const fits = (n: bigint) =>
    buyCost(ceiling, rule.multiplier, n.toString(), rule.feeRate, rule.minFee).cost.lte(available);
  let lo = 0n;
  let hi = BigInt(rule.maxContracts);
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n;
    if (fits(mid)) lo = mid;
    else hi = mid - 1n;
  }
  if (lo === 0n) return 0n;
  const total = buyCost(premium, rule.multiplier, lo.toString(), rule.feeRate, rule.minFee).total;
  return total.lt(rule.minPremium) ? 0n : lo;
}
