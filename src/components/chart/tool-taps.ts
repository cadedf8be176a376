import type { Time } from 'lightweight-charts';
import { DRAG_SLOP_PX } from '../../../domain/chart/drag';
import { fromChartTime } from './chart-time';
import type { ChartTap, KlineController } from './kline-controller';

/** Longer than this between down and up is a press, not a tap. */
const TAP_MS = 500;

/**
 * Taps on the candles' pane while a drawing tool is chosen, read from the pointer events
 * themselves. The chart's own click skips a second tap within its double-tap time (it counts it
 * toward a double tap, and a double tap only when both were within 30 px), so a trend line's
 * second point, tapped quickly elsewhere, was lost; every tap here is one, however fast it comes.
 */
export function attachToolTaps(
  controller: KlineController,
  handlers: { enabled: () => boolean; onTap: (tap: ChartTap) => void },
): () => void {
  const { chart, candles } = controller;
  const element = chart.chartElement();
  let down: { id: number; x: number; y: number; t: number } | null = null;
  const local = (event: PointerEvent) => {
    const box = element.getBoundingClientRect();
    return { x: event.clientX - box.left - chart.priceScale('left').width(), y: event.clientY - box.top };
  };
  const onDown = (event: PointerEvent) => {
    if (!handlers.enabled() || !event.isPrimary || event.button > 0) return;
    const at = local(event);
    down =
      at.y > (chart.panes()[0]?.getHeight() ?? 0) ? null : { id: event.pointerId, ...at, t: event.timeStamp };
  };
  const onUp = (event: PointerEvent) => {
    const was = down;
    down = null;
    if (!was || event.pointerId !== was.id || !handlers.enabled()) return;
    const at = local(event);
    if (Math.hypot(at.x - was.x, at.y - was.y) >= DRAG_SLOP_PX || event.timeStamp - was.t > TAP_MS) return;
    handlers.onTap({
      point: at,
      time: fromChartTime(chart.timeScale().coordinateToTime(at.x) as Time | null),
      price: candles.coordinateToPrice(at.y),
    });
  };
  const onCancel = () => {
    down = null;
  };
  element.addEventListener('pointerdown', onDown);
  element.addEventListener('pointerup', onUp);
  element.addEventListener('pointercancel', onCancel);
  return () => {
    element.removeEventListener('pointerdown', onDown);
    element.removeEventListener('pointerup', onUp);
    element.removeEventListener('pointercancel', onCancel);
  };
}
