import { endpoint } from '../endpoint';
import {
  blockApplyRequestSchema,
  blockDetailSchema,
  blockInfoRequestSchema,
  blockListRequestSchema,
  blockOrderListRequestSchema,
  blockOrderPageSchema,
  blockOrderSchema,
  blockPageSchema,
} from '../bulk';

export const bulkEndpoints = {
  bulkList: endpoint({
    method: 'POST',
    path: '/stock/bulk/list',
    auth: 'none',
    input: blockListRequestSchema,
    output: blockPageSchema,
  }),
  bulkInfo: endpoint({
    method: 'POST',
    path: '/stock/bulk/info',
    auth: 'none',
    input: blockInfoRequestSchema,
    output: blockDetailSchema,
  }),
  bulkApply: endpoint({
    method: 'POST',
    path: '/stock/bulk/apply',
    auth: 'user',
    input: blockApplyRequestSchema,
    idempotent: true,
    output: blockOrderSchema,
  }),
  bulkOrderList: endpoint({
    method: 'POST',
    path: '/stock/bulk/order/list',
    auth: 'user',
    input: blockOrderListRequestSchema,
    output: blockOrderPageSchema,
  }),
};
