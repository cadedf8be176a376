import { endpoint } from '../endpoint';
import {
  cancelAnswerSchema,
  cancelRequestSchema,
  coinOrderRequestSchema,
  orderInfoRequestSchema,
  orderListRequestSchema,
  orderPageSchema,
  orderResultSchema,
} from '../trading';

export const coinOrderEndpoints = {
  orderAdd: endpoint({
    method: 'POST',
    path: '/coin/order/add',
    auth: 'user',
    input: coinOrderRequestSchema,
    output: orderResultSchema,
  }),
  orderList: endpoint({
    method: 'POST',
    path: '/coin/order/list',
    auth: 'user',
    input: orderListRequestSchema,
    output: orderPageSchema,
  }),
  orderQuery: endpoint({
    method: 'POST',
    path: '/coin/order/query',
    auth: 'user',
    input: orderInfoRequestSchema,
    output: orderResultSchema,
  }),
  orderClose: endpoint({
    method: 'POST',
    path: '/coin/order/close',
    auth: 'user',
    input: cancelRequestSchema,
    output: cancelAnswerSchema,
  }),
};
