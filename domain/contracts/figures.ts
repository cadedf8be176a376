import Decimal from 'decimal.js';
import type { Tier } from '../protocol/contracts';
import { d, HUNDRED, PERCENT_SCALE, USDT_SCALE, ZERO, type DecimalLike } from './decimal';
import { liquidationPrice, type PositionCore } from './liquidation';
import { tierFor, type MarginRules } from './margin';

/**
 * A position's live figures as the wire carries them: the server's answers and the worker's posts
 * both come from figuresAt, so they are equal by construction.
 *  - mark: at the instrument's price scale.
 *  - notional, unrealizedPnl, maintenanceMargin: USDT at 8 decimals, half away from zero.
 *  - roe: percent, 2 decimals, half away from zero ("0.00" without margin).
 *  - marginRatio: percent, 2 decimals, truncated and capped at 100, so "100.00" appears exactly when
 *    the position is liquidatable (and for an equity at or below zero).
 *  - liquidationPrice: at the price scale, rounded toward the mark (long up, short down), so the shown
 *    price is never further away than the real one; null when no price liquidates.
 */
export interface PositionFigures {
  mark: string;
  notional: string;
  unrealizedPnl: string;
  roe: string;
  maintenanceMargin: string;
  marginRatio: string;
  liquidationPrice: string | null;
}

/** toFixed without a "-0.00" for a tiny negative that rounds to nothing. */
export function fixed(
  value: Decimal,
  scale: number,
  rounding: Decimal.Rounding = Decimal.ROUND_HALF_UP,
): string {
  const text = value.toFixed(scale, rounding);
  return text.startsWith('-') && /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/**
 * Everything about a position that does not move with the mark, computed once: the worker recomputes
 * hundreds of positions per tick, and the liquidation price (a tier search) depends on no mark.
 */
export interface PreparedPosition {
  long: boolean;
  qty: Decimal;
  /** qty × entry: PnL is notional − base for a long, base − notional for a short. */
  base: Decimal;
  margin: Decimal;
  feeRate: Decimal;
  tiers: readonly Tier[];
  priceScale: number;
  liquidationPrice: string | null;
}

export function preparePosition(
  position: PositionCore,
  rules: MarginRules,
  priceScale: number,
): PreparedPosition {
  const qty = d(position.qty);
  const long = position.side === 'long';
  const liq = liquidationPrice(position, rules);
  return {
    long,
    qty,
    base: qty.mul(position.entryPrice),
    margin: d(position.margin),
    feeRate: d(rules.feeRate),
    tiers: rules.tiers,
    priceScale,
    liquidationPrice: liq ? fixed(liq, priceScale, long ? Decimal.ROUND_UP : Decimal.ROUND_DOWN) : null,
  };
}

const CAP = '100.00';

/** The figures of a prepared position at `mark`. */
export function figuresAt(p: PreparedPosition, mark: DecimalLike): PositionFigures {
  const m = d(mark);
  const notional = p.qty.mul(m);
  const pnl = p.long ? notional.minus(p.base) : p.base.minus(notional);
  const tier = tierFor(notional, p.tiers);
  const mm = notional.mul(tier.mmr).minus(tier.deduction);
  const eq = p.margin.plus(pnl);
  const requirement = mm.plus(notional.mul(p.feeRate));
  let ratio = CAP;
  if (eq.gt(ZERO)) {
    const r = requirement.mul(HUNDRED).div(eq);
    ratio = r.gte(HUNDRED) ? CAP : fixed(r, PERCENT_SCALE, Decimal.ROUND_DOWN);
  }
  return {
    mark: fixed(m, p.priceScale),
    notional: fixed(notional, USDT_SCALE),
    unrealizedPnl: fixed(pnl, USDT_SCALE),
    roe: p.margin.isZero() ? '0.00' : fixed(pnl.mul(HUNDRED).div(p.margin), PERCENT_SCALE),
    maintenanceMargin: fixed(mm, USDT_SCALE),
    marginRatio: ratio,
    liquidationPrice: p.liquidationPrice,
  };
}

/** The ONE function whose strings the server answers and the worker posts. */
export function positionFigures(
  position: PositionCore,
  mark: DecimalLike,
  rules: MarginRules,
  priceScale: number,
): PositionFigures {
  return figuresAt(preparePosition(position, rules, priceScale), mark);
}

export interface WhatIf {
  unrealizedPnl: string;
  roe: string;
  /**
   * How far `price` is from liquidation, percent of `price`: positive while it is on the safe side
   * (above it for a long, below for a short), ≤ 0 once past it; null when nothing liquidates.
   */
  liquidationDistance: string | null;
}

/** The ticket's "what if the price were X" figures for a position (open or about to open). */
export function whatIf(position: PositionCore, price: DecimalLike, rules: MarginRules): WhatIf | null {
  const p = d(price);
  if (p.lte(ZERO)) return null;
  const prepared = preparePosition(position, rules, 0);
  const figures = figuresAt(prepared, p);
  const liq = liquidationPrice(position, rules);
  const gap = liq ? (prepared.long ? p.minus(liq) : liq.minus(p)) : null;
  return {
    unrealizedPnl: figures.unrealizedPnl,
    roe: figures.roe,
    liquidationDistance: gap ? fixed(gap.mul(HUNDRED).div(p), PERCENT_SCALE) : null,
  };
}
