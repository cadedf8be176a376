import { pageRequestSchema } from '../../validation/fields';
import { endpoint } from '../endpoint';
import {
  offlineApplicationPageSchema,
  offlineApplicationSchema,
  offlineApplyRequestSchema,
  offlineIpoPageSchema,
  offlineListRequestSchema,
} from '../bulk';

export const offlineEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/stock/index/offline/list',
    auth: 'none',
    input: offlineListRequestSchema,
    output: offlineIpoPageSchema,
  }),
  today: endpoint({
    method: 'GET',
    path: '/stock/index/offline/today',
    auth: 'none',
    input: pageRequestSchema,
    output: offlineIpoPageSchema,
  }),
  apply: endpoint({
    method: 'POST',
    path: '/stock/order/offline/apply',
    auth: 'user',
    input: offlineApplyRequestSchema,
    output: offlineApplicationSchema,
  }),
  applications: endpoint({
    method: 'GET',
    path: '/stock/order/offline/list',
    auth: 'user',
    input: pageRequestSchema,
    output: offlineApplicationPageSchema,
  }),
};
