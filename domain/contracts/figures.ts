import Decimal from 'decimal.js';
import type { Tier } from '../protocol/contracts';
import { d, HUNDRED, PERCENT_SCALE, USDT_SCALE, ZERO, type DecimalLike } from './decimal';
import { divRound, formatScaled, ONE, pow10, toUnits, UNIT_DECIMALS } from './fixed-point';
import { liquidationPrice, type PositionCore } from './liquidation';
import { liquidationCloseRate, type MarginRules } from './margin';

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
 * A closed or liquidated position's figures: nothing is open, so nothing is unrealized, at risk or
 * liquidatable; its result is its realized P&L. Taken at its close price as if still open, a
 * liquidated long read an unrealized −400.07 USDT and a margin ratio of 100 % beside a realized
 * −101 (the loss capped at its margin).
 */
export function closedFigures(closePrice: string): PositionFigures {
  const none = fixed(ZERO, USDT_SCALE);
  return {
    mark: closePrice,
    notional: none,
    unrealizedPnl: none,
    roe: fixed(ZERO, PERCENT_SCALE),
    maintenanceMargin: none,
    marginRatio: fixed(ZERO, PERCENT_SCALE),
    liquidationPrice: null,
  };
}

/**
 * Everything about a position that does not move with the mark, computed once: the worker recomputes
 * hundreds of positions per tick, and the liquidation price (a tier search) depends on no mark.
 * Amounts are exact scaled integers (./fixed-point.ts): qty, margin at 10⁻¹⁸; products at 10⁻³⁶.
 */
export interface PreparedPosition {
  long: boolean;
  qty: bigint;
  /** qty × entry (10⁻³⁶): PnL is notional − base for a long, base − notional for a short. */
  base: bigint;
  /** The margin at 10⁻³⁶. */
  margin: bigint;
  tiers: readonly PreparedTier[];
  priceScale: number;
  liquidationPrice: string | null;
}

/** A tier with its edge at 10⁻³⁶, rates at 10⁻¹⁸ and deduction at 10⁻⁵⁴ (the maintenance margin's scale). */
interface PreparedTier {
  max: bigint | null;
  mmr: bigint;
  deduction: bigint;
  /**
   * The liquidation close's fee rate (taker + liquidation fee, liquidationCloseRate; the same for
   * every tier), kept here so a tick reads one object.
   */
  fee: bigint;
}

const preparedTiers = new WeakMap<readonly Tier[], Map<string, PreparedTier[]>>();

function prepareTiers(rules: MarginRules): PreparedTier[] {
  let byFee = preparedTiers.get(rules.tiers);
  if (!byFee) preparedTiers.set(rules.tiers, (byFee = new Map()));
  const rate = liquidationCloseRate(rules).toFixed();
  let tiers = byFee.get(rate);
  if (!tiers) {
    const fee = toUnits(rate);
    tiers = rules.tiers.map((t) => ({
      max: t.maxNotional === null ? null : toUnits(t.maxNotional) * ONE,
      mmr: toUnits(t.mmr),
      deduction: toUnits(t.deduction) * ONE * ONE,
      fee,
    }));
    byFee.set(rate, tiers);
  }
  return tiers;
}

export function preparePosition(
  position: PositionCore,
  rules: MarginRules,
  priceScale: number,
): PreparedPosition {
  const qty = toUnits(position.qty);
  const long = position.side === 'long';
  const liq = liquidationPrice(position, rules);
  return {
    long,
    qty,
    base: qty * toUnits(position.entryPrice),
    margin: toUnits(position.margin) * ONE,
    tiers: prepareTiers(rules),
    priceScale,
    liquidationPrice: liq ? fixed(liq, priceScale, long ? Decimal.ROUND_UP : Decimal.ROUND_DOWN) : null,
  };
}

const CAP = '100.00';
const E28 = pow10(28);
const E46 = pow10(46);
const TEN_THOUSAND = 10_000n;

// Every position of a symbol sees the same mark on a tick: parse it (and print it) once.
let lastMark: DecimalLike | null = null;
let lastUnits = 0n;
let lastText = '';
let lastTextScale = -1;

function markUnits(mark: DecimalLike): bigint {
  if (mark !== lastMark || typeof mark !== 'string') {
    lastUnits = toUnits(mark);
    lastMark = mark;
    lastTextScale = -1;
  }
  return lastUnits;
}

function markText(units: bigint, scale: number): string {
  if (scale !== lastTextScale) {
    lastText = formatScaled(divRound(units, pow10(UNIT_DECIMALS - scale)), scale);
    lastTextScale = scale;
  }
  return lastText;
}

/** The figures of a prepared position at `mark`. */
export function figuresAt(p: PreparedPosition, mark: DecimalLike): PositionFigures {
  const m = markUnits(mark);
  const notional = p.qty * m; // 10⁻³⁶
  const pnl = p.long ? notional - p.base : p.base - notional;
  const tiers = p.tiers;
  let tier = tiers[tiers.length - 1]!;
  for (let i = 0; i < tiers.length; i++) {
    const t = tiers[i]!;
    if (t.max === null || notional <= t.max) {
      tier = t;
      break;
    }
  }
  const mm = notional * tier.mmr - tier.deduction; // 10⁻⁵⁴
  const requirement = mm + notional * tier.fee;
  const equity = (p.margin + pnl) * ONE; // 10⁻⁵⁴
  const ratio =
    equity <= 0n || requirement >= equity
      ? CAP
      : formatScaled((requirement * TEN_THOUSAND) / equity, PERCENT_SCALE);
  return {
    mark: markText(m, p.priceScale),
    notional: formatScaled(divRound(notional, E28), USDT_SCALE),
    unrealizedPnl: formatScaled(divRound(pnl, E28), USDT_SCALE),
    roe: p.margin === 0n ? '0.00' : formatScaled(divRound(pnl * TEN_THOUSAND, p.margin), PERCENT_SCALE),
    maintenanceMargin: formatScaled(divRound(mm, E46), USDT_SCALE),
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
  const figures = figuresAt(preparePosition(position, rules, 0), p);
  const liq = liquidationPrice(position, rules);
  const gap = liq ? (position.side === 'long' ? p.minus(liq) : liq.minus(p)) : null;
  return {
    unrealizedPnl: figures.unrealizedPnl,
    roe: figures.roe,
    liquidationDistance: gap ? fixed(gap.mul(HUNDRED).div(p), PERCENT_SCALE) : null,
  };
}
