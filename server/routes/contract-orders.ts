import { contractEndpoints } from '../../domain/protocol/endpoints/contracts';
import { implement, type RouteDef } from '../http/route';

const tag = 'contracts';

/**
 * USDT-margined perpetuals (DECISIONS §3). The handlers only name the caller (user and
 * account type: demo and real are kept apart by the token); the engine does the rest.
 */
export const contractOrderRoutes: RouteDef[] = [
  implement(contractEndpoints.multiple, {
    summary:
      'Leverage choices and the rules the contract maths uses; whether the risk disclosure is accepted',
    tag,
    handler: ({ trading, session }) => trading.contracts.rules(session),
  }),
  implement(contractEndpoints.add, {
    summary:
      'Opens a long or short at market: margin (USDT) or quantity (base coin), leverage, optional TP/SL',
    tag,
    handler: ({ trading, session, input }) =>
      trading.contracts.open(session, { ...input, symbol: input.symbol.toUpperCase() }),
  }),
  implement(contractEndpoints.list, {
    summary: 'Open positions, or closed and liquidated ones (history), newest first',
    tag,
    handler: ({ trading, session, input }) =>
      trading.contracts.list(session, { ...input, symbol: input.symbol?.toUpperCase() }),
  }),
  implement(contractEndpoints.query, {
    summary: 'One position of the caller with its live figures',
    tag,
    handler: ({ trading, session, input }) => trading.contracts.query(session, input.id),
  }),
  implement(contractEndpoints.close, {
    summary: 'Closes a quantity of one position at market (all of it when absent)',
    tag,
    handler: ({ trading, session, input }) => trading.contracts.close(session, input.id, input.quantity),
  }),
  implement(contractEndpoints.setProfit, {
    summary: "Sets (or clears, with an empty price) a position's take-profit, triggered by the mark price",
    tag,
    handler: ({ trading, session, input }) => trading.contracts.setTakeProfit(session, input.id, input.price),
  }),
  implement(contractEndpoints.setLoss, {
    summary: "Sets (or clears, with an empty price) a position's stop-loss, triggered by the mark price",
    tag,
    handler: ({ trading, session, input }) => trading.contracts.setStopLoss(session, input.id, input.price),
  }),
  implement(contractEndpoints.addMgn, {
    summary: "Adds margin to a position from the contract wallet's available USDT",
    tag,
    handler: ({ trading, session, input }) => trading.contracts.addMargin(session, input.id, input.amount),
  }),
  implement(contractEndpoints.liquidate, {
    summary: 'Closes one whole position at market at the user’s request',
    tag,
    handler: ({ trading, session, input }) => trading.contracts.close(session, input.id),
  }),
  implement(contractEndpoints.listActive, {
    summary: 'Every open position of the caller with its live figures',
    tag,
    handler: async ({ trading, session }) => ({ list: await trading.contracts.active(session) }),
  }),
  implement(contractEndpoints.liquidateAll, {
    summary: 'Closes every open position of the caller at market',
    tag,
    handler: async ({ trading, session }) => ({ closed: await trading.contracts.closeAll(session) }),
  }),
];
