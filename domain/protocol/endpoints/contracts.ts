import { z } from 'zod';
import { idRequestSchema } from '../../validation/fields';
import { endpoint } from '../endpoint';
import {
  activeListSchema,
  addMarginRequestSchema,
  closeAllAnswerSchema,
  closeAllRequestSchema,
  contractCloseRequestSchema,
  contractListRequestSchema,
  contractOpenRequestSchema,
  contractPageSchema,
  contractPositionSchema,
  contractRulesRequestSchema,
  contractRulesSchema,
  contractTriggerRequestSchema,
} from '../contracts';

export const contractEndpoints = {
  multiple: endpoint({
    method: 'POST',
    path: '/coin/contract/order/multiple',
    auth: 'user',
    input: contractRulesRequestSchema,
    output: contractRulesSchema,
  }),
  add: endpoint({
    method: 'POST',
    path: '/coin/contract/order/add',
    auth: 'user',
    input: contractOpenRequestSchema,
    output: contractPositionSchema,
  }),
  list: endpoint({
    method: 'POST',
    path: '/coin/contract/order/list',
    auth: 'user',
    input: contractListRequestSchema,
    output: contractPageSchema,
  }),
  query: endpoint({
    method: 'POST',
    path: '/coin/contract/order/query',
    auth: 'user',
    input: idRequestSchema,
    output: contractPositionSchema,
  }),
  close: endpoint({
    method: 'POST',
    path: '/coin/contract/order/close',
    auth: 'user',
    input: contractCloseRequestSchema,
    output: contractPositionSchema,
  }),
  setProfit: endpoint({
    method: 'POST',
    path: '/coin/contract/order/set/profit',
    auth: 'user',
    input: contractTriggerRequestSchema,
    output: contractPositionSchema,
  }),
  setLoss: endpoint({
    method: 'POST',
    path: '/coin/contract/order/set/loss',
    auth: 'user',
    input: contractTriggerRequestSchema,
    output: contractPositionSchema,
  }),
  addMgn: endpoint({
    method: 'POST',
    path: '/coin/contract/order/add/mgn',
    auth: 'user',
    input: addMarginRequestSchema,
    idempotent: true,
    output: contractPositionSchema,
  }),
  liquidate: endpoint({
    method: 'POST',
    path: '/coin/contract/order/liquidate',
    auth: 'user',
    input: idRequestSchema,
    output: contractPositionSchema,
  }),
  listActive: endpoint({
    method: 'POST',
    path: '/coin/contract/order/list/active',
    auth: 'user',
    input: z.object({}),
    output: activeListSchema,
  }),
  liquidateAll: endpoint({
    method: 'POST',
    path: '/coin/contract/order/liquidate/all',
    auth: 'user',
    input: closeAllRequestSchema,
    output: closeAllAnswerSchema,
  }),
};
