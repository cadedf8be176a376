import { describe, expect, it, vi } from 'vitest';
import type { SeriesAttachedParameter, Time } from 'lightweight-charts';
import type { OrderLineColours, LabelledLine } from './order-lines-primitive';
import { OrderLinesPrimitive } from './order-lines-primitive';

const COLOURS: OrderLineColours = {
  buy: '#0f0',
  sell: '#f00',
  limit: '#0f0',
  stop: '#fa0',
  stop_limit: '#fa0',
  take_profit: '#ff0',
  trailing: '#a0f',
  entry: '#00f',
  position_tp: '#0f0',
  position_sl: '#f00',
  liquidation: '#f00',
  label: '#000',
};

const line = (over: Partial<LabelledLine>): LabelledLine => ({
  key: 'order:1',
  kind: 'limit',
  side: 'buy',
  price: '99',
  quantity: '10',
  target: { type: 'order', id: '1', wallet: 'stock' },
  label: 'Limit buy 10',
  ...over,
});

/** A primitive on a series whose scale puts price p at y = (110 − p) × 10 (prices over 110 off the pane top). */
function attached() {
  const requestUpdate = vi.fn();
  const primitive = new OrderLinesPrimitive(COLOURS, (p) => `₺${p}`);
  const series = { priceToCoordinate: (price: number) => (price > 110 ? null : (110 - price) * 10) };
  primitive.attached({ series, requestUpdate } as unknown as SeriesAttachedParameter<Time>);
  return { primitive, requestUpdate };
}

describe('OrderLinesPrimitive', () => {
  it('places each line by the series’ scale, only orders draggable, and asks the chart to paint', () => {
    const { primitive, requestUpdate } = attached();
    primitive.show([
      line({}),
      line({ key: 'cond:5', kind: 'stop', side: 'sell', price: '95' }),
      line({ key: 'pos:3:liquidation', kind: 'liquidation', side: null, price: '80', target: null }),
      line({ key: 'order:2', price: '120' }),
    ]);
    expect(requestUpdate).toHaveBeenCalledTimes(1);
    // The line the scale cannot place (over the pane) is left out.
    expect(primitive.placed()).toEqual([
      { key: 'order:1', y: 110, draggable: true },
      { key: 'cond:5', y: 150, draggable: true },
      { key: 'pos:3:liquidation', y: 300, draggable: false },
    ]);
    primitive.updateAllViews();
    expect(primitive.priceAxisViews().map((v) => [v.coordinate(), v.text(), v.backColor()])).toEqual([
      [110, '₺99', '#0f0'],
      [150, '₺95', '#fa0'],
      [300, '₺80', '#f00'],
    ]);
  });

  it('draws a held line where the finger has it, and back where the order is once let go', () => {
    const { primitive } = attached();
    primitive.show([line({})]);
    primitive.hold('order:1', '97.5');
    expect(primitive.placed()[0]?.y).toBe(125);
    primitive.hold(null);
    expect(primitive.placed()[0]?.y).toBe(110);
  });

  it('keeps the orders, not a held price or the position’s levels, in the price scale’s range', () => {
    const { primitive } = attached();
    primitive.show([
      line({}),
      line({ key: 'cond:5', kind: 'stop', price: '104' }),
      line({ key: 'pos:3:liquidation', kind: 'liquidation', side: null, price: '50', target: null }),
    ]);
    primitive.hold('order:1', '90');
    expect(primitive.autoscaleInfo()).toEqual({ priceRange: { minValue: 99, maxValue: 104 } });
    primitive.show([line({ key: 'pos:3:entry', kind: 'entry', side: null, target: null })]);
    expect(primitive.autoscaleInfo()).toBeNull();
  });
});
