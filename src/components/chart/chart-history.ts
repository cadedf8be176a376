import type { ChartBar, IndicatorLines } from '../../../domain/market-data/contract';

/**
 * The bars a reset draws at once: a phone shows ~55 at the chart's default spacing and the
 * landscape trader chart ~140, so this leaves a screen or two of scrolling before the rest.
 * lightweight-charts rebuilds every bar's drawing item of a series on each `update`, so a live
 * bar's repaint costs in proportion to the bars held, not to the bars shown.
 */
export const RECENT_BARS = 300;
/** The older bars are drawn once the view's left edge comes within this many bars of the first drawn. */
export const HISTORY_MARGIN = 60;

export type ChartReset = { bars: ChartBar[]; main: IndicatorLines; sub: IndicatorLines };

/**
 * A reset split before its newest `recent` bars: what is drawn now, and the older bars with
 * their indicator points (null when there are none), drawn when the reader scrolls back to them.
 */
export function splitReset(
  reset: ChartReset,
  recent = RECENT_BARS,
): { now: ChartReset; older: ChartReset | null } {
  const cut = reset.bars.length - recent;
  if (cut <= 0) return { now: reset, older: null };
  const from = reset.bars[cut]!.time;
  const main = splitLines(reset.main, from);
  const sub = splitLines(reset.sub, from);
  return {
    now: { bars: reset.bars.slice(cut), main: main.now, sub: sub.now },
    older: { bars: reset.bars.slice(0, cut), main: main.older, sub: sub.older },
  };
}

function splitLines(lines: IndicatorLines, from: number): { now: IndicatorLines; older: IndicatorLines } {
  const now: IndicatorLines = {};
  const older: IndicatorLines = {};
  for (const name in lines) {
    const points = lines[name]!;
    let at = points.findIndex((point) => point.time >= from);
    if (at < 0) at = points.length;
    older[name] = points.slice(0, at);
    now[name] = points.slice(at);
  }
  return { now, older };
}
