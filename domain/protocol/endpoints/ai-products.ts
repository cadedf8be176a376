import { idRequestSchema, pageRequestSchema } from '../../validation/fields';
import { endpoint } from '../endpoint';
import {
  aiAddAmountRequestSchema,
  aiBasketSchema,
  aiBuyRequestSchema,
  aiOrderDetailsSchema,
  aiOrderListRequestSchema,
  aiOrderPageSchema,
  aiProductInfoSchema,
  aiProductPageSchema,
  aiProductRequestSchema,
} from '../ai-products';

export const aiProductEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/stock/ai/list',
    auth: 'none',
    input: pageRequestSchema,
    output: aiProductPageSchema,
  }),
  info: endpoint({
    method: 'POST',
    path: '/stock/ai/info',
    auth: 'none',
    input: aiProductRequestSchema,
    output: aiProductInfoSchema,
  }),
  stocks: endpoint({
    method: 'POST',
    path: '/stock/ai/stocks',
    auth: 'none',
    input: aiProductRequestSchema,
    output: aiBasketSchema,
  }),
  buy: endpoint({
    method: 'POST',
    path: '/stock/ai/buy',
    auth: 'user',
    input: aiBuyRequestSchema,
    idempotent: true,
    output: aiOrderDetailsSchema,
  }),
  addAmount: endpoint({
    method: 'POST',
    path: '/stock/ai/order/add/amount',
    auth: 'user',
    idempotent: true,
    input: aiAddAmountRequestSchema,
    output: aiOrderDetailsSchema,
  }),
  orders: endpoint({
    method: 'POST',
    path: '/stock/ai/order/list',
    auth: 'user',
    input: aiOrderListRequestSchema,
    output: aiOrderPageSchema,
  }),
  order: endpoint({
    method: 'POST',
    path: '/stock/ai/order/details',
    auth: 'user',
    input: idRequestSchema,
    output: aiOrderDetailsSchema,
  }),
};
