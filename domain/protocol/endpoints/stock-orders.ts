import { idRequestSchema } from '../../validation/fields';
import { endpoint } from '../endpoint';
import { orderModifySchema } from '../order-modify';
import {
  cancelAnswerSchema,
  cancelRequestSchema,
  fillListRequestSchema,
  fillPageSchema,
  holdInfoRequestSchema,
  holdInfoSchema,
  holdListRequestSchema,
  holdListSchema,
  orderListRequestSchema,
  orderPageSchema,
  orderResultSchema,
  statisticsRequestSchema,
  statisticsSchema,
  stockOrderRequestSchema,
} from '../trading';

export const stockOrderEndpoints = {
  buy: endpoint({
    method: 'POST',
    path: '/stock/order/buy',
    auth: 'user',
    input: stockOrderRequestSchema,
    output: orderResultSchema,
  }),
  sell: endpoint({
    method: 'POST',
    path: '/stock/order/sell',
    auth: 'user',
    input: stockOrderRequestSchema,
    output: orderResultSchema,
  }),
  /** A resting limit order's price and/or lots, changed in place. */
  modify: endpoint({
    method: 'POST',
    path: '/stock/order/modify',
    auth: 'user',
    input: orderModifySchema,
    idempotent: true,
    output: orderResultSchema,
  }),
  cancel: endpoint({
    method: 'GET',
    path: '/stock/order/cancel',
    auth: 'user',
    input: cancelRequestSchema,
    output: cancelAnswerSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/stock/order/list',
    auth: 'user',
    input: orderListRequestSchema,
    output: orderPageSchema,
  }),
  info: endpoint({
    method: 'GET',
    path: '/stock/order/info',
    auth: 'user',
    input: idRequestSchema,
    output: orderResultSchema,
  }),
  fills: endpoint({
    method: 'POST',
    path: '/stock/order/trade/list',
    auth: 'user',
    input: fillListRequestSchema,
    output: fillPageSchema,
  }),
  statistics: endpoint({
    method: 'GET',
    path: '/stock/order/statistics',
    auth: 'user',
    input: statisticsRequestSchema,
    output: statisticsSchema,
  }),
  holdings: endpoint({
    method: 'GET',
    path: '/stock/hold/list',
    auth: 'user',
    input: holdListRequestSchema,
    output: holdListSchema,
  }),
  hold: endpoint({
    method: 'GET',
    path: '/stock/hold/info',
    auth: 'user',
    input: holdInfoRequestSchema,
    output: holdInfoSchema,
  }),
};
