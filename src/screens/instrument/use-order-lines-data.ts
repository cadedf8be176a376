import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { orderLinesOf, type OrderLine, type PositionLevels } from '../../../domain/chart/order-lines';
import { coinOrderEndpoints } from '../../../domain/protocol/endpoints/coin-orders';
import {
  coinConditionalEndpoints,
  stockConditionalEndpoints,
} from '../../../domain/protocol/endpoints/conditional';
import { contractEndpoints } from '../../../domain/protocol/endpoints/contracts';
import { stockOrderEndpoints } from '../../../domain/protocol/endpoints/stock-orders';
import type { Market } from '../../../domain/market/instrument';
import { call } from '../../api/call';
import { usePrivateRefetch } from '../../market/use-private-refetch';
import { session } from '../../state/session';

const OPTS = { silent: true } as const;
/** The most lines one read asks for (a chart draws at most MAX_ORDER_LINES). */
const PAGE = { page: 1, size: 50 };
const CHANNELS = ['orders', 'positions'] as const;

/** The stock holding's average cost as the position's entry (a stock has no TP/SL or liquidation). */
async function stockPosition(symbol: string): Promise<PositionLevels | null> {
  const info = await call(stockOrderEndpoints.hold, { symbol }, OPTS);
  const holding = info.holding;
  return holding && Number(holding.avgCost) > 0
    ? { id: 'hold', entry: holding.avgCost, takeProfit: null, stopLoss: null, liquidation: null }
    : null;
}

/** The symbol's open contract position: its entry, TP/SL and liquidation price. */
async function contractPosition(symbol: string): Promise<PositionLevels | null> {
  const { list } = await call(contractEndpoints.listActive, {}, OPTS);
  const open = list.find((p) => p.symbol === symbol && p.status === 'open');
  return open
    ? {
        id: open.id,
        entry: open.entryPrice,
        takeProfit: open.takeProfit,
        stopLoss: open.stopLoss,
        liquidation: open.liquidationPrice,
      }
    : null;
}

/** What the chart draws for the signed-in user on one symbol, read over REST. */
async function readLines(market: 'stock' | 'coin', symbol: string): Promise<OrderLine[]> {
  const stock = market === 'stock';
  const [orders, conditional, position] = await Promise.all([
    call(
      stock ? stockOrderEndpoints.list : coinOrderEndpoints.list,
      { status: 'open', symbol, ...PAGE },
      OPTS,
    ),
    call(
      stock ? stockConditionalEndpoints.list : coinConditionalEndpoints.list,
      { state: 'pending', ...PAGE },
      OPTS,
    ),
    (stock ? stockPosition(symbol) : contractPosition(symbol)).catch(() => null),
  ]);
  return orderLinesOf(symbol, { orders: orders.list, conditional: conditional.list, position });
}

/**
 * The user's order lines of a symbol: read where the order lists read them (the wallets' open
 * orders, waiting conditional legs, the holding or contract position), and read again when the
 * private `orders` or `positions` channel says something changed. Nothing for a guest or an index.
 */
export function useOrderLinesData(market: Market, symbol: string) {
  const { userToken } = useSnapshot(session);
  const [lines, setLines] = useState<readonly OrderLine[]>([]);
  const asked = useRef(0);
  const refetch = useCallback(() => {
    const ask = ++asked.current;
    if (!userToken || market === 'index') {
      setLines([]);
      return Promise.resolve();
    }
    return readLines(market, symbol).then(
      (next) => {
        // A slower earlier read must not overwrite a later one.
        if (ask === asked.current) setLines(next);
      },
      () => undefined,
    );
  }, [market, symbol, userToken]);
  useEffect(() => {
    void refetch();
  }, [refetch]);
  usePrivateRefetch(CHANNELS, () => void refetch());
  return { lines, refetch };
}
