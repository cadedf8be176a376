import type {
  AutoscaleInfo,
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesApi,
  ISeriesPrimitive,
  ISeriesPrimitiveAxisView,
  SeriesAttachedParameter,
  Time,
} from 'lightweight-charts';
import type { OrderLine, OrderLineKind, PlacedLine } from '../../../domain/chart/order-lines';

/** The canvas target lightweight-charts hands a pane renderer. */
type Target = Parameters<IPrimitivePaneRenderer['draw']>[0];

/** Each kind's colour, resolved from the theme's tokens (canvas takes colour strings). */
export type OrderLineColours = Record<'buy' | 'sell' | OrderLineKind, string> & { label: string };

/** A line as drawn: its words (localized by the screen) with it. */
export type LabelledLine = OrderLine & { label: string };

type Drawn = { line: LabelledLine; price: string; y: number; colour: string };

const LABEL_FONT = '600 11px system-ui, sans-serif';
const LABEL_PAD = 4;
const LABEL_HEIGHT = 16;

/**
 * The user's orders and position levels on the candle series' pane: one labelled line each, in
 * the theme's colours, with its price on the price axis. Painted by lightweight-charts in its own
 * frame, so the lines follow every scroll, zoom and tick without React; new data arrives by
 * `show`, a finger's drag by `hold`. Order lines count in the price scale's range (a waiting
 * order is on screen); a position's levels do not (a far liquidation price would flatten the bars).
 */
export class OrderLinesPrimitive implements ISeriesPrimitive<Time> {
  private series: ISeriesApi<'Candlestick'> | null = null;
  private requestUpdate: (() => void) | null = null;
  private lines: readonly LabelledLine[] = [];
  private held: { key: string; price: string } | null = null;
  private readonly view: IPrimitivePaneView;
  private axis: ISeriesPrimitiveAxisView[] = [];

  constructor(
    private readonly colours: OrderLineColours,
    private readonly formatPrice: (price: string) => string,
  ) {
    const renderer: IPrimitivePaneRenderer = { draw: (target) => this.draw(target) };
    this.view = { zOrder: () => 'top', renderer: () => renderer };
  }

  attached(param: SeriesAttachedParameter<Time>): void {
    this.series = param.series as ISeriesApi<'Candlestick'>;
    this.requestUpdate = param.requestUpdate;
  }

  detached(): void {
    this.series = null;
    this.requestUpdate = null;
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return [this.view];
  }

  /** Called by the chart before each paint: the axis labels where the lines are now. */
  updateAllViews(): void {
    this.axis = this.drawn().map(({ price, y, colour }) => ({
      coordinate: () => y,
      text: () => this.formatPrice(price),
      textColor: () => this.colours.label,
      backColor: () => colour,
    }));
  }

  priceAxisViews(): readonly ISeriesPrimitiveAxisView[] {
    return this.axis;
  }

  autoscaleInfo(): AutoscaleInfo | null {
    // The data's prices, not a held one: a scale that moved under the finger would move the line.
    const prices = this.lines.filter((l) => l.target !== null).map((l) => Number(l.price));
    if (prices.length === 0) return null;
    return { priceRange: { minValue: Math.min(...prices), maxValue: Math.max(...prices) } };
  }

  show(lines: readonly LabelledLine[]): void {
    this.lines = lines;
    this.requestUpdate?.();
  }

  /** A line drawn at `price` while a finger has it or its move is being decided; null lets go. */
  hold(key: string | null, price?: string): void {
    this.held = key === null || price === undefined ? null : { key, price };
    this.requestUpdate?.();
  }

  /** Where each line is on the pane now (what a press is measured against). */
  placed(): PlacedLine[] {
    return this.drawn().map(({ line, y }) => ({ key: line.key, y, draggable: line.target !== null }));
  }

  private priceOf(line: LabelledLine): string {
    return this.held?.key === line.key ? this.held.price : line.price;
  }

  private colourOf(line: LabelledLine): string {
    if (line.kind === 'limit') return this.colours[line.side ?? 'buy'];
    return this.colours[line.kind];
  }

  private drawn(): Drawn[] {
    const drawn: Drawn[] = [];
    for (const line of this.lines) {
      const price = this.priceOf(line);
      const y = this.series?.priceToCoordinate(Number(price)) ?? null;
      if (y !== null) drawn.push({ line, price, y, colour: this.colourOf(line) });
    }
    return drawn;
  }

  private draw(target: Target): void {
    const drawn = this.drawn();
    target.useMediaCoordinateSpace(({ context, mediaSize }) => {
      context.font = LABEL_FONT;
      context.textBaseline = 'middle';
      for (const { line, y, colour } of drawn) {
        const held = this.held?.key === line.key;
        context.strokeStyle = colour;
        context.lineWidth = held ? 2 : 1;
        // Resting orders solid, waiting triggers dashed, a position's levels dotted.
        context.setLineDash(line.kind === 'limit' ? [] : line.target ? [6, 4] : [2, 3]);
        context.beginPath();
        context.moveTo(0, Math.round(y) + 0.5);
        context.lineTo(mediaSize.width, Math.round(y) + 0.5);
        context.stroke();
        context.setLineDash([]);
        const width = context.measureText(line.label).width + LABEL_PAD * 2;
        context.fillStyle = colour;
        // At the right, by the price it names: the legend covers the pane's top left.
        const left = mediaSize.width - width - LABEL_PAD;
        context.fillRect(left, y - LABEL_HEIGHT / 2, width, LABEL_HEIGHT);
        context.fillStyle = this.colours.label;
        context.fillText(line.label, left + LABEL_PAD, y);
      }
    });
  }
}
