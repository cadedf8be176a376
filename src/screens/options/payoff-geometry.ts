import Decimal from 'decimal.js';
import type { OptionKind } from '../../../domain/protocol/options';
import { payoff } from './pricing';

/** What the payoff of one contract is drawn from. */
export type PayoffShape = {
  kind: OptionKind;
  strike: string;
  /** Per share, as quoted. */
  premium: string;
  breakeven: string;
  spot: string;
  multiplier: number;
};

/** A P&L of one contract at an underlying price, as the chart draws it (Decimal strings). */
export type PnlPoint = { spot: string; pnl: string };

export const W = 320;
export const H = 150;
export const PAD = 12;

/**
 * A price range wide enough for the strike, the breakeven and today's price with room either
 * side: the chart's x axis and the simulated view's price slider.
 */
export function payoffRange(p: Pick<PayoffShape, 'strike' | 'breakeven' | 'spot'>) {
  const k = new Decimal(p.strike);
  const span = Decimal.max(
    k.times('0.06'),
    k.minus(p.breakeven).abs().times(3),
    k.minus(p.spot).abs().times('1.4'),
  );
  return { lo: Decimal.max(k.minus(span), 0), hi: k.plus(span) };
}

/**
 * Where the payoff chart's lines go: the P&L of one contract at expiry at the range's ends and at
 * the strike, the simulated curve on another date (`dated`, when given) within the same scales,
 * and the scales from price and P&L to the SVG's coordinates (display-only floats).
 */
export function payoffGeometry(
  p: PayoffShape,
  range: { lo: Decimal; hi: Decimal } = payoffRange(p),
  dated: readonly PnlPoint[] = [],
) {
  const k = new Decimal(p.strike);
  const { lo, hi } = range;
  const pnl = (s: Decimal) => payoff(p.kind, k, s).minus(p.premium).times(p.multiplier);
  const xs = [lo, Decimal.min(Decimal.max(k, lo), hi), hi];
  const ys = xs.map(pnl);
  const loss = new Decimal(p.premium).times(p.multiplier).neg();
  const top = Decimal.max(...ys, loss.abs(), ...dated.map((d) => d.pnl));
  const bottom = loss.times('1.3');
  const x = (s: Decimal.Value) =>
    PAD +
    new Decimal(s)
      .minus(lo)
      .div(hi.minus(lo))
      .times(W - 2 * PAD)
      .toNumber();
  const y = (v: Decimal.Value) =>
    PAD +
    top
      .minus(v)
      .div(top.minus(bottom))
      .times(H - 2 * PAD)
      .toNumber();
  const line = (at: readonly { spot: Decimal.Value; pnl: Decimal.Value }[]) =>
    at.map((d) => `${x(d.spot).toFixed(1)},${y(d.pnl).toFixed(1)}`).join(' ');
  const points = line(xs.map((s, i) => ({ spot: s, pnl: ys[i] ?? 0 })));
  const inRange = (at: string) => new Decimal(at).gte(lo) && new Decimal(at).lte(hi);
  return { lo, hi, loss, x, y, points, datedPoints: line(dated), zero: y(0), inRange };
}
