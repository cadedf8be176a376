import { fundingCoinEndpoints } from '../../domain/protocol/endpoints/funding-coin';
import { implementAll } from '../http/route';
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

export const fundingCoinRoutes = implementAll(fundingCoinEndpoints, 'funding', {
  depositAddress: {
    summary: 'The caller’s deposit address for a coin on a chain; null until generated',
    handler: (ctx) => depositAddress(envOf(ctx), ctx.session, ctx.input.currency, ctx.input.chain),
  },
  newDepositAddress: {
    summary: 'Generates the caller’s deposit address for a coin on a chain, once (the same ever after)',
    handler: (ctx) => generateDepositAddress(envOf(ctx), ctx.session, ctx.input.currency, ctx.input.chain),
  },
  addDeposit: {
    summary: 'Reports a transfer sent to the caller’s deposit address; credited once confirmed',
    handler: (ctx) => reportCoinDeposit(envOf(ctx), ctx.session, ctx.input),
  },
  deposits: {
    summary: 'The caller’s crypto deposits: one by id, or a page, newest first',
    handler: ({ db, session, input }) => listDeposits(db, session, ['crypto'], input),
  },
  withdrawAddresses: {
    summary: 'The caller’s saved withdrawal addresses',
    handler: ({ db, session, input }) => withdrawAddresses(db, session, input.currency),
  },
  addWithdrawAddress: {
    summary: 'Saves a withdrawal address after checking its format for the chain',
    handler: (ctx) => addWithdrawAddress(envOf(ctx), ctx.session, ctx.input),
  },
  addWithdrawal: {
    summary: 'A coin withdrawal to a saved address, the chain’s fee; the amount is held until decided',
    handler: (ctx) => addCoinWithdrawal(envOf(ctx), ctx.session, ctx.input),
  },
  withdrawals: {
    summary: 'The caller’s crypto withdrawals: one by id, or a page, newest first',
    handler: ({ db, session, input }) => listWithdrawals(db, session, 'crypto', input),
  },
});
