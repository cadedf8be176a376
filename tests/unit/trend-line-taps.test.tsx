// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { KlineController } from '../../src/components/chart/kline-controller';
import { toChartTime } from '../../src/components/chart/chart-time';
import { useDrawingLayer } from '../../src/screens/instrument/use-drawing-layer';

/**
 * A trend line's two taps, however fast the second comes: read from the pointer (the chart's own
 * click drops a second tap within its double-tap time), and two taps in one task (the second
 * before React has rendered the first) make the line, as two slow taps do.
 */
/**
 * A chart as the drawing layer sees it: pointer events on its element, and scales that read a
 * pane x as the bar's chart time (seconds, shifted as chart-time.ts shifts them) and y as the price.
 */
function fakeChart() {
  const element = document.createElement('div');
  const controller = {
    chart: {
      chartElement: () => element,
      priceScale: () => ({ width: () => 0 }),
      panes: () => [{ getHeight: () => 100_000 }],
      timeScale: () => ({ coordinateToTime: (x: number) => toChartTime(x / 1000) }),
      applyOptions: () => undefined,
    },
    candles: { coordinateToPrice: (y: number) => y / 100 },
    drawOn: () => ({ layer: { show: () => undefined, shapes: () => [] }, stop: () => undefined }),
  } as unknown as KlineController;
  const pointer = (type: string, x: number, y: number) =>
    element.dispatchEvent(
      Object.assign(new Event(type), { isPrimary: true, button: 0, pointerId: 1, clientX: x, clientY: y }),
    );
  /** A finger down and up at the bar `time` (ms) and `price`, as the browser reports it. */
  const tap = (time: number, price: number) => {
    pointer('pointerdown', time, price * 100);
    pointer('pointerup', time, price * 100);
  };
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
