import { Bollinger } from '../indicators/bollinger';
import { Sma } from '../indicators/moving-average';
import { Rsi } from '../indicators/rsi';
import type { AdviceKind } from '../protocol/membership';

/** A daily bar as the advice rules read it: prices as the source printed them (decimal strings). */
export type AdviceBar = { t: number; h: string; l: string; c: string };

export type AdviceParams = {
  fast: number;
  slow: number;
  rsiPeriod: number;
  rsiLevel: number;
  bollPeriod: number;
  bollWidth: number;
  stopLookback: number;
  rewardRisk: number;
  horizon: number;
};

/** The rules' parameters, published with the advice. */
export const ADVICE_PARAMS: Readonly<AdviceParams> = {
  fast: 5,
  slow: 20,
  rsiPeriod: 14,
  rsiLevel: 30,
  bollPeriod: 20,
  bollWidth: 2,
  /** The stop is the lowest low of this many bars up to the signal's. */
  stopLookback: 10,
  /** The target is entry + rewardRisk × (entry − stop). */
  rewardRisk: 2,
  /** A signal neither stopped nor at target after this many bars is closed at that bar's close. */
  horizon: 20,
};

/** A signal at bar `index` (its close), with the indicator figures that gave it (rounded for display). */
export type Signal = { kind: AdviceKind; index: number; facts: Record<string, string> };

const fixed = (x: number) => x.toFixed(2);

/**
 * Every signal of one kind along the bars, oldest first. The indicators are fed one close at a
 * time and each bar is judged right after its own close is added, so a signal at bar i reads
 * bars 0…i only: no look-ahead by construction (a test checks a cut history gives the same).
 *   ma_cross: SMA(fast) crosses above SMA(slow) (≤ before, > now).
 *   rsi_oversold: RSI(period) comes back to ≥ level from below it.
 *   bollinger_breakout: the close crosses above the upper band (≤ before, > now).
 */
export function signalsOf(
  bars: readonly AdviceBar[],
  kind: AdviceKind,
  p: AdviceParams = ADVICE_PARAMS,
): Signal[] {
  const out: Signal[] = [];
  const fast = new Sma(p.fast);
  const slow = new Sma(p.slow);
  const rsi = new Rsi(p.rsiPeriod);
  const boll = new Bollinger(p.bollPeriod, p.bollWidth);
  let prev = { fast: NaN, slow: NaN, rsi: NaN, up: NaN, close: NaN };
  bars.forEach((bar, index) => {
    const close = Number(bar.c);
    const now = { fast: fast.add(close), slow: slow.add(close), rsi: rsi.add(close), up: NaN, close };
    boll.add(close);
    now.up = boll.up;
    if (kind === 'ma_cross' && prev.fast <= prev.slow && now.fast > now.slow)
      out.push({
        kind,
        index,
        facts: {
          fast: String(p.fast),
          slow: String(p.slow),
          fastMa: fixed(now.fast),
          slowMa: fixed(now.slow),
        },
      });
    if (kind === 'rsi_oversold' && prev.rsi < p.rsiLevel && now.rsi >= p.rsiLevel)
      out.push({
        kind,
        index,
        facts: { period: String(p.rsiPeriod), level: String(p.rsiLevel), rsi: fixed(now.rsi) },
      });
    if (kind === 'bollinger_breakout' && prev.close <= prev.up && now.close > now.up)
      out.push({ kind, index, facts: { period: String(p.bollPeriod), band: fixed(now.up) } });
    prev = now;
  });
  return out;
}
