import { fundingCoinEndpoints } from '../../domain/protocol/endpoints/funding-coin';
import { implement } from '../http/route';
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
  implement(fundingCoinEndpoints.depositAddress, {
    summary: 'The caller’s deposit address for a coin on a chain; null until generated',
    tag,
    handler: (ctx) => depositAddress(envOf(ctx), ctx.session, ctx.input.currency, ctx.input.chain),
  }),
  implement(fundingCoinEndpoints.newDepositAddress, {
    summary: 'Generates the caller’s deposit address for a coin on a chain, once (the same ever after)',
    tag,
    handler: (ctx) => generateDepositAddress(envOf(ctx), ctx.session, ctx.input.currency, ctx.input.chain),
  }),
  implement(fundingCoinEndpoints.addDeposit, {
    summary: 'Reports a transfer sent to the caller’s deposit address; credited once confirmed',
    tag,
    handler: (ctx) => reportCoinDeposit(envOf(ctx), ctx.session, ctx.input),
  }),
  implement(fundingCoinEndpoints.deposits, {
    summary: 'The caller’s crypto deposits: one by id, or a page, newest first',
    tag,
    handler: ({ db, session, input }) => listDeposits(db, session, ['crypto'], input),
  }),
  implement(fundingCoinEndpoints.withdrawAddresses, {
    summary: 'The caller’s saved withdrawal addresses',
    tag,
    handler: ({ db, session, input }) => withdrawAddresses(db, session, input.currency),
  }),
  implement(fundingCoinEndpoints.addWithdrawAddress, {
    summary: 'Saves a withdrawal address after checking its format for the chain',
    tag,
    handler: (ctx) => addWithdrawAddress(envOf(ctx), ctx.session, ctx.input),
  }),
  implement(fundingCoinEndpoints.addWithdrawal, {
    summary: 'A coin withdrawal to a saved address, the chain’s fee; the amount is held until decided',
    tag,
    handler: (ctx) => addCoinWithdrawal(envOf(ctx), ctx.session, ctx.input),
  }),
  implement(fundingCoinEndpoints.withdrawals, {
    summary: 'The caller’s crypto withdrawals: one by id, or a page, newest first',
    tag,
    handler: ({ db, session, input }) => listWithdrawals(db, session, 'crypto', input),
  }),
];
