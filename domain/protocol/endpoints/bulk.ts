import { idRequestSchema, pageRequestSchema } from '../../validation/fields';
import { endpoint } from '../endpoint';
import {
  blockApplyRequestSchema,
  blockDetailSchema,
  blockListRequestSchema,
  blockOrderPageSchema,
  blockOrderSchema,
  blockPageSchema,
} from '../bulk';

export const bulkEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/stock/bulk/list',
    auth: 'none',
    input: blockListRequestSchema,
    output: blockPageSchema,
  }),
  info: endpoint({
    method: 'POST',
    path: '/stock/bulk/info',
    auth: 'none',
    input: idRequestSchema,
    output: blockDetailSchema,
  }),
  apply: endpoint({
    method: 'POST',
    path: '/stock/bulk/apply',
    auth: 'user',
    input: blockApplyRequestSchema,
    idempotent: true,
    output: blockOrderSchema,
  }),
  orders: endpoint({
    method: 'POST',
    path: '/stock/bulk/order/list',
    auth: 'user',
    input: pageRequestSchema,
    output: blockOrderPageSchema,
  }),
};
