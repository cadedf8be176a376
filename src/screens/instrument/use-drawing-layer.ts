import { useCallback, useEffect, useRef, useState } from 'react';
import { hitDrawing, pickedPrice, type Drawing, type DrawingPoint } from '../../../domain/chart/drawing';
import type { NewDrawing } from './drawing-calls';
import type { DrawingsPrimitive } from '../../components/chart/drawings-primitive';
import type { ChartTap, KlineController } from '../../components/chart/kline-controller';

export type Tool = 'none' | 'hline' | 'trend';

type Options = {
  lines: readonly Drawing[] | null;
  scale: number;
  add: (line: NewDrawing) => Promise<Drawing | null>;
};

/**
 * Touch on the chart: with a tool, a tap places a horizontal line or a trend line's points (two
 * taps); without one, a tap picks the line under the finger. The lines are painted by the chart
 * itself (KlineController.drawOn), so their code arrives with the chart's.
 */
export function useDrawingLayer({ lines, scale, add }: Options) {
  const [tool, setTool] = useState<Tool>('none');
  const [pending, setPending] = useState<DrawingPoint | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  /** Counts primitives attached, so the lines are handed to a newly built chart. */
  const [ready, setReady] = useState(0);
  const primitive = useRef<DrawingsPrimitive | null>(null);
  const stop = useRef<(() => void) | null>(null);
  const latest = useRef({ tool, pending, scale, add });
  latest.current = { tool, pending, scale, add };

  const onTap = useCallback((tap: ChartTap) => {
    const layer = primitive.current;
    if (!layer) return;
    const { tool: using, pending: first, scale: decimals, add: save } = latest.current;
    const price = pickedPrice(tap.price ?? Number.NaN, decimals);
    if (using === 'hline') {
      if (price === null) return;
      setTool('none');
      void save({ kind: 'hline', price }).then((line) => line && setSelected(line.id));
      return;
    }
    if (using === 'trend') {
      const { time } = tap;
      if (price === null || time === null) return;
      if (!first) {
        setPending({ time, price });
        return;
      }
      // Two taps on one bar make no line: the second tap waits for another bar.
      if (time === first.time) return;
      setPending(null);
      setTool('none');
      const [a, b] = first.time < time ? [first, { time, price }] : [{ time, price }, first];
      void save({ kind: 'trend', a, b }).then((line) => line && setSelected(line.id));
      return;
    }
    setSelected(hitDrawing(layer.shapes(), tap.point));
  }, []);

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
        onTap,
      );
      primitive.current = drawn.layer;
      stop.current = drawn.stop;
      setReady((n) => n + 1);
    },
    [onTap],
  );

  useEffect(() => {
    primitive.current?.show({ drawings: lines ?? [], selected, pending });
  }, [lines, selected, pending, ready]);

  const choose = (next: Tool) => {
    setPending(null);
    setSelected(null);
    setTool((now) => (now === next ? 'none' : next));
  };

  return { tool, pending, selected, setSelected, choose, onController };
}
