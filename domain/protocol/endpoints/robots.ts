import { z } from 'zod';
import { idRequestSchema } from '../../validation/fields';
import { endpoint } from '../endpoint';
import {
  robotApplyRequestSchema,
  robotIdRequestSchema,
  robotInfoSchema,
  robotListSchema,
  robotOrderInfoSchema,
  robotOrderListRequestSchema,
  robotOrderPageSchema,
  robotOrderSchema,
} from '../robots';

export const robotEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/robot/list',
    auth: 'none',
    input: z.object({}),
    output: robotListSchema,
  }),
  info: endpoint({
    method: 'POST',
    path: '/robot/info',
    auth: 'none',
    input: robotIdRequestSchema,
    output: robotInfoSchema,
  }),
  buy: endpoint({
    method: 'POST',
    path: '/robot/buy',
    auth: 'user',
    input: robotApplyRequestSchema,
    idempotent: true,
    output: robotOrderSchema,
  }),
  orderList: endpoint({
    method: 'POST',
    path: '/robot/order/list',
    auth: 'user',
    input: robotOrderListRequestSchema,
    output: robotOrderPageSchema,
  }),
  orderInfo: endpoint({
    method: 'POST',
    path: '/robot/order/info',
    auth: 'user',
    input: idRequestSchema,
    output: robotOrderInfoSchema,
  }),
};
