import Decimal from 'decimal.js';
import { z } from 'zod';
import { Bollinger } from '../indicators/bollinger';
import { Sma } from '../indicators/moving-average';

/**
 * The robots' four strategies (DECISIONS §2): pure step functions on the stream of
 * closed candles. A step sees the state it left, the bar that just closed and what the robot holds
 * now, and answers its new state and at most one decision. It never sees a later bar, so a run on
 * a series cut at t decides exactly as a run on the whole series up to t (tests check it). The
 * state is plain JSON: the server stores it on the robot order between passes.
 *
 * Sizes: a buy names the cash to spend (the fee comes out of it), a sell the quantity to sell.
 */
export const STRATEGY_KINDS = ['dca', 'grid', 'reversion', 'trend'] as const;
export type StrategyKind = (typeof STRATEGY_KINDS)[number];

const posInt = z.number().int().min(1).max(10_000);
const fraction = z.string().regex(/^0\.\d{1,8}$/);

export const strategyParamsSchema = z.discriminatedUnion('kind', [
  /** Buys a slice every `every` bars, up to `buys` slices; sells all at `takeProfit` over cost. */
  z.object({ kind: z.literal('dca'), every: posInt, buys: posInt, takeProfit: fraction }),
  /** Anchors at the first close; holds one slice per `step` below it (at most `levels`). */
  z.object({ kind: z.literal('grid'), levels: posInt, step: fraction }),
  /** Buys with all cash below the lower Bollinger band, sells all back at the middle band. */
  z.object({ kind: z.literal('reversion'), period: posInt, width: z.number().min(0.5).max(5) }),
  /** Buys with all cash when SMA(fast) crosses above SMA(slow), sells all when it crosses below. */
  z.object({ kind: z.literal('trend'), fast: posInt, slow: posInt }),
]);
export type StrategyParams = z.infer<typeof strategyParamsSchema>;

export type Holdings = { cash: Decimal; qty: Decimal };
export type Decision = { side: 'buy'; spend: Decimal } | { side: 'sell'; qty: Decimal };
/** JSON the server keeps between passes; each strategy reads only its own fields. */
export type StrategyState = {
  bars: number;
  /** The last closes a windowed strategy needs (trend: slow + 1, reversion: period). */
  closes: string[];
  slice: string;
  anchor: string | null;
  held: number;
  spent: string;
};
export type Step = { state: StrategyState; decision: Decision | null };

export function initialState(params: StrategyParams, capital: Decimal.Value): StrategyState {
  const parts = params.kind === 'dca' ? params.buys : params.kind === 'grid' ? params.levels : 1;
  return {
    bars: 0,
    closes: [],
    slice: new Decimal(capital).div(parts).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
    anchor: null,
    held: 0,
    spent: '0',
  };
}

/** One closed bar: the strategy's new state and what it wants done now. */
export function step(params: StrategyParams, state: StrategyState, close: Decimal, h: Holdings): Step {
  const next: StrategyState = { ...state, bars: state.bars + 1 };
  switch (params.kind) {
    case 'dca':
      return dca(params.every, params.buys, new Decimal(params.takeProfit), next, close, h);
    case 'grid':
      return grid(params.levels, new Decimal(params.step), next, close, h);
    case 'reversion':
      return reversion(params.period, params.width, window(next, close, params.period), close, h);
    case 'trend':
      return trend(params.fast, params.slow, window(next, close, params.slow + 1), h);
  }
}

function window(state: StrategyState, close: Decimal, size: number): StrategyState {
  return { ...state, closes: [...state.closes, close.toFixed()].slice(-size) };
}

const buyAll = (h: Holdings): Decision | null => (h.cash.gt(0) ? { side: 'buy', spend: h.cash } : null);
const sellAll = (h: Holdings): Decision | null => (h.qty.gt(0) ? { side: 'sell', qty: h.qty } : null);

function dca(every: number, buys: number, tp: Decimal, s: StrategyState, close: Decimal, h: Holdings): Step {
  const spent = new Decimal(s.spent);
  if (h.qty.gt(0) && close.gte(spent.div(h.qty).times(tp.plus(1))))
    return { state: { ...s, bars: 0, held: 0, spent: '0' }, decision: { side: 'sell', qty: h.qty } };
  if (s.held >= buys || (s.bars - 1) % every !== 0) return { state: s, decision: null };
  const spend = Decimal.min(new Decimal(s.slice), h.cash);
  if (spend.lte(0)) return { state: s, decision: null };
  return {
    state: { ...s, held: s.held + 1, spent: spent.plus(spend).toFixed() },
    decision: { side: 'buy', spend },
  };
}

function grid(levels: number, stepRate: Decimal, s: StrategyState, close: Decimal, h: Holdings): Step {
  if (s.anchor === null) return { state: { ...s, anchor: close.toFixed() }, decision: null };
  const anchor = new Decimal(s.anchor);
  const below = anchor.minus(close).div(anchor.times(stepRate)).floor();
  const target = Math.min(levels, Math.max(0, below.toNumber()));
  if (target > s.held) {
    const spend = Decimal.min(new Decimal(s.slice).times(target - s.held), h.cash);
    const state = { ...s, held: target };
    return { state, decision: spend.gt(0) ? { side: 'buy', spend } : null };
  }
  if (target < s.held) {
    const qty = h.qty
      .times(s.held - target)
      .div(s.held)
      .toDecimalPlaces(8, Decimal.ROUND_DOWN);
    return { state: { ...s, held: target }, decision: qty.gt(0) ? { side: 'sell', qty } : null };
  }
  return { state: s, decision: null };
}

function reversion(period: number, width: number, s: StrategyState, close: Decimal, h: Holdings): Step {
  if (s.closes.length < period) return { state: s, decision: null };
  const bands = new Bollinger(period, width);
  for (const c of s.closes) bands.add(Number(c));
  const x = close.toNumber();
  if (x < bands.low) return { state: s, decision: buyAll(h) };
  if (x >= bands.mid) return { state: s, decision: sellAll(h) };
  return { state: s, decision: null };
}

/** SMA(n) of the closes before the last one and of the closes up to it. */
function smaPair(closes: string[], n: number): [number, number] {
  const sma = new Sma(n);
  let previous = NaN;
  closes.forEach((c, i) => {
    sma.add(Number(c));
    if (i === closes.length - 2) previous = sma.value;
  });
  return [previous, sma.value];
}

function trend(fast: number, slow: number, s: StrategyState, h: Holdings): Step {
  if (s.closes.length < slow + 1) return { state: s, decision: null };
  const [fastBefore, fastNow] = smaPair(s.closes, fast);
  const [slowBefore, slowNow] = smaPair(s.closes, slow);
  if (fastBefore <= slowBefore && fastNow > slowNow) return { state: s, decision: buyAll(h) };
  if (fastBefore >= slowBefore && fastNow < slowNow) return { state: s, decision: sellAll(h) };
  return { state: s, decision: null };
}
