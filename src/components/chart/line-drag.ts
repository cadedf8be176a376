import type { Time } from 'lightweight-charts';
import { DRAG_SLOP_PX, dragShape, pickGrip, type Grip } from '../../../domain/chart/drag';
import {
  pickedPrice,
  type Drawing,
  type DrawingPoint,
  type ScreenShape,
} from '../../../domain/chart/drawing';
import { fromChartTime } from './chart-time';
import type { DrawingsPrimitive } from './drawings-primitive';
import type { KlineController } from './kline-controller';

export type LineDragHandlers = {
  /** Whether a press may take a line now (not while a tool places a new one). */
  enabled: () => boolean;
  selected: () => string | null;
  lines: () => readonly Drawing[];
  /** A line pressed: it is the selected one from now (a press that does not move is a tap on it). */
  onHold: (id: string) => void;
  /** The line where the finger has it now (drawn, not saved). */
  onMove: (line: Drawing) => void;
  /** Let go after a drag: the line where it was dropped. */
  onDrop: (line: Drawing) => void;
};

type Held = { line: Drawing; shape: ScreenShape; grip: Grip; x: number; y: number; moved: boolean };

/**
 * Lines dragged by mouse or finger: a press on a line (or a trend line's end) holds it, and the
 * chart's own panning is off until it is let go, so the finger moves the line, not the chart.
 * Pointer events arrive before the chart's mouse and touch events; a held press cancels the mouse
 * ones, and turning scrolling off stops the touch ones.
 */
export function attachLineDrag(
  controller: KlineController,
  layer: DrawingsPrimitive,
  scale: number,
  handlers: LineDragHandlers,
): () => void {
  const { chart } = controller;
  const element = chart.chartElement();
  let held: Held | null = null;

  /** A pointer's place on the candles' pane (its left edge is past any left price scale). */
  const local = (event: PointerEvent) => {
    const box = element.getBoundingClientRect();
    return { x: event.clientX - box.left - chart.priceScale('left').width(), y: event.clientY - box.top };
  };
  const placed = placeOnChart(controller, scale);
  const release = () => {
    chart.applyOptions({ handleScroll: true, handleScale: true });
    held = null;
  };
  const down = (event: PointerEvent) => {
    if (!handlers.enabled() || !event.isPrimary || event.button > 0) return;
    const at = local(event);
    if (at.y > (chart.panes()[0]?.getHeight() ?? 0)) return;
    const shapes = layer.shapes();
    const pick = pickGrip(shapes, at, handlers.selected());
    const shape = shapes.find((s) => s.id === pick?.id);
    const line = handlers.lines().find((l) => l.id === pick?.id);
    if (!pick || !shape || !line) return;
    // The chart neither pans nor zooms under a held line.
    event.preventDefault();
    chart.applyOptions({ handleScroll: false, handleScale: false });
    element.setPointerCapture(event.pointerId);
    held = { line, shape, grip: pick.grip, x: at.x, y: at.y, moved: false };
    handlers.onHold(line.id);
  };
  const move = (event: PointerEvent) => {
    if (!held || !event.isPrimary) return;
    const at = local(event);
    const dx = at.x - held.x;
    const dy = at.y - held.y;
    if (!held.moved && Math.hypot(dx, dy) < DRAG_SLOP_PX) return;
    held.moved = true;
    const next = placed(held.line, dragShape(held.shape, held.grip, dx, dy));
    if (next) {
      held.line = next;
      handlers.onMove(next);
    }
  };
  const up = (event: PointerEvent) => {
    if (!held || !event.isPrimary) return;
    const { line, moved } = held;
    release();
    if (moved) handlers.onDrop(line);
  };
  // The browser took the gesture over: the line stays where the finger last had it.
  const cancel = () => {
    if (!held) return;
    const { line, moved } = held;
    release();
    if (moved) handlers.onDrop(line);
  };
  element.addEventListener('pointerdown', down, { capture: true });
  element.addEventListener('pointermove', move);
  element.addEventListener('pointerup', up);
  element.addEventListener('pointercancel', cancel);
  return () => {
    element.removeEventListener('pointerdown', down, { capture: true });
    element.removeEventListener('pointermove', move);
    element.removeEventListener('pointerup', up);
    element.removeEventListener('pointercancel', cancel);
    if (held) release();
  };
}

/** A line's new place on the screen as the time and price it is saved at; null where the scales cannot place it. */
function placeOnChart({ chart, candles }: KlineController, scale: number) {
  const pointAt = (x: number, y: number): DrawingPoint | null => {
    const time = fromChartTime(chart.timeScale().coordinateToTime(x) as Time | null);
    const price = pickedPrice(candles.coordinateToPrice(y) ?? Number.NaN, scale);
    return time === null || price === null ? null : { time, price };
  };
  return (line: Drawing, shape: ScreenShape): Drawing | null => {
    if (shape.kind === 'hline') {
      const price = pickedPrice(candles.coordinateToPrice(shape.y) ?? Number.NaN, scale);
      return price === null || line.kind !== 'hline' ? null : { ...line, price };
    }
    const a = pointAt(shape.a.x, shape.a.y);
    const b = pointAt(shape.b.x, shape.b.y);
    // Both ends on one bar make no line: it stays where it last was until they part.
    if (!a || !b || a.time === b.time || line.kind !== 'trend') return null;
    return a.time < b.time ? { ...line, a, b } : { ...line, a: b, b: a };
  };
}
