import { z } from 'zod';
import { idRequestSchema, pageRequestSchema } from '../../validation/fields';
import { endpoint } from '../endpoint';
import {
  bankAddRequestSchema,
  bankCardPageSchema,
  bankCardSchema,
  bankDeletedSchema,
  bankTemplateSchema,
  depositPageSchema,
  depositSchema,
  fundingListRequestSchema,
  rechargeAddRequestSchema,
  rechargeChannelsSchema,
  rechargeStatusSchema,
  withdrawAddRequestSchema,
  withdrawalPageSchema,
  withdrawalSchema,
  withdrawStatusSchema,
} from '../funding';
import { rechargeCoinsSchema } from '../funding-coin';
import type { ErrorKey } from '../error-keys';

const err = (key: ErrorKey) => ({ error: key });

/** A bank deposit as a form, or an offline one as multipart with its `receipt` image. */
const rechargeAddSchema = rechargeAddRequestSchema.extend({
  receipt: z.file(err('FIELD_INVALID_TYPE')).optional(),
});

export const fundingBankEndpoints = {
  bankTemplate: endpoint({
    method: 'GET',
    path: '/index/bank/tmpl',
    auth: 'user',
    input: z.object({}),
    output: bankTemplateSchema,
  }),
  addCard: endpoint({
    method: 'POST',
    path: '/bank/add',
    auth: 'user',
    input: bankAddRequestSchema,
    output: bankCardSchema,
  }),
  deleteCard: endpoint({
    method: 'POST',
    path: '/bank/del',
    auth: 'user',
    input: idRequestSchema,
    output: bankDeletedSchema,
  }),
  cards: endpoint({
    method: 'GET',
    path: '/bank/list',
    auth: 'user',
    input: pageRequestSchema,
    output: bankCardPageSchema,
  }),
  card: endpoint({
    method: 'GET',
    path: '/bank/info',
    auth: 'user',
    input: idRequestSchema,
    output: bankCardSchema,
  }),
  channels: endpoint({
    method: 'GET',
    path: '/index/bank/recharge',
    auth: 'user',
    input: z.object({}),
    output: rechargeChannelsSchema,
  }),
  coins: endpoint({
    method: 'GET',
    path: '/index/recharge/coins',
    auth: 'user',
    input: z.object({}),
    output: rechargeCoinsSchema,
  }),
  depositStatus: endpoint({
    method: 'GET',
    path: '/user/recharge/status',
    auth: 'user',
    input: z.object({}),
    output: rechargeStatusSchema,
  }),
  addDeposit: endpoint({
    method: 'POST',
    path: '/user/recharge/add',
    auth: 'user',
    body: 'form-or-multipart',
    input: rechargeAddSchema,
    output: depositSchema,
  }),
  deposits: endpoint({
    method: 'GET',
    path: '/user/recharge/order',
    auth: 'user',
    input: fundingListRequestSchema,
    output: depositPageSchema,
  }),
  withdrawStatus: endpoint({
    method: 'GET',
    path: '/user/withdraw/status',
    auth: 'user',
    input: z.object({}),
    output: withdrawStatusSchema,
  }),
  addWithdrawal: endpoint({
    method: 'POST',
    path: '/user/withdraw/add',
    auth: 'user',
    input: withdrawAddRequestSchema,
    idempotent: true,
    output: withdrawalSchema,
  }),
  withdrawals: endpoint({
    method: 'GET',
    path: '/user/withdraw/order',
    auth: 'user',
    input: fundingListRequestSchema,
    output: withdrawalPageSchema,
  }),
  /** Added: a still-pending withdrawal of either kind; the hold comes back. */
  cancelWithdrawal: endpoint({
    method: 'POST',
    path: '/user/withdraw/cancel',
    auth: 'user',
    input: idRequestSchema,
    output: withdrawalSchema,
  }),
};
