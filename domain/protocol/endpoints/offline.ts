import { endpoint } from '../endpoint';
import {
  offlineApplicationListRequestSchema,
  offlineApplicationPageSchema,
  offlineApplicationSchema,
  offlineApplyRequestSchema,
  offlineIpoPageSchema,
  offlineListRequestSchema,
} from '../bulk';
import { ipoPagedRequestSchema } from '../ipo';

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
    input: ipoPagedRequestSchema,
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
    input: offlineApplicationListRequestSchema,
    output: offlineApplicationPageSchema,
  }),
};
