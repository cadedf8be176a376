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
  indexOfflineList: endpoint({
    method: 'GET',
    path: '/stock/index/offline/list',
    auth: 'none',
    input: offlineListRequestSchema,
    output: offlineIpoPageSchema,
  }),
  indexOfflineToday: endpoint({
    method: 'GET',
    path: '/stock/index/offline/today',
    auth: 'none',
    input: ipoPagedRequestSchema,
    output: offlineIpoPageSchema,
  }),
  orderOfflineApply: endpoint({
    method: 'POST',
    path: '/stock/order/offline/apply',
    auth: 'user',
    input: offlineApplyRequestSchema,
    output: offlineApplicationSchema,
  }),
  orderOfflineList: endpoint({
    method: 'GET',
    path: '/stock/order/offline/list',
    auth: 'user',
    input: offlineApplicationListRequestSchema,
    output: offlineApplicationPageSchema,
  }),
};
