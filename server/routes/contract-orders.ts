import { z } from 'zod';
import {
  activeListSchema,
  addMarginRequestSchema,
  closeAllAnswerSchema,
  contractCloseRequestSchema,
  contractListRequestSchema,
  contractOpenRequestSchema,
  contractPageSchema,
  contractPositionSchema,
  contractRulesRequestSchema,
  contractRulesSchema,
  contractTriggerRequestSchema,
  positionIdRequestSchema,
} from '../../domain/protocol/contracts';
import { defineRoute, type RouteDef } from '../http/route';

const P = '/coin/contract/order';
const tag = 'contracts';

/**
 * USDT-margined perpetuals (DECISIONS §3). The handlers only name the caller (user and
 * account type: demo and real are kept apart by the token); the engine does the rest.
 */
export const contractOrderRoutes: RouteDef[] = [
  defineRoute({
    method: 'POST',
    path: `${P}/multiple`,
    summary:
      'Leverage choices and the rules the contract maths uses; whether the risk disclosure is accepted',
    tag,
    auth: 'user',
    input: contractRulesRequestSchema,
    output: contractRulesSchema,
    handler: ({ trading, session }) => trading.contracts.rules(session),
  }),
  defineRoute({
    method: 'POST',
    path: `${P}/add`,
    summary:
      'Opens a long or short at market: margin (USDT) or quantity (base coin), leverage, optional TP/SL',
    tag,
    auth: 'user',
    input: contractOpenRequestSchema,
    output: contractPositionSchema,
    handler: ({ trading, session, input }) =>
      trading.contracts.open(session, { ...input, symbol: input.symbol.toUpperCase() }),
  }),
  defineRoute({
    method: 'POST',
    path: `${P}/list`,
    summary: 'Open positions, or closed and liquidated ones (history), newest first',
    tag,
    auth: 'user',
    input: contractListRequestSchema,
    output: contractPageSchema,
    handler: ({ trading, session, input }) =>
      trading.contracts.list(session, { ...input, symbol: input.symbol?.toUpperCase() }),
  }),
  defineRoute({
    method: 'POST',
    path: `${P}/query`,
    summary: 'One position of the caller with its live figures',
    tag,
    auth: 'user',
    input: positionIdRequestSchema,
    output: contractPositionSchema,
    handler: ({ trading, session, input }) => trading.contracts.query(session, input.id),
  }),
  defineRoute({
    method: 'POST',
    path: `${P}/close`,
    summary: 'Closes a quantity of one position at market (all of it when absent)',
    tag,
    auth: 'user',
    input: contractCloseRequestSchema,
    output: contractPositionSchema,
    handler: ({ trading, session, input }) => trading.contracts.close(session, input.id, input.quantity),
  }),
  defineRoute({
    method: 'POST',
    path: `${P}/set/profit`,
    summary: "Sets (or clears, with an empty price) a position's take-profit, triggered by the mark price",
    tag,
    auth: 'user',
    input: contractTriggerRequestSchema,
    output: contractPositionSchema,
    handler: ({ trading, session, input }) => trading.contracts.setTakeProfit(session, input.id, input.price),
  }),
  defineRoute({
    method: 'POST',
    path: `${P}/set/loss`,
    summary: "Sets (or clears, with an empty price) a position's stop-loss, triggered by the mark price",
    tag,
    auth: 'user',
    input: contractTriggerRequestSchema,
    output: contractPositionSchema,
    handler: ({ trading, session, input }) => trading.contracts.setStopLoss(session, input.id, input.price),
  }),
  defineRoute({
    method: 'POST',
    path: `${P}/add/mgn`,
    summary: "Adds margin to a position from the contract wallet's available USDT",
    tag,
    auth: 'user',
    input: addMarginRequestSchema,
    idempotent: true,
    output: contractPositionSchema,
    handler: ({ trading, session, input }) => trading.contracts.addMargin(session, input.id, input.amount),
  }),
  defineRoute({
    method: 'POST',
    path: `${P}/liquidate`,
    summary: 'Closes one whole position at market at the user’s request',
    tag,
    auth: 'user',
    input: positionIdRequestSchema,
    output: contractPositionSchema,
    handler: ({ trading, session, input }) => trading.contracts.close(session, input.id),
  }),
  defineRoute({
    method: 'POST',
    path: `${P}/list/active`,
    summary: 'Every open position of the caller with its live figures',
    tag,
    auth: 'user',
    input: z.object({}),
    output: activeListSchema,
    handler: async ({ trading, session }) => ({ list: await trading.contracts.active(session) }),
  }),
  defineRoute({
    method: 'POST',
    path: `${P}/liquidate/all`,
    summary: 'Closes every open position of the caller at market',
    tag,
    auth: 'user',
    input: z.object({}),
    output: closeAllAnswerSchema,
    handler: async ({ trading, session }) => ({ closed: await trading.contracts.closeAll(session) }),
  }),
];
