import { BARS_KEPT, candleKey, type CandlesPatch } from '../../../domain/market-data/contract';
import type { Interval } from '../../../domain/market/instrument';
import { candlesNow, onCandles } from '../../state/market';
import type { ControllerOptions, KlineController } from './kline-controller';
import { pacePatches } from './patch-pacer';

/** A live bar redraws the chart at most once a second (see patch-pacer.ts). */
export const CHART_PACE_MS = 1000;
/**
 * After a chart's first frame (150–300 ms on the reference phone), live bars wait this long
 * before the next repaint, so the load's work is over before the chart's repaints start: a
 * repaint every second from the first frame on kept adding blocking time to every load. A new
 * bar still waits no longer than CHART_PACE_MS, and the quote header stays per tick.
 */
export const FIRST_FRAME_HOLD_MS = 3000;
/**
 * Live bars reach the chart by `update`, which only appends: a 1-minute coin chart left open a
 * day would hold 1,440 bars more than the BARS_KEPT the worker and the page keep. This many bars
 * past that, the chart is redrawn from the page's copy: once every ~4 hours at 1 minute, a
 * single setData like a reset's.
 */
const REDRAW_PAST = 250;

type Feed = {
  element: HTMLElement;
  symbol: string;
  interval: Interval;
  /** The chart's options but the bar count, which the feed keeps (`onBars` is told too). */
  options: () => ControllerOptions;
  /** Told of the chart once it is built, before its first bars. */
  onBuilt: (chart: KlineController) => void;
};

/**
 * Feeds one symbol-interval's bars to a chart built on their arrival. The chart is built with its
 * first series, not before: an empty chart paints all its canvases once for nothing, a long task
 * on a phone just before the real first paint. Its code (lightweight-charts, ~50 KiB) loads after
 * the screen's first paint, in parallel with the worker's first series, which it cannot draw
 * without anyway. Returns the stop; the chart itself is the caller's to destroy.
 */
export function feedChart({ element, symbol, interval, options, onBuilt }: Feed): () => void {
  let stopped = false;
  const key = candleKey(symbol, interval);
  let chart: KlineController | null = null;
  /** Bars the chart holds (its onBars count). */
  let drawn = 0;
  let Controller: typeof KlineController | null = null;
  // Built and fed in one task, a timer after the series arrives (not inside the worker's
  // message). Feeding it a task later was tried: on a 4x-throttled phone the chart's animation
  // frame came between the two and painted the empty chart (124-164 ms), then painted again
  // with the series.
  let building: ReturnType<typeof setTimeout> | undefined;
  const waiting: CandlesPatch[] = [];
  const build = () => {
    if (stopped || chart || !Controller || waiting.length === 0) return;
    const Built = Controller;
    building ??= setTimeout(() => {
      const given = options();
      chart = new Built(element, {
        ...given,
        onBars: (count) => {
          drawn = count;
          given.onBars(count);
        },
      });
      onBuilt(chart);
      for (const next of waiting.splice(0)) chart.apply(next);
      // lightweight-charts paints the first frame in the next animation frame.
      pacer.hold(FIRST_FRAME_HOLD_MS);
    }, 0);
  };
  /** The newest bar's time given to the chart (or kept for it while it is built). */
  let lastTime = -Infinity;
  const draw = (patch: CandlesPatch) => {
    if (patch.reset) lastTime = patch.reset.bars.at(-1)?.time ?? -Infinity;
    for (const bar of patch.bars ?? []) lastTime = Math.max(lastTime, bar.time);
    if (chart) {
      chart.apply(patch);
      const kept = drawn > BARS_KEPT + REDRAW_PAST ? candlesNow(key) : undefined;
      if (kept) chart.apply({ reset: kept });
      return;
    }
    waiting.push(patch);
    build();
  };
  const load = () =>
    void import('./kline-controller').then(
      (module) => {
        Controller = module.KlineController;
        build();
      },
      // Offline with the chart's code never fetched: the chart keeps saying it is waiting.
      () => undefined,
    );
  // After the frame that shows the screen has been presented (the second frame's callback runs
  // once the first is on screen), so the request follows that paint instead of racing it.
  let loading: ReturnType<typeof setTimeout> | undefined;
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      loading = setTimeout(load, 0);
    });
  });
  const pacer = pacePatches<CandlesPatch>(
    draw,
    CHART_PACE_MS,
    () => performance.now(),
    (patch) => (patch.bars ?? []).some((bar) => bar.time > lastTime),
  );
  const stop = onCandles(key, (patch) => pacer.push(patch));
  return () => {
    stopped = true;
    cancelAnimationFrame(frame);
    clearTimeout(loading);
    stop();
    pacer.stop();
    clearTimeout(building);
  };
}
