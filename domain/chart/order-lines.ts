import { LIVE_ORDER_STATUSES, type SpotOrder } from '../protocol/trading';
import type { ConditionalOrder } from '../protocol/conditional';
import { trailValueFor } from '../rules/order-modify';
import { fromSteps, roundToBistTick, toSteps } from '../market/ticks';
import { pickedPrice } from './drawing';

/**
 * The user's orders and position drawn on the chart as price lines: resting limit orders,
 * conditional levels (a trailing stop at its trigger now), a position's entry, TP/SL and
 * liquidation price. Pure: the chart paints them, the screen decides what a drag asks.
 */
export type OrderLineKind =
  | 'limit'
  | 'stop'
  | 'stop_limit'
  | 'take_profit'
  | 'trailing'
  | 'entry'
  | 'position_tp'
  | 'position_sl'
  | 'liquidation';

/** What a dragged line changes: a spot order's limit price, or a conditional leg's level. */
export type LineTarget =
  | { type: 'order'; id: string; wallet: 'stock' | 'coin' }
  | {
      type: 'conditional';
      id: string;
      wallet: 'stock' | 'coin';
      /** A trailing stop moves its offset (in its own unit) from the best price it keeps. */
      trail: { by: 'amount' | 'percent'; best: string } | null;
    };

export type OrderLine = {
  /** Stable across reads of the same order: `order:7`, `cond:9`, `pos:3:entry`. */
  key: string;
  kind: OrderLineKind;
  side: 'buy' | 'sell' | null;
  price: string;
  /** Lots or quantity the label shows; null for a position's levels. */
  quantity: string | null;
  /** Null: drawn, not dragged (a position's levels have their own screens). */
  target: LineTarget | null;
};

/** A contract position's levels, as its card shows them. */
export type PositionLevels = {
  id: string;
  entry: string;
  takeProfit: string | null;
  stopLoss: string | null;
  liquidation: string | null;
};

/** Every collection a user can grow has a cap: a chart draws at most this many lines. */
export const MAX_ORDER_LINES = 50;

const LIVE: readonly string[] = LIVE_ORDER_STATUSES;

/** The lines of one symbol: its live limit orders, waiting conditional legs and the position's levels. */
export function orderLinesOf(
  symbol: string,
  {
    orders,
    conditional,
    position,
  }: {
    orders: readonly SpotOrder[];
    conditional: readonly ConditionalOrder[];
    position: PositionLevels | null;
  },
): OrderLine[] {
  const lines: OrderLine[] = [];
  for (const o of orders)
    if (o.symbol === symbol && o.type === 'limit' && o.price !== null && LIVE.includes(o.status))
      lines.push({
        key: `order:${o.id}`,
        kind: 'limit',
        side: o.side,
        price: o.price,
        quantity: o.quantity,
        target: { type: 'order', id: o.id, wallet: o.wallet },
      });
  for (const c of conditional)
    if (c.symbol === symbol && c.state === 'pending')
      lines.push({
        key: `cond:${c.id}`,
        kind: c.kind,
        side: c.side,
        price: c.trigger,
        quantity: c.quantity,
        target: {
          type: 'conditional',
          id: c.id,
          wallet: c.wallet,
          trail: c.kind === 'trailing' && c.trailBy && c.best ? { by: c.trailBy, best: c.best } : null,
        },
      });
  if (position) {
    const level = (kind: OrderLineKind, price: string | null) => {
      if (price !== null && Number(price) > 0)
        lines.push({
          key: `pos:${position.id}:${kind}`,
          kind,
          side: null,
          price,
          quantity: null,
          target: null,
        });
    };
    level('entry', position.entry);
    level('position_tp', position.takeProfit);
    level('position_sl', position.stopLoss);
    level('liquidation', position.liquidation);
  }
  return lines.slice(0, MAX_ORDER_LINES);
}

/** A line's place on the pane now (lines the scale cannot place are left out by the caller). */
export type PlacedLine = { key: string; y: number; draggable: boolean };

/** How near (px) a press must be to a line to take it: a finger's width. */
export const ORDER_LINE_GRIP_PX = 10;

/** The draggable line nearest a press, within the grip distance; null when none is that near. */
export function pickOrderLine(
  placed: readonly PlacedLine[],
  y: number,
  grip = ORDER_LINE_GRIP_PX,
): string | null {
  let best: PlacedLine | null = null;
  for (const line of placed) {
    const distance = Math.abs(line.y - y);
    if (!line.draggable || distance > grip) continue;
    if (!best || distance < Math.abs(best.y - y)) best = line;
  }
  return best?.key ?? null;
}

/**
 * The price a dragged line stands for: on the instrument's grid, and for a stock on its BIST tick
 * (rounded down), so a drop asks for a price a new order could have. Null where there is none.
 */
export function draggedPrice(value: number, market: 'stock' | 'coin', scale: number): string | null {
  const picked = pickedPrice(value, scale);
  if (picked === null || market !== 'stock') return picked;
  const steps = toSteps(picked, scale);
  if (!Number.isSafeInteger(steps) || steps <= 0 || scale !== 2) return picked;
  return fromSteps(roundToBistTick(steps, 'down'), scale);
}

/** The fields of a modify call (…/order/modify or …/conditional/modify) for a dropped line. */
export type ModifyFields = { id: string; price?: string; trigger?: string; trailValue?: string };

/**
 * What a modify call takes for a line dropped at `price`: a limit order's new price, a
 * conditional leg's new trigger, a trailing stop's new offset from the best price it keeps.
 * Null for a line that is not dragged, or a trailing level on the wrong side of its best price.
 */
export function modifyFieldsFor(line: OrderLine, price: string): ModifyFields | null {
  const { target } = line;
  if (!target) return null;
  if (target.type === 'order') return { id: target.id, price };
  if (!target.trail) return { id: target.id, trigger: price };
  const trailValue = line.side ? trailValueFor(line.side, target.trail.best, price, target.trail.by) : null;
  return trailValue === null ? null : { id: target.id, trailValue };
}
