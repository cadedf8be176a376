import { describe, expect, it } from 'vitest';
import type { ConditionalOrder } from '../protocol/conditional';
import type { SpotOrder } from '../protocol/trading';
import {
  draggedPrice,
  MAX_ORDER_LINES,
  modifyFieldsFor,
  orderLinesOf,
  pickOrderLine,
  type OrderLine,
} from './order-lines';

const order = (over: Partial<SpotOrder>): SpotOrder => ({
  id: '1',
  clientOrderId: null,
  wallet: 'stock',
  symbol: 'THYAO',
  name: 'THY',
  side: 'buy',
  type: 'limit',
  timeInForce: 'day',
  price: '99',
  quantity: '10',
  filledQty: '0',
  avgPrice: null,
  filledAmount: '0',
  fees: '0',
  frozen: '991.59',
  realizedPnl: '0',
  status: 'open',
  statusReason: null,
  createdAt: 1,
  updatedAt: 1,
  ...over,
});

const leg = (over: Partial<ConditionalOrder>): ConditionalOrder => ({
  id: '5',
  groupId: '5',
  wallet: 'stock',
  symbol: 'THYAO',
  kind: 'stop',
  side: 'sell',
  quantity: '10',
  trigger: '95',
  limit: null,
  trailBy: null,
  trailValue: null,
  best: null,
  frozen: '10',
  state: 'pending',
  reason: null,
  reasonParams: null,
  fired: null,
  placedOrderId: null,
  expiresAt: null,
  createdAt: 1,
  updatedAt: 1,
  ...over,
});

describe('orderLinesOf', () => {
  it('draws the symbol’s live limit orders, waiting legs and the position’s levels', () => {
    const lines = orderLinesOf('THYAO', {
      orders: [
        order({ id: '1' }),
        order({ id: '2', status: 'closed' }),
        order({ id: '3', type: 'market', price: null }),
        order({ id: '4', symbol: 'KONTR' }),
        order({ id: '6', side: 'sell', price: '104.5', status: 'partial' }),
      ],
      conditional: [
        leg({ id: '5' }),
        leg({ id: '7', state: 'fired' }),
        leg({ id: '8', kind: 'trailing', trigger: '97', trailBy: 'amount', trailValue: '3', best: '100' }),
      ],
      position: { id: '3', entry: '100.5', takeProfit: '110', stopLoss: null, liquidation: '80.25' },
    });
    expect(lines.map((l) => [l.key, l.kind, l.side, l.price, l.target?.type ?? null])).toEqual([
      ['order:1', 'limit', 'buy', '99', 'order'],
      ['order:6', 'limit', 'sell', '104.5', 'order'],
      ['cond:5', 'stop', 'sell', '95', 'conditional'],
      ['cond:8', 'trailing', 'sell', '97', 'conditional'],
      ['pos:3:entry', 'entry', null, '100.5', null],
      ['pos:3:position_tp', 'position_tp', null, '110', null],
      ['pos:3:liquidation', 'liquidation', null, '80.25', null],
    ]);
  });

  it('draws at most its cap of lines', () => {
    const many = Array.from({ length: MAX_ORDER_LINES + 5 }, (_, i) => order({ id: String(i + 1) }));
    expect(orderLinesOf('THYAO', { orders: many, conditional: [], position: null })).toHaveLength(
      MAX_ORDER_LINES,
    );
  });
});

describe('pickOrderLine', () => {
  const placed = [
    { key: 'a', y: 100, draggable: true },
    { key: 'b', y: 112, draggable: true },
    { key: 'pos', y: 105, draggable: false },
  ];
  it('takes the nearest draggable line within a finger’s reach', () => {
    expect(pickOrderLine(placed, 103)).toBe('a');
    expect(pickOrderLine(placed, 107)).toBe('b');
    expect(pickOrderLine(placed, 125)).toBeNull();
    // A position's level is never taken, even right under the finger.
    expect(pickOrderLine([placed[2]!], 105)).toBeNull();
  });
});

describe('draggedPrice', () => {
  it('puts a stock price on its BIST tick (down), a coin’s on its decimals', () => {
    // 98.13 is in the 0.05 tier (50–99.95): 98.10.
    expect(draggedPrice(98.1399, 'stock', 2)).toBe('98.10');
    // 101.29 is in the 0.10 tier: 101.20.
    expect(draggedPrice(101.29, 'stock', 2)).toBe('101.20');
    expect(draggedPrice(19.987, 'stock', 2)).toBe('19.98');
    expect(draggedPrice(49_512.3456, 'coin', 2)).toBe('49512.34');
    expect(draggedPrice(-1, 'coin', 2)).toBeNull();
  });
});

describe('modifyFieldsFor', () => {
  const lines = orderLinesOf('THYAO', {
    orders: [order({ id: '1' })],
    conditional: [
      leg({ id: '5' }),
      leg({ id: '8', kind: 'trailing', trigger: '97', trailBy: 'amount', trailValue: '3', best: '100' }),
      leg({
        id: '9',
        kind: 'trailing',
        side: 'buy',
        trigger: '105',
        trailBy: 'percent',
        trailValue: '5',
        best: '100',
      }),
    ],
    position: { id: '3', entry: '100.5', takeProfit: null, stopLoss: null, liquidation: null },
  });
  const byKey = (key: string): OrderLine => lines.find((l) => l.key === key)!;
  it('asks a limit order’s price, a stop’s trigger, a trailing stop’s offset from its best', () => {
    expect(modifyFieldsFor(byKey('order:1'), '98.50')).toEqual({ id: '1', price: '98.50' });
    expect(modifyFieldsFor(byKey('cond:5'), '96.00')).toEqual({ id: '5', trigger: '96.00' });
    // A sell trailing 3 below its best 100, dropped at 96.50: 3.5 below.
    expect(modifyFieldsFor(byKey('cond:8'), '96.50')).toEqual({ id: '8', trailValue: '3.5' });
    // A buy trailing 5 % above its best 100, dropped at 107.25: 7.25 %.
    expect(modifyFieldsFor(byKey('cond:9'), '107.25')).toEqual({ id: '9', trailValue: '7.25' });
  });
  it('asks nothing for a position’s level or a trailing level past its best price', () => {
    expect(modifyFieldsFor(byKey('pos:3:entry'), '101')).toBeNull();
    expect(modifyFieldsFor(byKey('cond:8'), '100.50')).toBeNull();
  });
});
