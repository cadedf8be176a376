import {
  coinRechargeAddRequestSchema,
  coinWithdrawAddRequestSchema,
  depositAddressAnswerSchema,
  depositAddressRequestSchema,
  depositPageSchema,
  depositSchema,
  fundingListRequestSchema,
  withdrawAddressAddRequestSchema,
  withdrawAddressListRequestSchema,
  withdrawAddressListSchema,
  withdrawAddressSchema,
  withdrawalPageSchema,
  withdrawalSchema,
} from '../../domain/protocol/funding';
import { defineRoute } from '../http/route';
import {
  addWithdrawAddress,
  depositAddress,
  generateDepositAddress,
  withdrawAddresses,
} from '../funding/coin-addresses';
import { addCoinWithdrawal, reportCoinDeposit } from '../funding/coin-funding';
import { listDeposits } from '../funding/deposits';
import { listWithdrawals } from '../funding/withdrawals';
import { envOf } from './funding-bank';

const tag = 'funding';

export const fundingCoinRoutes = [
  defineRoute({
    method: 'POST',
    path: '/coin/recharge/address',
    summary: 'The caller’s deposit address for a coin on a chain; null until generated',
    tag,
    auth: 'user',
    input: depositAddressRequestSchema,
    output: depositAddressAnswerSchema,
    handler: (ctx) => depositAddress(envOf(ctx), ctx.session, ctx.input.currency, ctx.input.chain),
  }),
  defineRoute({
    method: 'POST',
    path: '/coin/recharge/address/generate',
    summary: 'Generates the caller’s deposit address for a coin on a chain, once (the same ever after)',
    tag,
    auth: 'user',
    input: depositAddressRequestSchema,
    output: depositAddressAnswerSchema,
    handler: (ctx) => generateDepositAddress(envOf(ctx), ctx.session, ctx.input.currency, ctx.input.chain),
  }),
  defineRoute({
    method: 'POST',
    path: '/coin/recharge/add',
    summary: 'Reports a transfer sent to the caller’s deposit address; credited once confirmed',
    tag,
    auth: 'user',
    input: coinRechargeAddRequestSchema,
    output: depositSchema,
    handler: (ctx) => reportCoinDeposit(envOf(ctx), ctx.session, ctx.input),
  }),
  defineRoute({
    method: 'GET',
    path: '/coin/recharge/order',
    summary: 'The caller’s crypto deposits: one by id, or a page, newest first',
    tag,
    auth: 'user',
    input: fundingListRequestSchema,
    output: depositPageSchema,
    handler: ({ db, session, input }) => listDeposits(db, session, ['crypto'], input),
  }),
  defineRoute({
    method: 'POST',
    path: '/coin/withdraw/address',
    summary: 'The caller’s saved withdrawal addresses',
    tag,
    auth: 'user',
    input: withdrawAddressListRequestSchema,
    output: withdrawAddressListSchema,
    handler: ({ db, session, input }) => withdrawAddresses(db, session, input.currency),
  }),
  defineRoute({
    method: 'POST',
    path: '/coin/withdraw/address/generate',
    summary: 'Saves a withdrawal address after checking its format for the chain',
    tag,
    auth: 'user',
    input: withdrawAddressAddRequestSchema,
    output: withdrawAddressSchema,
    handler: (ctx) => addWithdrawAddress(envOf(ctx), ctx.session, ctx.input),
  }),
  defineRoute({
    method: 'POST',
    path: '/coin/withdraw/add',
    summary: 'A coin withdrawal to a saved address, the chain’s fee; the amount is held until decided',
    tag,
    auth: 'user',
    input: coinWithdrawAddRequestSchema,
    idempotent: true,
    output: withdrawalSchema,
    handler: (ctx) => addCoinWithdrawal(envOf(ctx), ctx.session, ctx.input),
  }),
  defineRoute({
    method: 'POST',
    path: '/coin/withdraw/order',
    summary: 'The caller’s crypto withdrawals: one by id, or a page, newest first',
    tag,
    auth: 'user',
    input: fundingListRequestSchema,
    output: withdrawalPageSchema,
    handler: ({ db, session, input }) => listWithdrawals(db, session, 'crypto', input),
  }),
];
