import type {
  IChartApi,
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesApi,
  ISeriesPrimitive,
  SeriesAttachedParameter,
  Time,
} from 'lightweight-charts';
import type { Drawing, DrawingPoint, ScreenPoint, ScreenShape } from '../../../domain/chart/drawing';
import { toChartTime } from './chart-time';

/** The canvas target lightweight-charts hands a pane renderer. */
type Target = Parameters<IPrimitivePaneRenderer['draw']>[0];

export type DrawingColours = { line: string; selected: string; pending: string };

type Scene = {
  drawings: readonly Drawing[];
  selected: string | null;
  /** The first point of a trend line being placed. */
  pending: DrawingPoint | null;
};

/**
 * The user's lines on the candle series' pane, painted by lightweight-charts with its own frame,
 * so they follow every scroll, zoom and price-scale change without React. The same projection
 * feeds the hit test (domain/chart/drawing.ts), so what a finger picks is what is painted.
 */
export class DrawingsPrimitive implements ISeriesPrimitive<Time> {
  private chart: IChartApi | null = null;
  private series: ISeriesApi<'Candlestick'> | null = null;
  private requestUpdate: (() => void) | null = null;
  private scene: Scene = { drawings: [], selected: null, pending: null };
  private readonly view: IPrimitivePaneView;

  constructor(private readonly colours: DrawingColours) {
    const renderer: IPrimitivePaneRenderer = { draw: (target) => this.draw(target) };
    this.view = { renderer: () => renderer };
  }

  attached(param: SeriesAttachedParameter<Time>): void {
    this.chart = param.chart as IChartApi;
    this.series = param.series as ISeriesApi<'Candlestick'>;
    this.requestUpdate = param.requestUpdate;
  }

  detached(): void {
    this.chart = null;
    this.series = null;
    this.requestUpdate = null;
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return [this.view];
  }

  show(scene: Scene): void {
    this.scene = scene;
    this.requestUpdate?.();
  }

  /** Where each line is on the pane now (lines the scales cannot place are left out). */
  shapes(): ScreenShape[] {
    const shapes: ScreenShape[] = [];
    for (const drawing of this.scene.drawings) {
      if (drawing.kind === 'hline') {
        const y = this.y(drawing.price);
        if (y !== null) shapes.push({ id: drawing.id, kind: 'hline', y });
      } else {
        const a = this.point(drawing.a);
        const b = this.point(drawing.b);
        if (a && b) shapes.push({ id: drawing.id, kind: 'trend', a, b });
      }
    }
    return shapes;
  }

  private y(price: string): number | null {
    return this.series?.priceToCoordinate(Number(price)) ?? null;
  }

  private point({ time, price }: DrawingPoint): ScreenPoint | null {
    const x = this.chart?.timeScale().timeToCoordinate(toChartTime(time / 1000)) ?? null;
    const y = this.y(price);
    return x === null || y === null ? null : { x, y };
  }

  private draw(target: Target): void {
    const shapes = this.shapes();
    const pending = this.scene.pending ? this.point(this.scene.pending) : null;
    target.useMediaCoordinateSpace(({ context, mediaSize }) => {
      context.lineCap = 'round';
      for (const shape of shapes) {
        const selected = shape.id === this.scene.selected;
        context.strokeStyle = selected ? this.colours.selected : this.colours.line;
        context.lineWidth = selected ? 3 : 2;
        context.beginPath();
        if (shape.kind === 'hline') {
          context.moveTo(0, shape.y);
          context.lineTo(mediaSize.width, shape.y);
        } else {
          context.moveTo(shape.a.x, shape.a.y);
          context.lineTo(shape.b.x, shape.b.y);
        }
        context.stroke();
        if (selected && shape.kind === 'trend') {
          for (const end of [shape.a, shape.b]) dot(context, end, this.colours.selected);
        }
      }
      if (pending) dot(context, pending, this.colours.pending);
    });
  }
}

function dot(context: CanvasRenderingContext2D, at: ScreenPoint, colour: string): void {
  context.fillStyle = colour;
  context.beginPath();
  context.arc(at.x, at.y, 5, 0, Math.PI * 2);
  context.fill();
}
