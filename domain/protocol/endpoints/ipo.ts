import { idRequestSchema, pageRequestSchema } from '../../validation/fields';
import { endpoint } from '../endpoint';
import {
  ipoApplicationListRequestSchema,
  ipoApplicationPageSchema,
  ipoApplicationSchema,
  ipoApplyRequestSchema,
  ipoDetailSchema,
  ipoListRequestSchema,
  ipoPageSchema,
} from '../ipo';

export const ipoEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/stock/index/new/list',
    auth: 'none',
    input: ipoListRequestSchema,
    output: ipoPageSchema,
  }),
  today: endpoint({
    method: 'GET',
    path: '/stock/index/new/today',
    auth: 'none',
    input: pageRequestSchema,
    output: ipoPageSchema,
  }),
  coming: endpoint({
    method: 'GET',
    path: '/stock/index/new/list/coming',
    auth: 'none',
    input: pageRequestSchema,
    output: ipoPageSchema,
  }),
  info: endpoint({
    method: 'GET',
    path: '/stock/index/new/info',
    auth: 'none',
    input: idRequestSchema,
    output: ipoDetailSchema,
  }),
  applications: endpoint({
    method: 'GET',
    path: '/stock/order/new/list',
    auth: 'user',
    input: ipoApplicationListRequestSchema,
    output: ipoApplicationPageSchema,
  }),
  apply: endpoint({
    method: 'POST',
    path: '/stock/order/new/apply',
    auth: 'user',
    input: ipoApplyRequestSchema,
    output: ipoApplicationSchema,
  }),
};
