import Decimal from 'decimal.js';

/**
 * The basket rules of the AI stock products. They are rules, not a model that "knows"
 * the market (DECISIONS §2): momentum holds the top-N stocks by their N-day return, low volatility
 * the lowest-N by the standard deviation of their daily returns. A rule sees only bars that had
 * closed before `asOf` (no look-ahead): the live bar and anything after are ignored.
 */
export const BASKET_KINDS = ['momentum', 'low_volatility'] as const;
export type BasketKind = (typeof BASKET_KINDS)[number];
export const WEIGHTINGS = ['equal', 'inverse_vol'] as const;
export type Weighting = (typeof WEIGHTINGS)[number];

export type BasketRule = {
  kind: BasketKind;
  /** Days of returns the rule looks at (needs lookbackDays + 1 closes). */
  lookbackDays: number;
  /** Stocks held. */
  count: number;
  weighting: Weighting;
};

/** A daily bar; `open` is where the backtest trades a decision taken before the bar. */
export type Bar = { t: number; open?: string; close: string };
export type History = { symbol: string; bars: readonly Bar[] };
/** A basket line: the weight a fraction to 4 decimals; a basket's weights add up to exactly 1. */
export type BasketWeight = { symbol: string; weight: string; score: string };

export const WEIGHT_SCALE = 4;
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** The closes of bars complete before `asOf` (a bar opened at t closes at t + barMs), oldest first. */
export function closesBefore(bars: readonly Bar[], asOf: number, barMs: number): Decimal[] {
  return bars.filter((b) => b.t + barMs <= asOf).map((b) => new D(b.close));
}

/** Simple daily returns c[i]/c[i−1] − 1 of the last `days` + 1 closes; null without enough closes. */
export function dailyReturns(closes: readonly Decimal[], days: number): Decimal[] | null {
  if (days < 1 || closes.length < days + 1) return null;
  const window = closes.slice(-(days + 1));
  const out: Decimal[] = [];
  for (let i = 1; i < window.length; i++) {
    const prev = window[i - 1] as Decimal;
    if (prev.lte(0)) return null;
    out.push((window[i] as Decimal).div(prev).minus(1));
  }
  return out;
}

/** Return over the last `days` days: last / close `days` earlier − 1; null without enough closes. */
export function periodReturn(closes: readonly Decimal[], days: number): Decimal | null {
  if (days < 1 || closes.length < days + 1) return null;
  const first = closes[closes.length - 1 - days] as Decimal;
  if (first.lte(0)) return null;
  return (closes[closes.length - 1] as Decimal).div(first).minus(1);
}

/** Sample standard deviation (n − 1); null for fewer than two values. */
export function stdev(values: readonly Decimal[]): Decimal | null {
  if (values.length < 2) return null;
  const mean = values.reduce((s, v) => s.plus(v), new D(0)).div(values.length);
  const sq = values.reduce((s, v) => s.plus(v.minus(mean).pow(2)), new D(0));
  return sq.div(values.length - 1).sqrt();
}

/** `vol` null when one return is all there is (a one-day momentum rule needs no deviation). */
type Scored = { symbol: string; score: Decimal; vol: Decimal | null };

function scoreOf(closes: Decimal[], rule: BasketRule): { score: Decimal; vol: Decimal | null } | null {
  const returns = dailyReturns(closes, rule.lookbackDays);
  if (!returns) return null;
  const vol = stdev(returns);
  if (rule.kind === 'low_volatility') return vol ? { score: vol, vol } : null;
  const ret = periodReturn(closes, rule.lookbackDays);
  return ret ? { score: ret, vol } : null;
}

/**
 * Weights truncated to 4 decimals; what truncation left over goes to the first (best-ranked)
 * line, so they add up to exactly 1. Inverse-vol falls back to equal when a volatility is zero
 * or unknown.
 */
function weightsOf(picked: Scored[], weighting: Weighting): Decimal[] {
  const raw =
    weighting === 'inverse_vol' && picked.every((p) => p.vol?.gt(0))
      ? picked.map((p) => new D(1).div(p.vol as Decimal))
      : picked.map(() => new D(1));
  const sum = raw.reduce((s, v) => s.plus(v), new D(0));
  const cut = raw.map((v) => v.div(sum).toDecimalPlaces(WEIGHT_SCALE, Decimal.ROUND_DOWN));
  const rest = new D(1).minus(cut.reduce((s, v) => s.plus(v), new D(0)));
  if (cut.length > 0) cut[0] = (cut[0] as Decimal).plus(rest);
  return cut;
}

/**
 * The basket the rule holds at `asOf`: stocks with enough closed history, ranked (momentum:
 * highest return first; low volatility: lowest deviation first; ties by symbol), the first
 * `count`, weighted. Empty when no stock has enough history.
 */
export function selectBasket(
  history: readonly History[],
  rule: BasketRule,
  asOf: number,
  barMs: number,
): BasketWeight[] {
  const scored: Scored[] = [];
  for (const h of history) {
    const s = scoreOf(closesBefore(h.bars, asOf, barMs), rule);
    if (s) scored.push({ symbol: h.symbol, ...s });
  }
  const sign = rule.kind === 'momentum' ? -1 : 1;
  scored.sort((a, b) => sign * a.score.comparedTo(b.score) || (a.symbol < b.symbol ? -1 : 1));
  const picked = scored.slice(0, Math.max(0, rule.count));
  const weights = weightsOf(picked, rule.weighting);
  return picked.map((p, i) => ({
    symbol: p.symbol,
    weight: (weights[i] as Decimal).toFixed(),
    score: p.score.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(),
  }));
}
