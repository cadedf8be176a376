import { fundsRecordEndpoints } from '../../domain/protocol/endpoints/funds-record';
import { stockOrderEndpoints } from '../../domain/protocol/endpoints/stock-orders';
import type { z } from 'zod';
import type {
  fillPageSchema,
  holdListSchema,
  orderPageSchema,
  txRecordPageSchema,
} from '../../domain/protocol/trading';
import type {
  HoldInfo,
  OrderResult,
  OrderSide,
  SpotOrder,
  Statistics,
  StatPeriod,
  StockOrderRequest,
} from '../../domain/protocol/trading';
import { type RequestOptions } from './request';
import { call } from './call';

/**
 * Stock trading calls (spec/endpoints.txt /stock/order/*, /stock/hold/*, /user/tx/record), each
 * answer checked against the schemas the server answers with (domain/protocol/trading.ts). Screens
 * show their own errors, so calls are silent unless told otherwise.
 */
const quiet: RequestOptions = { silent: true };

export type HoldList = z.output<typeof holdListSchema>;
export type OrderPage = z.output<typeof orderPageSchema>;
export type FillPage = z.output<typeof fillPageSchema>;
export type TxRecordPage = z.output<typeof txRecordPageSchema>;
export type PositionTab = 'ordinary' | 'ipo' | 'option' | 'locked';

/** POST /stock/order/buy or /sell: the order as it stands after matching, and its fills so far. */
export function placeStockOrder(
  side: OrderSide,
  order: StockOrderRequest,
  options: RequestOptions = quiet,
): Promise<OrderResult> {
  return call(stockOrderEndpoints[side], order, options);
}

/** GET /stock/order/cancel: one order by id, or every open one (optionally of one symbol). */
export async function cancelStockOrders(
  target: { id: string } | { all: true; symbol?: string },
  options: RequestOptions = quiet,
): Promise<SpotOrder[]> {
  const payload = 'id' in target ? { id: target.id } : { all: '1' as const, symbol: target.symbol };
  return (await call(stockOrderEndpoints.cancel, payload, options)).cancelled;
}

export type OrderListQuery = {
  status: 'open' | 'history';
  symbol?: string;
  side?: OrderSide;
  page?: number;
  size?: number;
  /** "Load more": the id of the last order shown; the page is the ones after it. */
  before?: string;
};

/** GET /stock/order/list: open or finished orders, newest first. */
export function listStockOrders(query: OrderListQuery, options: RequestOptions = quiet): Promise<OrderPage> {
  return call(stockOrderEndpoints.list, query, options);
}

/** POST /stock/order/trade/list: fills, of one order or all. */
export function listStockFills(
  query: { orderId?: string; symbol?: string; page?: number; size?: number },
  options: RequestOptions = quiet,
): Promise<FillPage> {
  return call(stockOrderEndpoints.fills, query, options);
}

/** GET /stock/order/statistics: realised P&L of a period (the income screen). */
export function getStockStatistics(period: StatPeriod, options: RequestOptions = quiet): Promise<Statistics> {
  return call(stockOrderEndpoints.statistics, { period }, options);
}

/** GET /stock/hold/list: holdings of a position tab with their totals. */
export function listHoldings(
  tab: PositionTab,
  page = 1,
  size = 100,
  options: RequestOptions = quiet,
): Promise<HoldList> {
  return call(stockOrderEndpoints.holdings, { tab, page, size }, options);
}

/** GET /stock/hold/info: cash, sellable shares and the cost settings for one symbol's ticket. */
export function getHoldInfo(symbol: string, options: RequestOptions = quiet): Promise<HoldInfo> {
  return call(stockOrderEndpoints.hold, { symbol }, options);
}

/** GET /user/tx/record: the ledger's bookings of a wallet, newest first. */
export function listTxRecords(
  query: {
    wallet: 'stock' | 'coin' | 'contract';
    currency?: string;
    page?: number;
    size?: number;
    /** "Load more": the id of the last row shown; the page is the rows after it. */
    before?: string;
  },
  options: RequestOptions = quiet,
): Promise<TxRecordPage> {
  return call(fundsRecordEndpoints.txRecord, query, options);
}
