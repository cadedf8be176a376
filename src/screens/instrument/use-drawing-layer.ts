import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { hitDrawing, pickedPrice, type Drawing, type DrawingPoint } from '../../../domain/chart/drawing';
import type { NewDrawing } from './drawing-calls';
import type { DrawingsPrimitive } from '../../components/chart/drawings-primitive';
import type { ChartTap, KlineController } from '../../components/chart/kline-controller';
import { attachLineDrag } from '../../components/chart/line-drag';
import { attachToolTaps } from '../../components/chart/tool-taps';

export type Tool = 'none' | 'hline' | 'trend';

/** How long after a tool's tap the chart's own click of it may still come. */
const TOOL_TAP_ECHO_MS = 600;

type Options = {
  lines: readonly Drawing[] | null;
  scale: number;
  add: (line: NewDrawing) => Promise<Drawing | null>;
  move: (line: Drawing) => Promise<void>;
};

/**
 * Touch on the chart: with a tool, a tap places a horizontal line or a trend line's points (two
 * taps); without one, a tap picks the line under the finger, and a drag moves it (a trend line's
 * end stretches it), saved where it is let go. The lines are painted by the chart itself
 * (KlineController.drawOn), so their code arrives with the chart's.
 */
export function useDrawingLayer({ lines, scale, add, move }: Options) {
  const [selected, setSelected] = useState<string | null>(null);
  /** The line a finger is dragging (or whose new place is being saved), drawn where it is now. */
  const [moving, setMoving] = useState<Drawing | null>(null);
  const shown = useMemo(
    () => (lines ?? []).map((line) => (line.id === moving?.id ? moving : line)),
    [lines, moving],
  );
  /** Counts primitives attached, so the lines are handed to a newly built chart. */
  const [ready, setReady] = useState(0);
  const primitive = useRef<DrawingsPrimitive | null>(null);
  const stop = useRef<(() => void) | null>(null);
  const options = useRef({ scale, add });
  options.current = { scale, add };
  const { tool, pending, taps, setToolNow, setPendingNow, onChartClick, onToolTap } = useTaps(
    options,
    primitive,
    setSelected,
  );
  const latest = useRef({ tool, pending, scale, add, move, selected, shown });
  latest.current = { tool, pending, scale, add, move, selected, shown };

  /** Given to KlineChart: draws on each chart it builds, and lets go before it is torn down. */
  const onController = useCallback(
    (next: KlineController | null) => {
      stop.current?.();
      stop.current = null;
      primitive.current = null;
      if (!next) return;
      const style = getComputedStyle(document.documentElement);
      const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
      const drawn = next.drawOn(
        {
          line: token('--ind-3', '#4da3ff'),
          selected: token('--ind-1', '#f5c842'),
          pending: token('--ind-2', '#c77dff'),
        },
        onChartClick,
      );
      const offTaps = attachToolTaps(next, { enabled: () => taps.current.tool !== 'none', onTap: onToolTap });
      const offDrag = attachLineDrag(next, drawn.layer, latest.current.scale, {
        enabled: () => latest.current.tool === 'none',
        selected: () => latest.current.selected,
        lines: () => latest.current.shown,
        onHold: setSelected,
        onMove: setMoving,
        onDrop: (line) => {
          setMoving(line);
          void latest.current.move(line).finally(() => setMoving(null));
        },
      });
      primitive.current = drawn.layer;
      stop.current = () => {
        offTaps();
        offDrag();
        drawn.stop();
      };
      setReady((n) => n + 1);
    },
    [onChartClick, onToolTap, taps],
  );

  useEffect(() => {
    primitive.current?.show({ drawings: shown, selected, pending });
  }, [shown, selected, pending, ready]);

  const choose = (next: Tool) => {
    setPendingNow(null);
    setSelected(null);
    setToolNow(taps.current.tool === next ? 'none' : next);
  };

  return { tool, pending, selected, setSelected, choose, onController };
}

export type DrawingLayer = ReturnType<typeof useDrawingLayer>;

/**
 * The tool, a trend line's first point, and the taps that change them. Both are also written at
 * the tap itself (`taps`): a second tap that comes before React has rendered the first (a quick
 * double tap) still finds the first point. With no tool the chart's click picks a line; with one,
 * every tap is read from the pointer (tool-taps.ts), and the chart's click that follows it is
 * that tap again, not a pick.
 */
function useTaps(
  options: { readonly current: { scale: number; add: Options['add'] } },
  primitive: { readonly current: DrawingsPrimitive | null },
  setSelected: (id: string | null) => void,
) {
  const [tool, setTool] = useState<Tool>('none');
  const [pending, setPending] = useState<DrawingPoint | null>(null);
  const taps = useRef<{ tool: Tool; pending: DrawingPoint | null; toolTapAt: number }>({
    tool,
    pending,
    toolTapAt: -Infinity,
  });
  const setToolNow = useCallback((next: Tool) => {
    taps.current.tool = next;
    setTool(next);
  }, []);
  const setPendingNow = useCallback((point: DrawingPoint | null) => {
    taps.current.pending = point;
    setPending(point);
  }, []);
  const onTap = useCallback(
    (tap: ChartTap) => {
      const layer = primitive.current;
      const now = { ...options.current, ...taps.current };
      if (layer)
        placeOrPick(tap, layer, now, { setTool: setToolNow, setPending: setPendingNow, setSelected });
    },
    [options, primitive, setSelected, setToolNow, setPendingNow],
  );
  const onChartClick = useCallback(
    (tap: ChartTap) => {
      if (taps.current.tool === 'none' && performance.now() - taps.current.toolTapAt > TOOL_TAP_ECHO_MS)
        onTap(tap);
    },
    [onTap],
  );
  const onToolTap = useCallback(
    (tap: ChartTap) => {
      taps.current.toolTapAt = performance.now();
      onTap(tap);
    },
    [onTap],
  );
  return { tool, pending, taps, setToolNow, setPendingNow, onChartClick, onToolTap };
}

type TapNow = { tool: Tool; pending: DrawingPoint | null; scale: number; add: Options['add'] };
type TapSetters = {
  setTool: (tool: Tool) => void;
  setPending: (point: DrawingPoint | null) => void;
  setSelected: (id: string | null) => void;
};

/**
 * A tap on the chart: with a tool, places a horizontal line or a trend line's points (two taps);
 * without one, picks the line under the finger.
 */
function placeOrPick(tap: ChartTap, layer: DrawingsPrimitive, now: TapNow, set: TapSetters): void {
  const { tool: using, pending: first, scale: decimals, add: save } = now;
  const price = pickedPrice(tap.price ?? Number.NaN, decimals);
  if (using === 'hline') {
    if (price === null) return;
    set.setTool('none');
    void save({ kind: 'hline', price }).then((line) => line && set.setSelected(line.id));
    return;
  }
  if (using === 'trend') {
    const { time } = tap;
    if (price === null || time === null) return;
    if (!first) {
      set.setPending({ time, price });
      return;
    }
    // Two taps on one bar make no line: the second tap waits for another bar.
    if (time === first.time) return;
    set.setPending(null);
    set.setTool('none');
    const [a, b] = first.time < time ? [first, { time, price }] : [{ time, price }, first];
    void save({ kind: 'trend', a, b }).then((line) => line && set.setSelected(line.id));
    return;
  }
  set.setSelected(hitDrawing(layer.shapes(), tap.point));
}
