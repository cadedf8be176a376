import Decimal from 'decimal.js';
import {
  d,
  liquidationCloseRate,
  liquidationPrice,
  USDT_SCALE,
  type MarginRules,
} from '../../../domain/contracts';
import type { PositionSide } from '../../../domain/protocol/contracts';
import { COIN_QUOTE, coinPairRefusal } from '../../../domain/rules/tradable';
import { ApiError } from '../../http/errors';
import { fitsLedger } from '../../ledger/decimal';
import type { Instrument, MarketSource } from '../../market/source';
import type { ContractSettings } from './rules';

/** A coin with a USDT market: the only instruments with perpetuals. */
export function contractInstrument(market: MarketSource, symbol: string): Instrument {
  const instrument = market.instrument(symbol);
  if (!instrument || instrument.market !== 'coin' || instrument.quote !== COIN_QUOTE)
    throw new ApiError('UNKNOWN_SYMBOL');
  return instrument;
}

/**
 * The instrument a new position opens on: domain/rules/tradable's pair (the one the contract
 * ticket lists), so a coin sale's token opens none before its listing date (`listingAt`), as
 * it takes no spot order. Positions already open are managed by contractInstrument alone.
 */
export function openableInstrument(
  market: MarketSource,
  symbol: string,
  listingAt: number | null,
  now: number,
): Instrument {
  const instrument = contractInstrument(market, symbol);
  if (coinPairRefusal({ quote: instrument.quote, listingAt }, now)) throw new ApiError('NOT_TRADABLE');
  return instrument;
}

/** The mark the engine acts on; none yet (feed down) → opening is paused. */
export function currentMark(market: MarketSource, symbol: string): Decimal {
  const mark = market.mark(symbol);
  if (!mark) throw new ApiError('FEED_STALE');
  return d(mark.mark);
}

/** A positive amount of at most `scale` decimals. */
export function positiveAmount(value: string, field: string, scale: number): Decimal {
  const v = d(value);
  if (v.lte(0)) throw new ApiError('AMOUNT_NOT_POSITIVE', { field });
  if (v.decimalPlaces() > scale) throw new ApiError('AMOUNT_PRECISION', { decimals: scale });
  return v;
}

/** A quantity on the instrument's step. */
export function contractQty(value: string, instrument: Instrument): Decimal {
  const v = d(value);
  if (v.lte(0)) throw new ApiError('QUANTITY_NOT_POSITIVE', { field: 'quantity' });
  if (v.decimalPlaces() > instrument.qtyScale)
    throw new ApiError('LOT_MULTIPLE', { lot: d(1).div(d(10).pow(instrument.qtyScale)).toFixed() });
  return v;
}

/**
 * A trigger price: positive, on the price scale, and within the position row's NUMERIC(38,18)
 * (a long's take-profit has no other ceiling: 21 digits failed the write, a 500).
 */
export function triggerPrice(value: string, instrument: Instrument, field: string): Decimal {
  const v = d(value);
  if (v.lte(0) || !fitsLedger(v)) throw new ApiError('FIELD_INVALID', { field });
  if (v.decimalPlaces() > instrument.priceScale)
    throw new ApiError('PRICE_TICK', { tick: d(1).div(d(10).pow(instrument.priceScale)).toFixed() });
  return v;
}

export function checkLeverage(settings: ContractSettings, leverage: number): void {
  if (!settings.leverages.includes(leverage)) throw new ApiError('LEVERAGE_NOT_ALLOWED');
}

/**
 * Take-profit and stop-loss on the right side of the reference price (the mark: the price that
 * triggers them) for the direction, and a stop-loss that triggers before liquidation would.
 */
export function checkTriggers(
  side: PositionSide,
  reference: Decimal,
  takeProfit: Decimal | null,
  stopLoss: Decimal | null,
  liquidation: Decimal | null,
  priceScale: number,
): void {
  const price = reference.toFixed(priceScale);
  const long = side === 'long';
  if (takeProfit) {
    if (long && takeProfit.lte(reference)) throw new ApiError('TAKE_PROFIT_ABOVE', { price });
    if (!long && takeProfit.gte(reference)) throw new ApiError('TAKE_PROFIT_BELOW', { price });
  }
  if (stopLoss) {
    if (long && stopLoss.gte(reference)) throw new ApiError('STOP_LOSS_BELOW', { price });
    if (!long && stopLoss.lte(reference)) throw new ApiError('STOP_LOSS_ABOVE', { price });
    if (liquidation && (long ? stopLoss.lte(liquidation) : stopLoss.gte(liquidation)))
      throw new ApiError('STOP_LOSS_BEYOND_LIQUIDATION', {
        price: liquidation.toFixed(priceScale, long ? Decimal.ROUND_UP : Decimal.ROUND_DOWN),
      });
  }
}

/** Liquidation price of a would-be or open position (null: none). */
export function liqOf(
  p: { side: PositionSide; qty: Decimal; entryPrice: Decimal; margin: Decimal },
  rules: MarginRules,
): Decimal | null {
  return liquidationPrice(p, rules);
}

/**
 * The largest notional (USDT) a position at `leverage` may have and still not be liquidatable
 * the moment it opens (its margin covers maintenance + the liquidation close's fee); null: no limit.
 */
export function maxNotional(settings: ContractSettings, leverage: number): Decimal | null {
  const initial = d(1).div(leverage);
  const rate = liquidationCloseRate(settings);
  for (const tier of settings.tiers) {
    const slack = initial.minus(tier.mmr).minus(rate);
    if (slack.gt(0)) {
      if (tier.maxNotional === null) return null;
      continue;
    }
    // In this tier the margin shrinks relative to the requirement: solvable up to deduction ÷ −slack.
    const limit = d(tier.deduction).div(slack.neg());
    const cap = tier.maxNotional === null ? limit : Decimal.min(limit, tier.maxNotional);
    return cap.toDecimalPlaces(USDT_SCALE, Decimal.ROUND_DOWN);
  }
  const last = settings.tiers.at(-1);
  return last?.maxNotional ? d(last.maxNotional) : null;
}
