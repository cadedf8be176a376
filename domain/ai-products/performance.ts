import Decimal from 'decimal.js';
import { selectBasket, type BasketRule, type History } from './basket';
import { guardPrice } from './fill';

/**
 * Measured and back-tested figures of an AI stock product (DECISIONS §2: past results, never a
 * promise). Ratios are fractions (0.0123 = 1.23%) to 6 decimals, half up.
 */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export const RATIO_SCALE = 6;
const ratio = (v: Decimal) => v.toDecimalPlaces(RATIO_SCALE, Decimal.ROUND_HALF_UP);

/** Return net of costs: value now plus what was paid out, over what was paid in, less 1; null on nothing in. */
export function netReturn(
  paidIn: Decimal.Value,
  value: Decimal.Value,
  paidOut: Decimal.Value = 0,
): Decimal | null {
  const i = new D(paidIn);
  if (i.lte(0)) return null;
  return ratio(new D(value).plus(paidOut).div(i).minus(1));
}

/** The largest fall from a running peak, as a fraction of the peak (0 when it never fell). */
export function maxDrawdown(values: readonly Decimal.Value[]): Decimal {
  let peak: Decimal | null = null;
  let worst = new D(0);
  for (const v of values) {
    const x = new D(v);
    if (peak === null || x.gt(peak)) peak = x;
    if (peak.gt(0)) {
      const dd = peak.minus(x).div(peak);
      if (dd.gt(worst)) worst = dd;
    }
  }
  return ratio(worst);
}

export type BacktestPoint = { t: number; value: string; index: string };
export type Backtest = { points: BacktestPoint[]; rebalances: number; return: string; indexReturn: string };

function closeAt(h: History | undefined, t: number): Decimal | null {
  const bar = h?.bars.find((b) => b.t === t);
  return bar ? new D(bar.close) : null;
}

/** The first price after a decision taken before bar `t`: its open, else the close before it. */
function openAt(h: History | undefined, t: number, prevT: number): Decimal | null {
  const open = h?.bars.find((b) => b.t === t)?.open;
  return open !== undefined ? new D(open) : closeAt(h, prevT);
}

/**
 * Replays the rule on daily bars: from the `days`-th last bar of the index, start at 1, rebalance
 * every `rebalanceDays` bars on the basket the rule picks from bars closed before that bar
 * (selectBasket's asOf is the bar's open: no look-ahead), traded at that bar's open at the worst
 * price a live trade accepts (guardPrice, domain/ai-products/fill.ts) with `costRate` on the
 * turnover; value each bar at its close. The index is scaled to start at 1. Fractional shares
 * (a model, not an order); null when there is not enough history.
 */
export function backtest(
  history: readonly History[],
  index: History,
  rule: BasketRule,
  opts: { days: number; rebalanceDays: number; costRate: Decimal.Value; barMs: number },
): Backtest | null {
  const times = index.bars.map((b) => b.t);
  if (times.length < opts.days + 1) return null;
  const start = times.length - opts.days;
  const bySymbol = new Map(history.map((h) => [h.symbol, h]));
  let cash = new D(1);
  let shares = new Map<string, Decimal>();
  let rebalances = 0;
  const base = closeAt(index, times[start - 1] as number) as Decimal;
  const points: BacktestPoint[] = [];
  const valueAt = (price: (symbol: string) => Decimal | null) => {
    let v = cash;
    for (const [s, q] of shares) v = v.plus(q.times(price(s) ?? 0));
    return v;
  };
  for (let i = start; i < times.length; i++) {
    const t = times[i] as number;
    const prevT = times[i - 1] as number;
    if ((i - start) % opts.rebalanceDays === 0) {
      const basket = selectBasket(history, rule, t, opts.barMs);
      const ref = (symbol: string) => openAt(bySymbol.get(symbol), t, prevT);
      const before = valueAt(ref);
      const next = new Map<string, Decimal>();
      for (const line of basket) {
        const price = ref(line.symbol);
        if (price && price.gt(0)) next.set(line.symbol, before.times(line.weight).div(price));
      }
      // Each share bought or sold pays how far its guard price is from the open, and the costs
      // on what it traded at that price.
      let costs = new D(0);
      for (const s of new Set([...shares.keys(), ...next.keys()])) {
        const price = ref(s) ?? new D(0);
        const delta = (next.get(s) ?? new D(0)).minus(shares.get(s) ?? 0);
        if (delta.isZero() || price.lte(0)) continue;
        const worst = guardPrice(delta.gt(0) ? 'buy' : 'sell', price);
        costs = costs.plus(delta.abs().times(worst.minus(price).abs().plus(worst.times(opts.costRate))));
      }
      // Costs come out of the new holdings pro rata, so the value after trading is before − costs.
      const scale = before.gt(0) ? before.minus(costs).div(before) : new D(0);
      shares = new Map([...next].map(([s, q]) => [s, q.times(scale)]));
      const invested = [...next.keys()].length > 0 ? before.minus(costs) : before;
      cash = next.size > 0 ? new D(0) : invested;
      rebalances++;
    }
    const ix = closeAt(index, t);
    points.push({
      t,
      value: ratio(valueAt((s) => closeAt(bySymbol.get(s), t))).toFixed(),
      index: ix && base.gt(0) ? ratio(ix.div(base)).toFixed() : '1',
    });
  }
  const last = points[points.length - 1];
  return {
    points,
    rebalances,
    return: ratio(new D(last?.value ?? 1).minus(1)).toFixed(),
    indexReturn: ratio(new D(last?.index ?? 1).minus(1)).toFixed(),
  };
}
