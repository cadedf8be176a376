import { z } from 'zod';
import { idRequestSchema, pageRequestSchema } from '../../validation/fields';
import { endpoint } from '../endpoint';
import {
  loanApplyRequestSchema,
  loanPageSchema,
  loanRepayRequestSchema,
  loanSchema,
  loanStatementSchema,
  loanTermsSchema,
} from '../loans';

/** Loans: the terms, applying (or answering a changed amount), the user's loans, repaying. */
export const loanEndpoints = {
  terms: endpoint({
    method: 'GET',
    path: '/user/loan',
    auth: 'user',
    input: z.object({}),
    output: loanTermsSchema,
  }),
  apply: endpoint({
    method: 'POST',
    path: '/user/loan/apply',
    auth: 'user',
    input: loanApplyRequestSchema,
    output: loanSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/user/loan/order/list',
    auth: 'user',
    input: pageRequestSchema,
    output: loanPageSchema,
  }),
  repay: endpoint({
    method: 'POST',
    path: '/user/loan/repay',
    auth: 'user',
    input: loanRepayRequestSchema,
    output: loanSchema,
  }),
  /** (added) One loan's account, so every charge, the overdue penalty too, is on a statement. */
  statement: endpoint({
    method: 'GET',
    path: '/user/loan/statement',
    auth: 'user',
    input: idRequestSchema,
    output: loanStatementSchema,
  }),
};
