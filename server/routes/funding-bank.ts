import { fundingBankEndpoints } from '../../domain/protocol/endpoints/funding-bank';
import { implementAll, type RouteContext } from '../http/route';
import { addCard, bankTemplate, cardInfo, deleteCard, listCards } from '../funding/cards';
import { rechargeCoins } from '../funding/coin-funding';
import type { FundingEnv } from '../funding/common';
import { cancelWithdrawal } from '../funding/decide';
import { addDeposit, listDeposits, rechargeChannels, rechargeStatus } from '../funding/deposits';
import { addBankWithdrawal, listWithdrawals, withdrawalWire, withdrawStatus } from '../funding/withdrawals';

/** The funding area's view of a request: its database, configuration and the engines' clock. */
export function envOf(ctx: Pick<RouteContext<unknown, 'user'>, 'db' | 'config' | 'trading'>): FundingEnv {
  return { db: ctx.db, config: ctx.config, now: ctx.trading.clock.now() };
}

export const fundingBankRoutes = implementAll(fundingBankEndpoints, 'funding', {
  bankTemplate: {
    summary: 'The add-card form per country (fields, which are required) and the verified KYC name',
    handler: ({ db, session }) => bankTemplate(db, session),
  },
  addCard: {
    summary:
      'Adds a bank account: a Turkish IBAN (mod-97) in the verified KYC name, or another country’s fields',
    handler: (ctx) => addCard(envOf(ctx), ctx.session, ctx.input),
  },
  deleteCard: {
    summary: 'Deletes one of the caller’s bank accounts (not while a withdrawal to it is pending)',
    handler: (ctx) => deleteCard(envOf(ctx), ctx.session, ctx.input.id),
  },
  cards: {
    summary: 'The caller’s bank accounts, numbers masked',
    handler: ({ db, session, input }) => listCards(db, session, input.page, input.size),
  },
  card: {
    summary: 'One of the caller’s bank accounts, whole',
    handler: ({ db, session, input }) => cardInfo(db, session, input.id),
  },
  channels: {
    summary: 'The broker’s receiving accounts, the caller’s transfer reference and the funding hours',
    handler: (ctx) => rechargeChannels(envOf(ctx), ctx.session),
  },
  coins: {
    summary: 'Coins and chains that can be deposited and withdrawn, with their terms',
    handler: (ctx) => rechargeCoins(envOf(ctx)),
  },
  depositStatus: {
    summary: 'May the caller deposit now, and on what terms',
    handler: (ctx) => rechargeStatus(envOf(ctx), ctx.session),
  },
  addDeposit: {
    summary:
      'A bank deposit request (form), or an offline one with its receipt image (multipart: JPEG, PNG or WebP, at most 5 MB); pending until approved',
    handler: async (ctx) => {
      const receipt = ctx.input.receipt ? new Uint8Array(await ctx.input.receipt.arrayBuffer()) : undefined;
      return addDeposit(envOf(ctx), ctx.session, { ...ctx.input, receipt });
    },
  },
  deposits: {
    summary: 'The caller’s bank and offline deposits: one by id, or a page, newest first',
    handler: ({ db, session, input }) => listDeposits(db, session, ['bank', 'offline'], input),
  },
  withdrawStatus: {
    summary: 'May the caller withdraw to a bank account now, and on what terms (fee, available)',
    handler: (ctx) => withdrawStatus(envOf(ctx), ctx.session),
  },
  addWithdrawal: {
    summary: 'A TRY withdrawal to one of the caller’s bank accounts; the amount is held until decided',
    handler: (ctx) => addBankWithdrawal(envOf(ctx), ctx.session, ctx.input),
  },
  withdrawals: {
    summary: 'The caller’s bank withdrawals: one by id, or a page, newest first',
    handler: ({ db, session, input }) => listWithdrawals(db, session, 'bank', input),
  },
  cancelWithdrawal: {
    summary: 'Cancels one of the caller’s pending withdrawals (bank or crypto); the held amount comes back',
    handler: async (ctx) => {
      const env = envOf(ctx);
      return withdrawalWire(env.db, await cancelWithdrawal(env.db, ctx.session, ctx.input.id, env.now));
    },
  },
});
