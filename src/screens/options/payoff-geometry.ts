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

export const W = 320;
export const H = 150;
export const PAD = 12;

/**
 * Where the payoff chart's line goes: a price range wide enough for the strike, the breakeven and
 * today's price with room either side, the P&L of one contract at its ends and at the strike, and
 * the scales from price and P&L to the SVG's coordinates (display-only floats).
 */
export function payoffGeometry(p: PayoffShape) {
  const k = new Decimal(p.strike);
  const span = Decimal.max(
    k.times('0.06'),
    k.minus(p.breakeven).abs().times(3),
    k.minus(p.spot).abs().times('1.4'),
  );
  const lo = Decimal.max(k.minus(span), 0);
  const hi = k.plus(span);
  const pnl = (s: Decimal) => payoff(p.kind, k, s).minus(p.premium).times(p.multiplier);
  const xs = [lo, k, hi];
  const ys = xs.map(pnl);
  const loss = new Decimal(p.premium).times(p.multiplier).neg();
  const top = Decimal.max(...ys, loss.abs());
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
  const points = xs.map((s, i) => `${x(s).toFixed(1)},${y(ys[i] ?? 0).toFixed(1)}`).join(' ');
  const inRange = (at: string) => new Decimal(at).gte(lo) && new Decimal(at).lte(hi);
  return { lo, hi, loss, x, y, points, zero: y(0), inRange };
}
