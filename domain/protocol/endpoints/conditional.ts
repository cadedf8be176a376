import { idRequestSchema } from '../../validation/fields';
import { endpoint } from '../endpoint';
import {
  conditionalAddAnswerSchema,
  conditionalAddSchema,
  conditionalCancelAnswerSchema,
  conditionalListSchema,
  conditionalPageSchema,
} from '../conditional';

/** Conditional orders on BIST stocks and coin spot: the same calls under each wallet's path. */
export const conditionalEndpoints = {
  stockAdd: endpoint({
    method: 'POST',
    path: '/stock/order/conditional/add',
    auth: 'user',
    input: conditionalAddSchema,
    idempotent: true,
    output: conditionalAddAnswerSchema,
  }),
  stockList: endpoint({
    method: 'POST',
    path: '/stock/order/conditional/list',
    auth: 'user',
    input: conditionalListSchema,
    output: conditionalPageSchema,
  }),
  /** Cancels one order, with its pair's other leg. */
  stockCancel: endpoint({
    method: 'POST',
    path: '/stock/order/conditional/cancel',
    auth: 'user',
    input: idRequestSchema,
    output: conditionalCancelAnswerSchema,
  }),
  coinAdd: endpoint({
    method: 'POST',
    path: '/coin/order/conditional/add',
    auth: 'user',
    input: conditionalAddSchema,
    idempotent: true,
    output: conditionalAddAnswerSchema,
  }),
  coinList: endpoint({
    method: 'POST',
    path: '/coin/order/conditional/list',
    auth: 'user',
    input: conditionalListSchema,
    output: conditionalPageSchema,
  }),
  /** Cancels one order, with its pair's other leg. */
  coinCancel: endpoint({
    method: 'POST',
    path: '/coin/order/conditional/cancel',
    auth: 'user',
    input: idRequestSchema,
    output: conditionalCancelAnswerSchema,
  }),
};
