import { z } from 'zod';
import {
  bankAddRequestSchema,
  bankCardPageSchema,
  bankCardSchema,
  bankDeletedSchema,
  bankIdRequestSchema,
  bankListRequestSchema,
  bankTemplateSchema,
  depositPageSchema,
  depositSchema,
  fundingListRequestSchema,
  rechargeAddRequestSchema,
  rechargeChannelsSchema,
  rechargeCoinsSchema,
  rechargeStatusSchema,
  withdrawAddRequestSchema,
  withdrawalPageSchema,
  withdrawalSchema,
  withdrawCancelRequestSchema,
  withdrawStatusSchema,
} from '../../domain/protocol/funding';
import type { ErrorKey } from '../../domain/protocol/error-keys';
import { defineRoute, type RouteContext } from '../http/route';
import { addCard, bankTemplate, cardInfo, deleteCard, listCards } from '../funding/cards';
import { rechargeCoins } from '../funding/coin-funding';
import type { FundingEnv } from '../funding/common';
import { cancelWithdrawal } from '../funding/decide';
import { addDeposit, listDeposits, rechargeChannels, rechargeStatus } from '../funding/deposits';
import { addBankWithdrawal, listWithdrawals, withdrawalWire, withdrawStatus } from '../funding/withdrawals';

const tag = 'funding';

/** The funding area's view of a request: its database, configuration and the engines' clock. */
export function envOf(ctx: Pick<RouteContext<unknown, 'user'>, 'db' | 'config' | 'trading'>): FundingEnv {
  return { db: ctx.db, config: ctx.config, now: ctx.trading.clock.now() };
}

const err = (key: ErrorKey) => ({ error: key });

/** A bank deposit as a form, or an offline one as multipart with its `receipt` image. */
const rechargeAddSchema = rechargeAddRequestSchema.extend({
  receipt: z.file(err('FIELD_INVALID_TYPE')).optional(),
});

export const fundingBankRoutes = [
  defineRoute({
    method: 'GET',
    path: '/index/bank/tmpl',
    summary: 'The add-card form per country (fields, which are required) and the verified KYC name',
    tag,
    auth: 'user',
    input: z.object({}),
    output: bankTemplateSchema,
    handler: ({ db, session }) => bankTemplate(db, session),
  }),
  defineRoute({
    method: 'POST',
    path: '/bank/add',
    summary:
      'Adds a bank account: a Turkish IBAN (mod-97) in the verified KYC name, or another country’s fields',
    tag,
    auth: 'user',
    input: bankAddRequestSchema,
    output: bankCardSchema,
    handler: (ctx) => addCard(envOf(ctx), ctx.session, ctx.input),
  }),
  defineRoute({
    method: 'POST',
    path: '/bank/del',
    summary: 'Deletes one of the caller’s bank accounts (not while a withdrawal to it is pending)',
    tag,
    auth: 'user',
    input: bankIdRequestSchema,
    output: bankDeletedSchema,
    handler: (ctx) => deleteCard(envOf(ctx), ctx.session, ctx.input.id),
  }),
  defineRoute({
    method: 'GET',
    path: '/bank/list',
    summary: 'The caller’s bank accounts, numbers masked',
    tag,
    auth: 'user',
    input: bankListRequestSchema,
    output: bankCardPageSchema,
    handler: ({ db, session, input }) => listCards(db, session, input.page, input.size),
  }),
  defineRoute({
    method: 'GET',
    path: '/bank/info',
    summary: 'One of the caller’s bank accounts, whole',
    tag,
    auth: 'user',
    input: bankIdRequestSchema,
    output: bankCardSchema,
    handler: ({ db, session, input }) => cardInfo(db, session, input.id),
  }),
  defineRoute({
    method: 'GET',
    path: '/index/bank/recharge',
    summary: 'The broker’s receiving accounts, the caller’s transfer reference and the funding hours',
    tag,
    auth: 'user',
    input: z.object({}),
    output: rechargeChannelsSchema,
    handler: (ctx) => rechargeChannels(envOf(ctx), ctx.session),
  }),
  defineRoute({
    method: 'GET',
    path: '/index/recharge/coins',
    summary: 'Coins and chains that can be deposited and withdrawn, with their terms',
    tag,
    auth: 'user',
    input: z.object({}),
    output: rechargeCoinsSchema,
    handler: (ctx) => rechargeCoins(envOf(ctx)),
  }),
  defineRoute({
    method: 'GET',
    path: '/user/recharge/status',
    summary: 'May the caller deposit now, and on what terms',
    tag,
    auth: 'user',
    input: z.object({}),
    output: rechargeStatusSchema,
    handler: (ctx) => rechargeStatus(envOf(ctx), ctx.session),
  }),
  defineRoute({
    method: 'POST',
    path: '/user/recharge/add',
    summary:
      'A bank deposit request (form), or an offline one with its receipt image (multipart: JPEG, PNG or WebP, at most 5 MB); pending until approved',
    tag,
    auth: 'user',
    body: 'form-or-multipart',
    input: rechargeAddSchema,
    output: depositSchema,
    handler: async (ctx) => {
      const receipt = ctx.input.receipt ? new Uint8Array(await ctx.input.receipt.arrayBuffer()) : undefined;
      return addDeposit(envOf(ctx), ctx.session, { ...ctx.input, receipt });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/user/recharge/order',
    summary: 'The caller’s bank and offline deposits: one by id, or a page, newest first',
    tag,
    auth: 'user',
    input: fundingListRequestSchema,
    output: depositPageSchema,
    handler: ({ db, session, input }) => listDeposits(db, session, ['bank', 'offline'], input),
  }),
  defineRoute({
    method: 'GET',
    path: '/user/withdraw/status',
    summary: 'May the caller withdraw to a bank account now, and on what terms (fee, available)',
    tag,
    auth: 'user',
    input: z.object({}),
    output: withdrawStatusSchema,
    handler: (ctx) => withdrawStatus(envOf(ctx), ctx.session),
  }),
  defineRoute({
    method: 'POST',
    path: '/user/withdraw/add',
    summary: 'A TRY withdrawal to one of the caller’s bank accounts; the amount is held until decided',
    tag,
    auth: 'user',
    input: withdrawAddRequestSchema,
    idempotent: true,
    output: withdrawalSchema,
    handler: (ctx) => addBankWithdrawal(envOf(ctx), ctx.session, ctx.input),
  }),
  defineRoute({
    method: 'GET',
    path: '/user/withdraw/order',
    summary: 'The caller’s bank withdrawals: one by id, or a page, newest first',
    tag,
    auth: 'user',
    input: fundingListRequestSchema,
    output: withdrawalPageSchema,
    handler: ({ db, session, input }) => listWithdrawals(db, session, 'bank', input),
  }),
  defineRoute({
    method: 'POST',
    path: '/user/withdraw/cancel',
    summary: 'Cancels one of the caller’s pending withdrawals (bank or crypto); the held amount comes back',
    tag,
    auth: 'user',
    input: withdrawCancelRequestSchema,
    output: withdrawalSchema,
    handler: async (ctx) => {
      const env = envOf(ctx);
      return withdrawalWire(env.db, await cancelWithdrawal(env.db, ctx.session, ctx.input.id, env.now));
    },
  }),
];
