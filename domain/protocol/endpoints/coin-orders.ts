import { idRequestSchema } from '../../validation/fields';
import { endpoint } from '../endpoint';
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
