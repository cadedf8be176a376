import { DRAG_SLOP_PX } from '../../../domain/chart/drag';
import { pickOrderLine } from '../../../domain/chart/order-lines';
import type { KlineController } from './kline-controller';
import type { OrderLinesPrimitive } from './order-lines-primitive';

export type OrderDragHandlers = {
  /** Whether a press may take a line now (not while a confirm sheet decides the last drop). */
  enabled: () => boolean;
  /** The price a line stands for at a height of the pane (on the instrument's grid), or null. */
  priceAt: (y: number) => string | null;
  /** Let go after a drag: the line's key and the price it was dropped at. */
  onDrop: (key: string, price: string) => void;
};

type Held = { key: string; y: number; moved: boolean; price: string | null };

/**
 * Order lines dragged by mouse or finger: a press near a line holds it (the chart's panning is off
 * until it is let go, as for drawn lines), the primitive draws it where the finger has it, and a
 * drop hands its price to the screen, which decides (confirm, or put it back). The press is this
 * layer's alone: drawn lines under it are not taken too.
 */
export function attachOrderDrag(
  { chart }: KlineController,
  layer: OrderLinesPrimitive,
  handlers: OrderDragHandlers,
): () => void {
  const element = chart.chartElement();
  let held: Held | null = null;
  const localY = (event: PointerEvent) => event.clientY - element.getBoundingClientRect().top;
  const release = () => {
    chart.applyOptions({ handleScroll: true, handleScale: true });
    held = null;
  };
  const down = (event: PointerEvent) => {
    if (!handlers.enabled() || !event.isPrimary || event.button > 0) return;
    const y = localY(event);
    if (y > (chart.panes()[0]?.getHeight() ?? 0)) return;
    const key = pickOrderLine(layer.placed(), y);
    if (key === null) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    chart.applyOptions({ handleScroll: false, handleScale: false });
    element.setPointerCapture(event.pointerId);
    held = { key, y, moved: false, price: null };
  };
  const move = (event: PointerEvent) => {
    if (!held || !event.isPrimary) return;
    const y = localY(event);
    if (!held.moved && Math.abs(y - held.y) < DRAG_SLOP_PX) return;
    held.moved = true;
    const price = handlers.priceAt(y);
    if (price === null) return;
    held.price = price;
    layer.hold(held.key, price);
  };
  const end = (event: PointerEvent) => {
    if (!held || !event.isPrimary) return;
    const { key, moved, price } = held;
    release();
    if (moved && price !== null) handlers.onDrop(key, price);
    else layer.hold(null);
  };
  element.addEventListener('pointerdown', down, { capture: true });
  element.addEventListener('pointermove', move);
  element.addEventListener('pointerup', end);
  element.addEventListener('pointercancel', end);
  return () => {
    element.removeEventListener('pointerdown', down, { capture: true });
    element.removeEventListener('pointermove', move);
    element.removeEventListener('pointerup', end);
    element.removeEventListener('pointercancel', end);
    if (held) release();
  };
}
