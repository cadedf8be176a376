import { contractEndpoints } from '../../domain/protocol/endpoints/contracts';
import { implementAll } from '../http/route';

/**
 * USDT-margined perpetuals (DECISIONS §3). The handlers only name the caller (user and
 * account type: demo and real are kept apart by the token); the engine does the rest.
 */
export const contractOrderRoutes = implementAll(contractEndpoints, 'contracts', {
  multiple: {
    summary:
      'Leverage choices and the rules the contract maths uses; whether the risk disclosure is accepted',
    handler: ({ trading, session }) => trading.contracts.rules(session),
  },
  add: {
    summary:
      'Opens a long or short at market: margin (USDT) or quantity (base coin), leverage, optional TP/SL',
    handler: ({ trading, session, input }) =>
      trading.contracts.open(session, { ...input, symbol: input.symbol.toUpperCase() }),
  },
  list: {
    summary: 'Open positions, or closed and liquidated ones (history), newest first',
    handler: ({ trading, session, input }) =>
      trading.contracts.list(session, { ...input, symbol: input.symbol?.toUpperCase() }),
  },
  query: {
    summary: 'One position of the caller with its live figures',
    handler: ({ trading, session, input }) => trading.contracts.query(session, input.id),
  },
  close: {
    summary: 'Closes a quantity of one position at market (all of it when absent)',
    handler: ({ trading, session, input }) => trading.contracts.close(session, input.id, input.quantity),
  },
  setProfit: {
    summary: "Sets (or clears, with an empty price) a position's take-profit, triggered by the mark price",
    handler: ({ trading, session, input }) => trading.contracts.setTakeProfit(session, input.id, input.price),
  },
  setLoss: {
    summary: "Sets (or clears, with an empty price) a position's stop-loss, triggered by the mark price",
    handler: ({ trading, session, input }) => trading.contracts.setStopLoss(session, input.id, input.price),
  },
  addMgn: {
    summary: "Adds margin to a position from the contract wallet's available USDT",
    handler: ({ trading, session, input }) => trading.contracts.addMargin(session, input.id, input.amount),
  },
  liquidate: {
    summary: 'Closes one whole position at market at the user’s request',
    handler: ({ trading, session, input }) => trading.contracts.close(session, input.id),
  },
  listActive: {
    summary: 'Every open position of the caller with its live figures',
    handler: async ({ trading, session }) => ({ list: await trading.contracts.active(session) }),
  },
  liquidateAll: {
    summary:
      'Closes every open position of the caller at market, or only the named ids; says which named ones were already gone',
    handler: ({ trading, session, input }) => trading.contracts.closeAll(session, input.ids),
  },
});
