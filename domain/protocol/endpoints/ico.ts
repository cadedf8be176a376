import { endpoint } from '../endpoint';
import {
  icoApplyRequestSchema,
  icoCommitmentListRequestSchema,
  icoCommitmentPageSchema,
  icoCommitmentSchema,
  icoInfoRequestSchema,
  icoListRequestSchema,
  icoPagedRequestSchema,
  icoPageSchema,
  icoSchema,
} from '../ico';

export const icoEndpoints = {
  newList: endpoint({
    method: 'POST',
    path: '/coin/new/list',
    auth: 'none',
    input: icoListRequestSchema,
    output: icoPageSchema,
  }),
  newToday: endpoint({
    method: 'POST',
    path: '/coin/new/today',
    auth: 'none',
    input: icoPagedRequestSchema,
    output: icoPageSchema,
  }),
  newListComing: endpoint({
    method: 'POST',
    path: '/coin/new/list/coming',
    auth: 'none',
    input: icoPagedRequestSchema,
    output: icoPageSchema,
  }),
  newInfo: endpoint({
    method: 'POST',
    path: '/coin/new/info',
    auth: 'none',
    input: icoInfoRequestSchema,
    output: icoSchema,
  }),
  orderNewList: endpoint({
    method: 'POST',
    path: '/coin/order/new/list',
    auth: 'user',
    input: icoCommitmentListRequestSchema,
    output: icoCommitmentPageSchema,
  }),
  orderNewApply: endpoint({
    method: 'POST',
    path: '/coin/order/new/apply',
    auth: 'user',
    input: icoApplyRequestSchema,
    output: icoCommitmentSchema,
  }),
};
