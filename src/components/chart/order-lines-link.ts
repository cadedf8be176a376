import { draggedPrice } from '../../../domain/chart/order-lines';
import { readChartTheme } from './chart-theme';
import type { KlineController } from './kline-controller';
import { attachOrderDrag } from './order-lines-drag';
import { OrderLinesPrimitive, type LabelledLine, type OrderLineColours } from './order-lines-primitive';

/** Where a dropped line goes: the screen decides (a confirm sheet, or back). */
export type OrderDrop = (key: string, price: string) => void;

/** Each kind's colour from the chart's tokens (a test or a theme may set `--chart-order-*`). */
function coloursOf(element: HTMLElement): OrderLineColours {
  const theme = readChartTheme(element);
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const [yellow, purple, blue, orange] = theme.lines as [string, string, string, string];
  const buy = token('--chart-order-buy', theme.up);
  const sell = token('--chart-order-sell', theme.down);
  const stop = token('--chart-order-stop', orange);
  return {
    buy,
    sell,
    limit: buy,
    stop,
    stop_limit: stop,
    take_profit: token('--chart-order-take-profit', yellow),
    trailing: token('--chart-order-trailing', purple),
    entry: token('--chart-order-entry', blue),
    position_tp: buy,
    position_sl: sell,
    liquidation: token('--chart-order-liquidation', sell),
    label: theme.background,
  };
}

/**
 * The order lines of one chart screen, across the charts it builds (a new interval or palette
 * builds a new one): the primitive and its drag are made on each, handed the last lines, and let
 * go with it. A plain object, not React state: lines reach the canvas with no render of the chart.
 */
export class OrderLinesLink {
  private primitive: OrderLinesPrimitive | null = null;
  private stop: (() => void) | null = null;
  private lines: readonly LabelledLine[] = [];
  /** The screen's handler of a drop; while null (a sheet is open) no line can be taken. */
  private drop: OrderDrop | null = null;

  constructor(
    private readonly market: 'stock' | 'coin',
    private readonly scale: number,
    private readonly formatPrice: (price: string) => string,
  ) {}

  /** Given to KlineChart (with any other layer's): draws on each chart it builds. */
  readonly onController = (controller: KlineController | null): void => {
    this.stop?.();
    this.stop = null;
    this.primitive = null;
    if (!controller) return;
    const element = controller.chart.chartElement().closest<HTMLElement>('.kline-chart') ?? document.body;
    const primitive = new OrderLinesPrimitive(coloursOf(element), this.formatPrice);
    controller.candles.attachPrimitive(primitive);
    const off = attachOrderDrag(controller, primitive, {
      enabled: () => this.drop !== null,
      priceAt: (y) =>
        draggedPrice(controller.candles.coordinateToPrice(y) ?? Number.NaN, this.market, this.scale),
      onDrop: (key, price) => this.drop?.(key, price),
    });
    primitive.show(this.lines);
    this.primitive = primitive;
    this.stop = () => {
      off();
      controller.candles.detachPrimitive(primitive);
    };
  };

  show(lines: readonly LabelledLine[]): void {
    this.lines = lines;
    this.primitive?.show(lines);
  }

  /** Draws a line at a price until let go (`null`): a drop being confirmed or sent. */
  hold(key: string | null, price?: string): void {
    this.primitive?.hold(key, price);
  }

  onDrop(drop: OrderDrop | null): void {
    this.drop = drop;
  }
}
