import { idRequestSchema } from '../../validation/fields';
import { endpoint } from '../endpoint';
import { orderModifySchema } from '../order-modify';
import {
  cancelAnswerSchema,
  cancelRequestSchema,
  coinOrderRequestSchema,
  orderListRequestSchema,
  orderPageSchema,
  orderResultSchema,
} from '../trading';

export const coinOrderEndpoints = {
  add: endpoint({
    method: 'POST',
    path: '/coin/order/add',
    auth: 'user',
    input: coinOrderRequestSchema,
    output: orderResultSchema,
  }),
  /** A resting limit order's price and/or quantity, changed in place. */
  modify: endpoint({
    method: 'POST',
    path: '/coin/order/modify',
    auth: 'user',
    input: orderModifySchema,
    idempotent: true,
    output: orderResultSchema,
  }),
  list: endpoint({
    method: 'POST',
    path: '/coin/order/list',
    auth: 'user',
    input: orderListRequestSchema,
    output: orderPageSchema,
  }),
  query: endpoint({
    method: 'POST',
    path: '/coin/order/query',
    auth: 'user',
    input: idRequestSchema,
    output: orderResultSchema,
  }),
  close: endpoint({
    method: 'POST',
    path: '/coin/order/close',
    auth: 'user',
    input: cancelRequestSchema,
    output: cancelAnswerSchema,
  }),
};
