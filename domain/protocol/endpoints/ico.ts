import { idRequestSchema, pageRequestSchema } from '../../validation/fields';
import { endpoint } from '../endpoint';
import {
  icoApplyRequestSchema,
  icoCommitmentListRequestSchema,
  icoCommitmentPageSchema,
  icoCommitmentSchema,
  icoListRequestSchema,
  icoPageSchema,
  icoSchema,
} from '../ico';

export const icoEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/coin/new/list',
    auth: 'none',
    input: icoListRequestSchema,
    output: icoPageSchema,
  }),
  today: endpoint({
    method: 'POST',
    path: '/coin/new/today',
    auth: 'none',
    input: pageRequestSchema,
    output: icoPageSchema,
  }),
  coming: endpoint({
    method: 'POST',
    path: '/coin/new/list/coming',
    auth: 'none',
    input: pageRequestSchema,
    output: icoPageSchema,
  }),
  info: endpoint({
    method: 'POST',
    path: '/coin/new/info',
    auth: 'none',
    input: idRequestSchema,
    output: icoSchema,
  }),
  commitments: endpoint({
    method: 'POST',
    path: '/coin/order/new/list',
    auth: 'user',
    input: icoCommitmentListRequestSchema,
    output: icoCommitmentPageSchema,
  }),
  commit: endpoint({
    method: 'POST',
    path: '/coin/order/new/apply',
    auth: 'user',
    input: icoApplyRequestSchema,
    output: icoCommitmentSchema,
  }),
};
