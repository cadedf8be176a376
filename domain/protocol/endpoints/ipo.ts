import { endpoint } from '../endpoint';
import {
  ipoApplicationListRequestSchema,
  ipoApplicationPageSchema,
  ipoApplicationSchema,
  ipoApplyRequestSchema,
  ipoDetailSchema,
  ipoInfoRequestSchema,
  ipoListRequestSchema,
  ipoPagedRequestSchema,
  ipoPageSchema,
} from '../ipo';

export const ipoEndpoints = {
  indexNewList: endpoint({
    method: 'GET',
    path: '/stock/index/new/list',
    auth: 'none',
    input: ipoListRequestSchema,
    output: ipoPageSchema,
  }),
  indexNewToday: endpoint({
    method: 'GET',
    path: '/stock/index/new/today',
    auth: 'none',
    input: ipoPagedRequestSchema,
    output: ipoPageSchema,
  }),
  indexNewListComing: endpoint({
    method: 'GET',
    path: '/stock/index/new/list/coming',
    auth: 'none',
    input: ipoPagedRequestSchema,
    output: ipoPageSchema,
  }),
  indexNewInfo: endpoint({
    method: 'GET',
    path: '/stock/index/new/info',
    auth: 'none',
    input: ipoInfoRequestSchema,
    output: ipoDetailSchema,
  }),
  orderNewList: endpoint({
    method: 'GET',
    path: '/stock/order/new/list',
    auth: 'user',
    input: ipoApplicationListRequestSchema,
    output: ipoApplicationPageSchema,
  }),
  orderNewApply: endpoint({
    method: 'POST',
    path: '/stock/order/new/apply',
    auth: 'user',
    input: ipoApplyRequestSchema,
    output: ipoApplicationSchema,
  }),
};
