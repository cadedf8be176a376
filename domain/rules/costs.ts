import Decimal from 'decimal.js';
import { USDT_SCALE } from '../format/money';

/** Costs maths keeps every digit until the one rounding to the currency's smallest unit. */
const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

/** SPEC §5 / DECISIONS §5 stock costs, as the `stockCosts` setting holds them (rates of the amount). */
export type StockCostSettings = {
  commissionRate: string;
  /** Smallest commission of an order that filled anything, TRY ("0": none). */
  minCommission: string;
  /** BSMV: a rate of the commission. */
  bsmvRate: string;
  exchangeFeeRate: string;
};

/** Canonical decimal strings, TRY with 2 decimals (kuruş). */
export type StockCosts = { commission: string; bsmv: string; exchangeFee: string; total: string };

/** TRY is booked in kuruş: each cost rounds half up to 0.01 on its own. */
const KURUS = 2;

/**
 * The costs of buying or selling `amount` TRY of shares: commission (at least the minimum once
 * anything trades), BSMV on the commission, the exchange fee. Non-decreasing in `amount`, so
 * the costs of the largest amount an order can reach are a safe hold for its cash. The ticket
 * preview and the booking both call this; the booking charges an order's fills the difference
 * between the costs of its filled amount after and before each fill, so the fills of one order
 * add up to exactly `stockCosts(order's filled amount)`.
 */
export function stockCosts(amount: Decimal.Value, settings: StockCostSettings): StockCosts {
  const value = new D(amount);
  if (value.lte(0)) return { commission: '0', bsmv: '0', exchangeFee: '0', total: '0' };
  const rated = value.times(settings.commissionRate).toDecimalPlaces(KURUS);
  const commission = D.max(rated, new D(settings.minCommission).toDecimalPlaces(KURUS));
  return costsWithCommission(value, commission, settings, KURUS);
}

/**
 * The costs of an amount whose commission is already rounded: BSMV on the commission and the
 * exchange fee on the amount, each rounded to `scale` decimals on its own (the broker's paper
 * costs and a real venue's fees alike).
 */
export function costsWithCommission(
  amount: Decimal,
  commission: Decimal,
  rates: { bsmvRate: string; exchangeFeeRate: string },
  scale: number,
): StockCosts {
  const bsmv = commission.times(rates.bsmvRate).toDecimalPlaces(scale);
  const exchangeFee = amount.times(rates.exchangeFeeRate).toDecimalPlaces(scale);
  const total = commission.plus(bsmv).plus(exchangeFee);
  return {
    commission: commission.toFixed(),
    bsmv: bsmv.toFixed(),
    exchangeFee: exchangeFee.toFixed(),
    total: total.toFixed(),
  };
}

/** What a stock buy of `amount` needs in cash: the amount and its costs. */
export function stockBuyTotal(amount: Decimal.Value, settings: StockCostSettings): string {
  return new D(amount).plus(stockCosts(amount, settings).total).toFixed();
}

/** Coin spot settings, as the `coinSpot` setting holds them. */
export type CoinSpotSettings = { feeRate: string; minAmount: string };

/**
 * The coin spot fee of a trade of `amount` USDT, charged in USDT (on a buy on top of the amount,
 * on a sell out of the proceeds). Non-decreasing in `amount`; booked like stock costs (the
 * difference of the cumulative fee), so an order's fills add up to `coinFee(filled amount)`.
 */
export function coinFee(amount: Decimal.Value, settings: CoinSpotSettings): string {
  const value = new D(amount);
  if (value.lte(0)) return '0';
  return value.times(settings.feeRate).toDecimalPlaces(USDT_SCALE).toFixed();
}

/** What a coin buy of `amount` USDT needs: the amount and its fee. */
export function coinBuyTotal(amount: Decimal.Value, settings: CoinSpotSettings): string {
  return new D(amount).plus(coinFee(amount, settings)).toFixed();
}
