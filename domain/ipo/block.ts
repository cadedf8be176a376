import Decimal from 'decimal.js';
import { roundToBistTick, STOCK_PRICE_SCALE, toSteps, fromSteps } from '../market/ticks';
import type { StockCostSettings } from '../rules/costs';
import type { IpoError } from './errors';
import { parseLots } from './lots';
import { checkSubscriptionBalance, subscriptionCharge, type IpoCharge } from './money';
import { DAY_MS } from '../time';

/**
 * Block trades (SPEC "bulk"): a block of an existing stock sold at a disclosed discount
 * to a reference price, in lots between a minimum and a maximum per buyer, the shares locked up
 * for some days after purchase; optionally for VIP members only (the discounted IPO stocks).
 */

export type BlockTerms = {
  /** TRY: the stock's reference (usually the previous close) when the block is announced. */
  referencePrice: string;
  /** A fraction: "0.08" is 8 % off. 0 ≤ discount < 1. */
  discount: string;
  /** Shares per lot (BIST: 1). */
  lotSize: number;
  /** The whole block, in lots. */
  lotsOffered: bigint;
  minLots: bigint;
  maxLots: bigint;
  opensAt: number;
  closesAt: number;
  lockupDays: number;
  vipOnly: boolean;
  costs: StockCostSettings | null;
};

/**
 * reference × (1 − discount), rounded DOWN to the kuruş and then to the BIST tick of its tier
 * (DECISIONS §5), so the block price is a price the stock can trade at and the buyer's discount is
 * never less than the one disclosed. Null when there is no such price (a discount outside [0, 1),
 * a reference that is not a positive kuruş price, or a result below 0.01).
 */
export function blockPrice(referencePrice: string, discount: string): string | null {
  let reference: Decimal;
  let off: Decimal;
  try {
    reference = new Decimal(referencePrice);
    off = new Decimal(discount);
  } catch {
    return null;
  }
  if (!reference.isFinite() || !off.isFinite() || reference.lte(0) || off.isNeg() || off.gte(1)) return null;
  if (reference.decimalPlaces() > STOCK_PRICE_SCALE) return null;
  const exact = reference.times(new Decimal(1).minus(off));
  const steps = toSteps(
    exact.toDecimalPlaces(STOCK_PRICE_SCALE, Decimal.ROUND_DOWN).toFixed(),
    STOCK_PRICE_SCALE,
  );
  if (!Number.isSafeInteger(steps) || steps < 1) return null;
  return new Decimal(fromSteps(roundToBistTick(steps, 'down'), STOCK_PRICE_SCALE)).toFixed();
}

/** The operator's block, checked when it is created. */
export function checkBlockTerms(terms: BlockTerms): IpoError | null {
  if (blockPrice(terms.referencePrice, terms.discount) === null) return { key: 'BLOCK_DISCOUNT_INVALID' };
  if (!Number.isSafeInteger(terms.lotSize) || terms.lotSize < 1)
    return { key: 'FIELD_INVALID', params: { field: 'lotSize' } };
  if (terms.minLots < 1n || terms.maxLots < terms.minLots)
    return { key: 'FIELD_INVALID', params: { field: 'maxLots' } };
  if (terms.lotsOffered < terms.minLots) return { key: 'FIELD_INVALID', params: { field: 'lotsOffered' } };
  if (
    !Number.isSafeInteger(terms.opensAt) ||
    !Number.isSafeInteger(terms.closesAt) ||
    terms.opensAt >= terms.closesAt
  )
    return { key: 'FIELD_INVALID', params: { field: 'closesAt' } };
  if (!Number.isSafeInteger(terms.lockupDays) || terms.lockupDays < 0)
    return { key: 'FIELD_INVALID', params: { field: 'lockupDays' } };
  return null;
}

export type BlockOrderContext = {
  t: number;
  isVip: boolean;
  /** Lots of the block already bought by anyone. */
  soldLots: bigint;
  /** Lots of the block this buyer already bought: `maxLots` is per buyer, all orders together. */
  boughtLots?: bigint;
  /** The stock account's free cash, TRY. */
  available: string;
};

/** What buying `lots` of the block costs (price × lots × lot size + stock costs); null: no price. */
export function blockCharge(terms: BlockTerms, lots: bigint): IpoCharge | null {
  const price = blockPrice(terms.referencePrice, terms.discount);
  if (price === null) return null;
  return subscriptionCharge({ issuePrice: price, lotSize: terms.lotSize, costs: terms.costs }, lots);
}

/** A block order's checks in the order a person fixes them: open, VIP, lots, what is left, money. */
export function checkBlockOrder(
  lotsText: string,
  terms: BlockTerms,
  context: BlockOrderContext,
): IpoError | null {
  if (context.t < terms.opensAt || context.t >= terms.closesAt) return { key: 'BLOCK_NOT_OPEN' };
  if (terms.vipOnly && !context.isVip) return { key: 'BLOCK_VIP_ONLY' };
  if (lotsText === '') return { key: 'FIELD_REQUIRED', params: { field: 'lots' } };
  const lots = parseLots(lotsText);
  if (lots === null) return { key: 'FIELD_INVALID', params: { field: 'lots' } };
  if (lots === 0n) return { key: 'ORDER_AMOUNT_ZERO' };
  if (lots < terms.minLots)
    return { key: 'BLOCK_LOTS_BELOW_MINIMUM', params: { min: terms.minLots.toString() } };
  const bought = context.boughtLots ?? 0n;
  if (lots + bought > terms.maxLots) {
    const left = terms.maxLots - bought;
    return { key: 'BLOCK_LOTS_ABOVE_MAXIMUM', params: { max: (left > 0n ? left : 0n).toString() } };
  }
  const remaining = terms.lotsOffered - context.soldLots;
  if (lots > remaining)
    return {
      key: 'BLOCK_LOTS_ABOVE_REMAINING',
      params: { remaining: (remaining > 0n ? remaining : 0n).toString() },
    };
  const charge = blockCharge(terms, lots);
  if (charge === null) return { key: 'BLOCK_DISCOUNT_INVALID' };
  return checkSubscriptionBalance(context.available, charge.total, 'BLOCK_INSUFFICIENT_BALANCE');
}

/**
 * When block-bought shares become sellable: `lockupDays` whole days after the purchase. Istanbul
 * keeps UTC+3 all year (no daylight saving since 2016), so a day is always 24 hours here.
 */
export function lockupEnd(boughtAt: number, lockupDays: number): number {
  return boughtAt + lockupDays * DAY_MS;
}

export function checkBlockSell(t: number, lockedUntil: number): IpoError | null {
  return t < lockedUntil ? { key: 'BLOCK_LOCKED_UP', params: { until: lockedUntil } } : null;
}
