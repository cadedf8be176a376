// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChartTap, KlineController } from '../../src/components/chart/kline-controller';
import { useDrawingLayer } from '../../src/screens/instrument/use-drawing-layer';

/**
 * A trend line's two taps, however fast the second comes: two taps in one task (the second
 * before React has rendered the first) make the line, as two slow taps do.
 */
function fakeChart() {
  let onTap: ((tap: ChartTap) => void) | null = null;
  const element = document.createElement('div');
  const controller = {
    chart: { chartElement: () => element },
    drawOn: (_colours: unknown, tapped: (tap: ChartTap) => void) => {
      onTap = tapped;
      return { layer: { show: () => undefined, shapes: () => [] }, stop: () => undefined };
    },
  } as unknown as KlineController;
  const tap = (time: number, price: number) => onTap?.({ point: { x: time, y: price }, time, price });
  return { controller, tap };
}

function setUp() {
  const add = vi.fn(async () => null);
  const { result } = renderHook(() =>
    useDrawingLayer({ lines: [], scale: 2, add, move: async () => undefined }),
  );
  const chart = fakeChart();
  act(() => result.current.onController(chart.controller));
  act(() => result.current.choose('trend'));
  return { add, result, tap: chart.tap };
}

describe('a trend line’s taps', () => {
  it('takes a second tap that comes before the first was rendered', () => {
    const { add, result, tap } = setUp();
    act(() => {
      tap(1_000, 10.5);
      tap(2_000, 12.25);
    });
    expect(add).toHaveBeenCalledTimes(1);
    expect(add).toHaveBeenCalledWith({
      kind: 'trend',
      a: { time: 1_000, price: '10.50' },
      b: { time: 2_000, price: '12.25' },
    });
    expect(result.current.tool).toBe('none');
    expect(result.current.pending).toBeNull();
  });

  it('takes two slow taps the same way, and a third quick tap starts nothing after the line', () => {
    const { add, result, tap } = setUp();
    act(() => tap(2_000, 12.25));
    expect(result.current.pending).toEqual({ time: 2_000, price: '12.25' });
    act(() => {
      tap(1_000, 10.5);
      tap(3_000, 11);
    });
    expect(add).toHaveBeenCalledTimes(1);
    expect(add).toHaveBeenCalledWith({
      kind: 'trend',
      a: { time: 1_000, price: '10.50' },
      b: { time: 2_000, price: '12.25' },
    });
    expect(result.current.pending).toBeNull();
  });
});
